import LayerFX
import LayerFXMath

/// A 3 × 5 pixel font of the characters a number needs (`0`–`9`, `.`, `-`, `e`, `s`, space),
/// drawn into premultiplied RGBA pixels: times under contact-sheet frames, a PNG chart's ticks.
///
/// Each glyph is five rows of three bits, top row first, most significant bit on the left; a
/// glyph advances four columns (one blank between glyphs). An unknown character draws as a
/// space.
public enum PixelFont {
  /// Glyph height in font pixels.
  public static let glyphHeight = 5
  /// The advance of one character in font pixels (3 wide + 1 blank).
  public static let advance = 4

  private static let glyphs: [Character: [UInt8]] = [
    "0": [0b111, 0b101, 0b101, 0b101, 0b111], "1": [0b010, 0b110, 0b010, 0b010, 0b111],
    "2": [0b111, 0b001, 0b111, 0b100, 0b111], "3": [0b111, 0b001, 0b111, 0b001, 0b111],
    "4": [0b101, 0b101, 0b111, 0b001, 0b001], "5": [0b111, 0b100, 0b111, 0b001, 0b111],
    "6": [0b111, 0b100, 0b111, 0b101, 0b111], "7": [0b111, 0b001, 0b001, 0b001, 0b001],
    "8": [0b111, 0b101, 0b111, 0b101, 0b111], "9": [0b111, 0b101, 0b111, 0b001, 0b111],
    ".": [0b000, 0b000, 0b000, 0b000, 0b010], "s": [0b000, 0b011, 0b110, 0b011, 0b110],
    "-": [0b000, 0b000, 0b111, 0b000, 0b000], "e": [0b000, 0b010, 0b111, 0b100, 0b011],
  ]

  /// Whether the glyph of `character` has its pixel at `column` (0…2), `row` (0…4) set.
  public static func isSet(_ character: Character, column: Int, row: Int) -> Bool {
    guard let rows = glyphs[character], (0..<3).contains(column), (0..<5).contains(row) else {
      return false
    }
    return rows[row] & (0b100 >> UInt8(column)) != 0
  }

  /// Draws `text` with its top-left corner at (`x`, `y`) pixels, each font pixel a
  /// `scale × scale` square of `color`; pixels outside the `width`-wide buffer are skipped.
  ///
  /// - Parameters:
  ///   - text: The characters.
  ///   - x: Left edge, pixels.
  ///   - y: Top edge, pixels.
  ///   - scale: Pixels per font pixel, ≥ 1.
  ///   - color: Premultiplied RGBA.
  ///   - pixels: Row-major pixels, `width` a row.
  ///   - width: Pixels a row.
  public static func draw(
    _ text: String, x: Int, y: Int, scale: Int, color: half4, into pixels: inout [half4],
    width: Int
  ) {
    let height = pixels.count / max(width, 1)
    for (index, character) in text.enumerated() {
      for row in 0..<glyphHeight {
        for column in 0..<3 where isSet(character, column: column, row: row) {
          let left = x + (index * advance + column) * scale
          let top = y + row * scale
          for py in top..<top + scale where py >= 0 && py < height {
            for px in left..<left + scale where px >= 0 && px < width {
              pixels[py * width + px] = color
            }
          }
        }
      }
    }
  }

  /// A time as a label: seconds with at most three decimals, trailing zeros dropped, and ` s`
  /// (`0.25 s`, `1 s`); from 2⁵³ s on (about 9 × 10¹⁵, where Swift's shortest form of a
  /// `Double` turns to an exponent, and its thousandths would soon overflow an `Int`), that form
  /// with the exponent's `+` dropped, which the font lacks (`1e17 s`).
  ///
  /// - Parameter seconds: The time, seconds, ≥ 0.
  /// - Returns: The label.
  public static func timeLabel(_ seconds: Double) -> String {
    // A frame at 10¹⁷ s (--fps 1e-17) or a preview time of 1e300 had trapped converting its
    // thousandths to Int.
    guard seconds < 0x1p53 else { return "\(seconds)".filter { $0 != "+" } + " s" }
    let thousandths = Int((seconds * 1000).rounded())
    var text = "\(thousandths / 1000)"
    var fraction = thousandths % 1000
    if fraction != 0 {
      var digits = 3
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let padded = String(repeating: "0", count: digits - "\(fraction)".count) + "\(fraction)"
      text += "." + padded
    }
    return text + " s"
  }
}
