/// The colour-describing chunks of a decoded PNG, kept as raw bytes so an encoder can copy them.
///
/// Decoding never applies them: kernels see the samples as stored (Documentation/Semantics.md §3). They are
/// kept so that an output file describes its colours as the input did. libpng does not
/// interpret these chunks when LayerFX reads them, so their bytes are copied exactly.
///
/// Source: PNG Specification (Second Edition) §11.3.3 "Colour space information" (cHRM, gAMA,
/// iCCP, sRGB); PNG Specification (Third Edition), "cICP Coding-independent code points".
/// libpng 1.6.39 does not know cICP; it reaches us as an unknown chunk either way.
public struct PNGMetadata: Sendable, Equatable {
  /// The chunk types kept by a decoder and accepted by an encoder.
  public static let colorChunkNames: [String] = ["gAMA", "cHRM", "sRGB", "iCCP", "cICP"]

  /// The kept chunks that appeared before the first IDAT, in file order; each one's name is in
  /// ``colorChunkNames``.
  public var colorChunks: [PNGChunk]

  /// Creates metadata from colour chunks.
  ///
  /// - Parameter colorChunks: Chunks whose names are in ``colorChunkNames``; an encoder
  ///   rejects any other name.
  public init(colorChunks: [PNGChunk] = []) {
    self.colorChunks = colorChunks
  }
}

extension PNGMetadata {
  /// Returns the chunks that may be copied into an output file, and a warning for each one
  /// dropped: a second chunk of the same type, or a gAMA, cHRM, sRGB or cICP whose length is
  /// not the fixed length the spec gives it (4, 32, 1, 4 bytes), an empty iCCP, or a gAMA of 0.
  ///
  /// Source: PNG Specification (Second Edition) §5.6 "Chunk ordering" (each at most once),
  /// §11.3.3.1–§11.3.3.5; Third Edition, cICP (4 bytes); Second Edition §13.13 "Decoder gamma
  /// handling" (PNG 1.2 §10.5): a gAMA of zero is meaningless; decoders ignore it, editors may
  /// discard it with a warning to the user (libpng 1.6 ignores it too, warning `gAMA: gamma
  /// value out of range`).
  static func copyableColorChunks(_ chunks: [PNGChunk]) -> (chunks: [PNGChunk], warnings: [String])
  {
    let fixedLengths = ["gAMA": 4, "cHRM": 32, "sRGB": 1, "cICP": 4]
    var kept: [PNGChunk] = []
    var warnings: [String] = []
    for chunk in chunks {
      if kept.contains(where: { $0.name == chunk.name }) {
        warnings.append("\(chunk.name): duplicate, not kept")
      } else if let length = fixedLengths[chunk.name], chunk.data.count != length {
        warnings.append("\(chunk.name): length \(chunk.data.count) instead of \(length), not kept")
      } else if chunk.data.isEmpty {
        warnings.append("\(chunk.name): empty, not kept")
      } else if chunk.name == "gAMA" && chunk.data.allSatisfy({ $0 == 0 }) {
        warnings.append("gAMA: gamma 0, which is meaningless, not kept")
      } else {
        kept.append(chunk)
      }
    }
    return (kept, warnings)
  }
}
