/// Reads and builds PNG chunk structure byte by byte, independently of the code under test.
///
/// Source: PNG Specification (Second Edition) §5.2 "PNG signature", §5.3 "Chunk layout".
enum RawPNG {
  /// The 8-byte PNG signature.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// One chunk as found in a file.
  struct Chunk: Equatable {
    var name: String
    var data: [UInt8]
    /// Whether the stored CRC equals the CRC-32 of type and data.
    var hasValidCRC: Bool
  }

  /// Returns the chunks after the signature, up to and including IEND, or nil when the layout
  /// is broken (no signature, a chunk running past the end, no IEND).
  static func chunks(_ bytes: [UInt8]) -> [Chunk]? {
    guard bytes.starts(with: signature) else { return nil }
    var result: [Chunk] = []
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = Int(bigEndian32(bytes, at: offset))
      guard offset + 12 + length <= bytes.count else { return nil }
      let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
      let storedCRC = bigEndian32(bytes, at: offset + 8 + length)
      let chunk = Chunk(
        name: String(decoding: typeAndData.prefix(4), as: UTF8.self),
        data: Array(typeAndData.dropFirst(4)),
        hasValidCRC: storedCRC == CRC32.checksum(typeAndData))
      result.append(chunk)
      if chunk.name == "IEND" { return result }
      offset += 12 + length
    }
    return nil
  }

  /// Returns a complete chunk: length, type, data and a correct CRC.
  static func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(name.utf8) + data
    return bigEndianBytes(UInt32(data.count)) + typeAndData
      + bigEndianBytes(CRC32.checksum(typeAndData))
  }

  /// Returns IHDR data (13 bytes) for the given fields, compression/filter method 0.
  static func ihdrData(
    width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, interlace: UInt8 = 0
  ) -> [UInt8] {
    bigEndianBytes(width) + bigEndianBytes(height) + [bitDepth, colorType, 0, 0, interlace]
  }

  static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }

  static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
