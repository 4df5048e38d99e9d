import LayerFXPNG
import LayerFXTestSupport
import Testing

@Suite struct SideLimitTests {
  @Test(
    "a side beyond what libpng writes is refused from IHDR, within the pixel limit",
    arguments: [(1_000_001, 1), (1, 1_000_001), (4_194_303, 1)])
  func beyondEncoderSide(width: Int, height: Int) throws {
    // libpng's default PNG_USER_WIDTH_MAX and PNG_USER_HEIGHT_MAX are 1 000 000 (pnglibconf.h);
    // 1011 bytes of IDAT could never hold these rows, so the side is checked first.
    let header = RawPNG.ihdrData(
      width: UInt32(width), height: UInt32(height), bitDepth: 8, colorType: 6)
    let file =
      RawPNG.signature + RawPNG.chunk("IHDR", header)
      + RawPNG.chunk("IDAT", HostileInputTests.smallImageData) + RawPNG.chunk("IEND", [])
    let expected = PNGError.sideTooLong(
      path: "wide.png", width: width, height: height, limit: 1_000_000)
    #expect(throws: expected) { try PNGDecoder().decode(file, name: "wide.png") }
    #expect(
      expected.description
        == "wide.png: image too wide or tall (\(width) × \(height) pixels; at most 1000000 per "
        + "side, the most a PNG encoder writes)")
  }

  @Test("a side too long is the error even when the pixels are over the limit too")
  func sideBeforePixelLimit() throws {
    // 2147483647 × 1 pixels are over any pixel limit (at most 2³¹ − 1 with 1000 here); the side
    // is what no limit can raise, so it is the error reported.
    let header = RawPNG.ihdrData(width: 2_147_483_647, height: 1, bitDepth: 8, colorType: 6)
    let file =
      RawPNG.signature + RawPNG.chunk("IHDR", header)
      + RawPNG.chunk("IDAT", HostileInputTests.smallImageData) + RawPNG.chunk("IEND", [])
    #expect(
      throws: PNGError.sideTooLong(
        path: "w.png", width: 2_147_483_647, height: 1, limit: 1_000_000)
    ) { try PNGDecoder(maxPixelCount: 1000).decode(file, name: "w.png") }
  }
}
