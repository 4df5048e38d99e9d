import LayerFX
import LayerFXComposition
import LayerFXMath
import Testing

@Suite("frame times under contact-sheet frames")
struct ContactSheetLabelTests {
  @Test("a time reads as seconds with at most three decimals")
  func labels() {
    #expect(PixelFont.timeLabel(0.25) == "0.25 s")
    #expect(PixelFont.timeLabel(1) == "1 s")
    #expect(PixelFont.timeLabel(0.05) == "0.05 s")
    #expect(PixelFont.timeLabel(2.0004) == "2 s")
    #expect(PixelFont.timeLabel(1.0 / 3) == "0.333 s")
  }

  // 10¹⁵ s is 10¹⁸ thousandths, below Int.max (about 9.2 × 10¹⁸); 10¹⁷ s and 10³⁰⁰ s are
  // beyond it and trapped ("Double value cannot be converted to Int"), as trial 12's
  // 'ripple --fps 1e-17 --frames 2 --contact-sheet 2' and a preview time of 1e300 did. Swift
  // writes a Double of 2⁵³ or more with an exponent (1e17 as "1e+17").
  @Test("a time of 2⁵³ s or more reads in exponent form, without a trap")
  func hugeTimes() throws {
    #expect(PixelFont.timeLabel(999_999_999_999.5) == "999999999999.5 s")
    #expect(PixelFont.timeLabel(1e15) == "1000000000000000 s")
    #expect(PixelFont.timeLabel(1e17) == "1e17 s")
    #expect(PixelFont.timeLabel(1.5e300) == "1.5e300 s")
    var sheet = try ContactSheetSink(
      frameCount: 1, columns: 1, frameWidth: 60, frameHeight: 10, frameTimes: [1e300])
    sheet.write(Image(width: 60, height: 10, color: half4(1, 0, 0, 1)), index: 0)
    // '1' of "1e300 s" starts 2 pixels in: its column 1, row 0 is set (2 × 2 pixels at (4, 12)).
    #expect(sheet.image[4, 12] == half4(1, 1, 1, 1))
  }

  @Test("each frame gets a 14-pixel strip with its time in white, 2 × the 3 × 5 font")
  func strip() throws {
    let red = half4(1, 0, 0, 1)
    var sheet = try ContactSheetSink(
      frameCount: 2, columns: 2, frameWidth: 60, frameHeight: 10, frameTimes: [0.25, 1])
    sheet.write(Image(width: 60, height: 10, color: red), index: 0)
    sheet.write(Image(width: 60, height: 10, color: red), index: 1)
    let image = sheet.image
    // 2 · 60 + 4 wide; 10 + 14 high.
    #expect(image.width == 124 && image.height == 24)
    let white = half4(1, 1, 1, 1)
    let grey = half4(0.1, 0.1, 0.1, 1)
    // "0.25 s": the text starts 2 pixels in and 2 below the frame; '0' has its top-left font
    // pixel set (2 × 2 pixels at (2, 12)) and its centre (column 1, row 1) clear.
    #expect(image[2, 12] == white && image[3, 13] == white)
    #expect(image[4, 14] == grey)
    // '.', the second character (4 font pixels on: x = 2 + 8 = 10): only column 1 of row 4.
    #expect(image[12, 20] == white && image[10, 20] == grey)
    // The strip's last row, below the glyphs, is grey; the frame above it is untouched.
    #expect(image[59, 23] == grey && image[30, 9] == red)
    // The second frame's "1 s": '1' starts at x = 64 + 2, column 1 of row 0 set.
    #expect(image[68, 12] == white && image[66, 12] == grey)
    // The gutter stays transparent.
    #expect(image[61, 15] == .zero)
  }

  @Test("a label is cut to the frame's width instead of reaching the next cell")
  func narrowFrames() throws {
    var sheet = try ContactSheetSink(
      frameCount: 2, columns: 2, frameWidth: 10, frameHeight: 2, frameTimes: [0.25, 0.5])
    sheet.write(Image(width: 10, height: 2), index: 0)
    // (10 − 2) / 8 = 1 character fits: '0' only, so '.' (x = 10…11) is not drawn, and the
    // gutter (x = 10…13) stays transparent.
    #expect(sheet.image[2, 4] == half4(1, 1, 1, 1))
    #expect(sheet.image[12, 12] == .zero && sheet.image[10, 4] == .zero)
  }
}
