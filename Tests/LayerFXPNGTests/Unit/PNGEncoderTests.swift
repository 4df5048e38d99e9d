import Foundation
import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFXPNG

@Suite("PNGEncoder")
struct PNGEncoderTests {
  /// A premultiplied pixel made from straight codes: `c / max × a / max`, computed here.
  static func premultiplied(_ codes: [Int], max: Float) -> half4 {
    let alpha = Float(codes[3]) / max
    return half4(
      Float(codes[0]) / max * alpha, Float(codes[1]) / max * alpha, Float(codes[2]) / max * alpha,
      alpha)
  }

  /// The straight codes of a decoded premultiplied pixel: round(c / a × max), a = 0 → zeros.
  static func straightCodes(_ pixel: half4, max: Float) -> [Int] {
    guard pixel.w > 0 else { return [0, 0, 0, 0] }
    return [pixel.x / pixel.w, pixel.y / pixel.w, pixel.z / pixel.w, pixel.w].map {
      Int(($0 * max).rounded())
    }
  }

  /// Every combination of the given colour codes (as R, G, B rotations) and alpha codes; colour
  /// is zero where alpha is zero, since a transparent pixel stores as zeros.
  static func codeGrid(colors: [Int], alphas: [Int]) -> [[Int]] {
    alphas.flatMap { alpha in
      colors.map { color in
        alpha == 0 ? [0, 0, 0, 0] : [color, colors[(color * 7) % colors.count], 0, alpha]
      }
    }
  }

  static func roundTrip(codes: [[Int]], bitDepth: PNGEncoder.BitDepth) throws -> [[Int]] {
    let max: Float = bitDepth == .eight ? 255 : 65535
    let image = Image(
      width: codes.count, height: 1, pixels: codes.map { premultiplied($0, max: max) })
    let bytes = try PNGEncoder(bitDepth: bitDepth).encode(image)
    let decoded = try PNGDecoder().decode(bytes)
    #expect(decoded.info.bitDepth == bitDepth.rawValue)
    return decoded.image.pixels.map { straightCodes($0, max: max) }
  }

  @Test("an 8-bit encode → decode round trip returns every straight code exactly")
  func roundTrip8() throws {
    let codes = Self.codeGrid(
      colors: [0, 1, 2, 63, 127, 128, 200, 254, 255], alphas: [0, 1, 2, 17, 128, 254, 255])
    #expect(try Self.roundTrip(codes: codes, bitDepth: .eight) == codes)
  }

  @Test("a 16-bit encode → decode round trip returns every straight code exactly")
  func roundTrip16() throws {
    let codes = Self.codeGrid(
      colors: [0, 1, 256, 257, 12345, 32767, 32768, 65534, 65535],
      alphas: [0, 1, 257, 30000, 65534, 65535])
    #expect(try Self.roundTrip(codes: codes, bitDepth: .sixteen) == codes)
  }

  @Test("encoding clamps to [0, 1], maps NaN to 0, un-premultiplies and rounds to nearest")
  func quantisation() throws {
    let pixels: [half4] = [
      half4(2, -1, .nan, 1),  // clamp high, clamp low, NaN → 0
      half4(0.2, 0.4, 0.6, 0.8),  // straight 0.25, 0.5, 0.75, 0.8 → 63.75, 127.5, 191.25, 204
      half4(0.5, 0.5, 0.5, 0),  // alpha 0 → all zero
      half4(1.5, 0.75, 0, 1.5),  // clamps to (1, 0.75, 0, 1) first: 255, 191.25 → 191, 0, 255
      half4(0.1, 0.1, 0.1, -0.5),  // negative alpha → all zero
      half4(0.1, 0.1, 0.1, .nan),  // NaN alpha → all zero
      half4(.infinity, 0, 0, 1),  // +∞ clamps to 1
    ]
    let expected8: [[Int]] = [
      [255, 0, 0, 255], [64, 128, 191, 204], [0, 0, 0, 0], [255, 191, 0, 255], [0, 0, 0, 0],
      [0, 0, 0, 0], [255, 0, 0, 255],
    ]
    // 16-bit: 0.25 × 65535 = 16383.75 → 16384; 0.5 → 32767.5 → 32768; 0.75 → 49151.25 → 49151;
    // 0.8 × 65535 = 52428.
    let expected16: [[Int]] = [
      [65535, 0, 0, 65535], [16384, 32768, 49151, 52428], [0, 0, 0, 0], [65535, 49151, 0, 65535],
      [0, 0, 0, 0], [0, 0, 0, 0], [65535, 0, 0, 65535],
    ]
    let image = Image(width: pixels.count, height: 1, pixels: pixels)
    for (depth, expected) in [(PNGEncoder.BitDepth.eight, expected8), (.sixteen, expected16)] {
      let max: Float = depth == .eight ? 255 : 65535
      let decoded = try PNGDecoder().decode(PNGEncoder(bitDepth: depth).encode(image))
      #expect(decoded.image.pixels.map { Self.straightCodes($0, max: max) } == expected)
    }
  }

  @Test("the encoded file has a valid structure: signature, IHDR, CRCs, IDAT, IEND")
  func validStructure() throws {
    let image = Image(width: 3, height: 2, color: half4(0.25, 0.5, 0.25, 0.5))
    for depth in [PNGEncoder.BitDepth.eight, .sixteen] {
      let bytes = try PNGEncoder(bitDepth: depth).encode(image)
      let chunks = try #require(RawPNG.chunks(bytes))
      #expect(chunks.first?.name == "IHDR")
      #expect(
        chunks.first?.data
          == RawPNG.ihdrData(
            width: 3, height: 2, bitDepth: UInt8(depth.rawValue), colorType: 6))
      #expect(chunks.last == RawPNG.Chunk(name: "IEND", data: [], hasValidCRC: true))
      #expect(chunks.allSatisfy { $0.hasValidCRC })
      #expect(Set(chunks.map(\.name)) == ["IHDR", "IDAT", "IEND"])
    }
  }

  @Test("compression level 0 stores and level 9 compresses, with the same pixels")
  func compressionLevel() throws {
    let pixels = (0..<(64 * 64)).map { index in
      half4(Float(index % 64) / 63, Float(index / 64) / 63, 0.5, 1)
    }
    let image = Image(width: 64, height: 64, pixels: pixels)
    let stored = try PNGEncoder(compressionLevel: 0).encode(image)
    let compressed = try PNGEncoder(compressionLevel: 9).encode(image)
    // Level 0 keeps every filtered byte: 64 rows × (1 filter byte + 64 × 4 samples).
    #expect(stored.count > 64 * (1 + 64 * 4))
    #expect(compressed.count < stored.count / 2)
    #expect(try PNGDecoder().decode(stored).image == PNGDecoder().decode(compressed).image)
  }

  @Test(
    "colour chunks are copied to the output unchanged, right after IHDR",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func copiesColorChunks() throws {
    let source = try PNGDecoder().decode(contentsOf: PngSuite.path("g03n2c08.png"))
    let bytes = try PNGEncoder().encode(source.image, metadata: source.metadata)
    let chunks = try #require(RawPNG.chunks(bytes))
    // g03: gamma 0.35 → gAMA 35000 (PngSuite name code; PNG §11.3.3.2).
    #expect(Array(chunks.map(\.name).prefix(2)) == ["IHDR", "gAMA"])
    #expect(chunks[1] == RawPNG.Chunk(name: "gAMA", data: [0, 0, 0x88, 0xB8], hasValidCRC: true))
    let again = try PNGDecoder().decode(bytes)
    #expect(again.metadata == source.metadata)
    #expect(again.image == source.image)
  }

  @Test("writing a file replaces it atomically and leaves no temporary file")
  func writesAtomically() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/out.png"
    let red = Image(width: 2, height: 2, color: half4(1, 0, 0, 1))
    let blue = Image(width: 3, height: 1, color: half4(0, 0, 1, 1))
    try PNGEncoder().write(red, to: path)
    #expect(try PNGDecoder().decode(contentsOf: path).image == red)
    try PNGEncoder().write(blue, to: path)
    #expect(try PNGDecoder().decode(contentsOf: path).image == blue)
    #expect(try directory.contents() == ["out.png"])
  }
}
