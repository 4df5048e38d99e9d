import FuzzSupport
import LayerFXPNG

/// Decodes each input as a PNG, as given and with every chunk CRC repaired, and, when that
/// succeeds, encodes the image again at 8 and 16 bits with the kept colour chunks and decodes
/// the result.
///
/// The pixel limit (2^20) keeps each input's memory small; the size checks themselves are what
/// is fuzzed, not the allocator.
@main
enum FuzzPNGDecode: FuzzTarget {
  static func test(_ bytes: [UInt8]) {
    decodeAndRoundTrip(bytes)
    let repaired = PNGChunkRepair.withValidCRCs(bytes)
    if repaired != bytes { decodeAndRoundTrip(repaired) }
  }

  static func decodeAndRoundTrip(_ bytes: [UInt8]) {
    let decoder = PNGDecoder(maxPixelCount: 1 << 20)
    _ = try? decoder.inspect(bytes)
    guard let decoded = try? decoder.decode(bytes) else { return }
    for depth in [PNGEncoder.BitDepth.eight, .sixteen] {
      guard
        let encoded = try? PNGEncoder(bitDepth: depth, compressionLevel: 1).encode(
          decoded.image, metadata: decoded.metadata),
        let again = try? decoder.decode(encoded)
      else {
        preconditionFailure("a decoded image must encode and decode again")
      }
      precondition(again.image.width == decoded.image.width)
      precondition(again.image.height == decoded.image.height)
    }
  }
}
