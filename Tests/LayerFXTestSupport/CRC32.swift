/// CRC-32 as the PNG specification defines it, written independently of libpng and zlib so
/// tests can build and check chunks without trusting the code under test.
///
/// Source: PNG Specification (Second Edition) Annex D "Sample CRC implementation"
/// (polynomial 0xEDB88320, reflected, initial and final XOR 0xFFFFFFFF).
public enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
    }
    return value
  }

  /// Returns the CRC-32 of `bytes`.
  public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }
}
