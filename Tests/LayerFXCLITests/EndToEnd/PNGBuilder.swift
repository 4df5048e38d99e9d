/// Builds PNG files byte by byte, for inputs that the encoder under test refuses to write (a
/// width over libpng's user limit). Stored deflate blocks only, so no compressor is needed.
///
/// Source: PNG Specification (Second Edition) §5.3 (chunk layout, CRC-32 of type and data),
/// §11.2.2 (IHDR); RFC 1950 §2.2 (zlib header, Adler-32), RFC 1951 §3.2.4 (stored blocks).
enum PNGBuilder {
  /// A one-row, 1-bit greyscale, all-black PNG `width` pixels wide.
  static func blackGrey1Bit(width: Int) -> [UInt8] {
    let row = [UInt8](repeating: 0, count: 1 + (width + 7) / 8)  // filter byte 0, then bits
    var ihdr = bigEndian(UInt32(width)) + bigEndian(1)
    ihdr += [1, 0, 0, 0, 0]  // bit depth 1, colour type 0, deflate, filter 0, no interlace
    return [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", ihdr) + chunk("IDAT", zlib(row))
      + chunk("IEND", [])
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  private static func zlib(_ data: [UInt8]) -> [UInt8] {
    var output: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65_535, data.count - offset)
      let isLast = offset + count == data.count
      output += [isLast ? 1 : 0, UInt8(count & 0xFF), UInt8(count >> 8)]
      output += [UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      output += data[offset..<offset + count]
      offset += count
    } while offset < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return output + bigEndian(b << 16 | a)
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }
}
