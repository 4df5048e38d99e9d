import LayerFX

/// The result of decoding a PNG: the image, its header and chunk list, and its colour chunks.
public struct PNGDecoded: Sendable {
  /// The pixels: premultiplied RGBA, `Float` channels in [0, 1], scale 1.
  public var image: Image
  /// The header fields and the chunk types in file order.
  public var info: PNGInfo
  /// The colour chunks, kept as stored, for an encoder to copy.
  public var metadata: PNGMetadata
  /// The warnings libpng reported while decoding (at most 32), in order; never printed.
  ///
  /// An ancillary chunk with a bad CRC, for example, is dropped with a warning.
  public var warnings: [String]
}
