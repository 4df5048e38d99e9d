import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFXPNG

/// The 8-bit image data the encoder writes itself at levels 0–3 (`Sources/CPNGShim/ImageData.c`),
/// read back byte by byte here: IDAT chunks, the zlib stream (RFC 1950) with stored deflate
/// blocks at level 0 (RFC 1951 §3.2.4), the Up filter (PNG Specification §9.2) and the
/// Adler-32, each computed independently from its definition.
@Suite struct ImageDataTests {
  /// A 173 × 129 image of straight 8-bit codes that differ from pixel to pixel and row to row,
  /// with opaque alpha so the codes survive premultiplication exactly.
  static let width = 173
  static let height = 129
  static let codes: [UInt8] = (0..<(width * height)).flatMap { index -> [UInt8] in
    let x = index % width
    let y = index / width
    return [UInt8((x * 7 + y * 3) % 256), UInt8((x * x + y) % 256), UInt8((x ^ y) % 256), 255]
  }
  static let image = Image(
    width: width, height: height,
    pixels: stride(from: 0, to: codes.count, by: 4).map { index -> half4 in
      let red = Float(codes[index]) / 255
      let green = Float(codes[index + 1]) / 255
      let blue = Float(codes[index + 2]) / 255
      return half4(red, green, blue, 1)
    })

  /// The Up-filtered rows: filter byte 2, then each sample minus the one above (0 above row 0).
  static var filteredRows: [UInt8] {
    let rowBytes = width * 4
    return (0..<height).flatMap { y -> [UInt8] in
      [2]
        + (0..<rowBytes).map { i in
          codes[y * rowBytes + i] &- (y > 0 ? codes[(y - 1) * rowBytes + i] : 0)
        }
    }
  }

  /// RFC 1950 §9: a = 1 + Σ bytes, b = Σ of a after each byte, both mod 65521.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  @Test("at level 0 the IDATs hold a zlib stream of stored blocks of the Up-filtered rows")
  func storedStream() throws {
    let file = try PNGEncoder(compressionLevel: 0).encode(Self.image)
    let chunks = try #require(RawPNG.chunks(file))
    #expect(chunks.allSatisfy { $0.hasValidCRC })
    let idats = chunks.filter { $0.name == "IDAT" }
    // 129 rows × 693 bytes = 89,397 filtered bytes: one chunk of at most 256 KiB.
    #expect(idats.allSatisfy { $0.data.count <= 1 << 18 })
    let stream = idats.flatMap(\.data)
    // CMF 0x78: deflate, 32 KiB window; (CMF × 256 + FLG) is a multiple of 31, no dictionary.
    #expect(stream[0] == 0x78 && (Int(stream[0]) * 256 + Int(stream[1])) % 31 == 0)
    #expect(stream[1] & 0x20 == 0)
    // Stored blocks: a header byte (BFINAL, BTYPE 00), LEN and its complement, LEN bytes.
    var offset = 2
    var inflated: [UInt8] = []
    var isFinal = false
    while !isFinal {
      let header = stream[offset]
      #expect(header & 0b110 == 0, "stored block")
      isFinal = header & 1 == 1
      let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
      let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
      #expect(length ^ complement == 0xFFFF)
      inflated += stream[(offset + 5)..<(offset + 5 + length)]
      offset += 5 + length
    }
    #expect(inflated == Self.filteredRows)
    let trailer = stream[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    #expect(trailer == Self.adler32(Self.filteredRows))
    #expect(offset + 4 == stream.count)
  }

  @Test("at levels 1–3 the file decodes to the same codes, IDATs of at most 256 KiB")
  func compressedLevels() throws {
    for level in 1...3 {
      let file = try PNGEncoder(compressionLevel: level).encode(Self.image)
      let chunks = try #require(RawPNG.chunks(file))
      #expect(chunks.allSatisfy { $0.hasValidCRC })
      #expect(chunks.filter { $0.name == "IDAT" }.allSatisfy { $0.data.count <= 1 << 18 })
      #expect(chunks.last?.name == "IEND" && chunks.last?.data.isEmpty == true)
      // libpng inflates, checks the Adler-32 and undoes the filters: a second implementation.
      let decoded = try PNGDecoder().decode(file)
      #expect(RGBASamples.codes(of: decoded.image, as: UInt8.self) == Self.codes, "level \(level)")
    }
  }

  @Test("image data longer than one IDAT continues in the next, and decodes")
  func severalChunks() throws {
    // 600 × 300 pixels stored: 300 × 2401 filtered bytes, more than 256 KiB.
    let codes: [[UInt8]] = (0..<(600 * 300)).map { (index: Int) -> [UInt8] in
      let red = UInt8(index % 251)
      let green = UInt8(index % 13)
      let blue = UInt8(index % 256)
      return [red, green, blue, 255]
    }
    let pixels = codes.map { code -> half4 in
      half4(Float(code[0]) / 255, Float(code[1]) / 255, Float(code[2]) / 255, 1)
    }
    let image = Image(width: 600, height: 300, pixels: pixels)
    let file = try PNGEncoder(compressionLevel: 0).encode(image)
    let chunks = try #require(RawPNG.chunks(file))
    let idats = chunks.filter { $0.name == "IDAT" }
    #expect(idats.count == 3 && idats.dropLast().allSatisfy { $0.data.count == 1 << 18 })
    let decoded = try PNGDecoder().decode(file).image
    #expect(RGBASamples.codes(of: decoded, as: UInt8.self) == codes.flatMap { $0 })
  }
}
