/// Rewrites the CRC of every chunk of a PNG so that a mutated input gets past libpng's CRC
/// checks and reaches the code behind them.
///
/// Without it nearly every mutation of a chunk dies at its CRC: libpng is not instrumented for
/// coverage, so libFuzzer cannot learn to fix CRCs itself.
///
/// Source: PNG Specification (Second Edition) §5.3 "Chunk layout", Annex D "Sample CRC
/// implementation".
public enum PNGChunkRepair {
  private static let table: [UInt32] = (0..<256).map { index in
    (0..<8).reduce(UInt32(index)) { value, _ in
      value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
    }
  }

  /// Returns `bytes` with each complete chunk's CRC replaced by the CRC-32 of its type and data;
  /// bytes after the last complete chunk are kept as they are.
  public static func withValidCRCs(_ bytes: [UInt8]) -> [UInt8] {
    var result = bytes
    var offset = 8
    while result.count - offset >= 12 {
      let length = (0..<4).reduce(0) { $0 << 8 | Int(result[offset + $1]) }
      guard length <= result.count - offset - 12 else { break }
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in result[(offset + 4)..<(offset + 8 + length)] {
        crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
      }
      crc ^= 0xFFFF_FFFF
      for index in 0..<4 {
        result[offset + 8 + length + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index))
      }
      offset += 12 + length
    }
    return result
  }
}
