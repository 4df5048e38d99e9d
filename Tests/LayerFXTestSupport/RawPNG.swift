/// Reads and builds PNG chunk structure byte by byte, independently of the code under test.
///
/// Source: PNG Specification (Second Edition) §5.2 "PNG signature", §5.3 "Chunk layout".
public enum RawPNG {
  /// The 8-byte PNG signature.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// One chunk as found in a file.
  public struct Chunk: Equatable {
    /// The four-letter chunk type.
    public var name: String
    /// The chunk's data, without length, type and CRC.
    public var data: [UInt8]
    /// Whether the stored CRC equals the CRC-32 of type and data.
    public var hasValidCRC: Bool

    /// A chunk with these fields.
    public init(name: String, data: [UInt8], hasValidCRC: Bool) {
      self.name = name
      self.data = data
      self.hasValidCRC = hasValidCRC
    }
  }

  /// Returns the chunks after the signature, up to and including IEND, or nil when the layout
  /// is broken (no signature, a chunk running past the end, no IEND).
  public static func chunks(_ bytes: [UInt8]) -> [Chunk]? {
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
  public static func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(name.utf8) + data
    return bigEndianBytes(UInt32(data.count)) + typeAndData
      + bigEndianBytes(CRC32.checksum(typeAndData))
  }

  /// Returns IHDR data (13 bytes) for the given fields, compression/filter method 0.
  public static func ihdrData(
    width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, interlace: UInt8 = 0
  ) -> [UInt8] {
    bigEndianBytes(width) + bigEndianBytes(height) + [bitDepth, colorType, 0, 0, interlace]
  }

  /// Returns a zlib stream holding `data` in stored (uncompressed) deflate blocks.
  ///
  /// Source: RFC 1950 §2.2 (header 0x78 0x01, Adler-32 trailer, big-endian), RFC 1951 §3.2.4
  /// (stored block: BFINAL/BTYPE byte, LEN and NLEN little-endian, at most 65535 bytes).
  public static func storedZlib(_ data: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = [0x78, 0x01]
    var blocks = stride(from: 0, to: data.count, by: 65535).map {
      Array(data[$0..<min($0 + 65535, data.count)])
    }
    if blocks.isEmpty { blocks = [[]] }
    for (index, block) in blocks.enumerated() {
      let length = UInt16(block.count)
      stream.append(index == blocks.count - 1 ? 1 : 0)
      stream += [
        UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8),
      ]
      stream += block
    }
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return stream + bigEndianBytes(b << 16 | a)
  }

  /// Returns `bytes` with one byte of the CRC of the first chunk named `name` inverted.
  public static func corruptingCRC(of name: String, in bytes: [UInt8]) -> [UInt8] {
    var offset = 8
    var result = bytes
    while offset + 12 <= bytes.count {
      let length = Int(bigEndian32(bytes, at: offset))
      if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == name {
        result[offset + 8 + length] ^= 0xFF
        return result
      }
      offset += 12 + length
    }
    preconditionFailure("no \(name) chunk")
  }

  /// The big-endian 32-bit number at `offset` of `bytes`.
  public static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// The four big-endian bytes of `value`.
  public static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
