import LayerFX
import LayerFXMath

extension TimelineChart {
  /// The chart as an image, for `timeline --png`.
  ///
  /// The SVG's layout (``svg``) at one pixel per SVG unit, on white: each panel's grid at the
  /// round ticks, its grey frame and the track's line (2 pixels, the SVG's colour), the value
  /// ticks' numbers left of the panel and the time ticks' under the last (``PixelFont`` at
  /// 2 ×). Names, units and the title are the SVG's only (the pixel font has digits alone).
  ///
  /// - Returns: Opaque premultiplied RGBA, 760 pixels wide.
  public var image: Image {
    let width = Int(Self.width)
    let plotWidth = Self.plotWidth
    let panelsBottom = self.panelsBottom
    let height = Int(panelsBottom + 60)
    var canvas = Canvas(
      width: width, height: height,
      pixels: [half4](repeating: half4(1, 1, 1, 1), count: width * height))
    let (x, timeTicks) = timeAxis
    let gridColour = half4(228.0 / 255, 228.0 / 255, 228.0 / 255, 1)
    let frameColour = half4(0.5, 0.5, 0.5, 1)
    let textColour = half4(0, 0, 0, 1)
    for (index, track) in series.enumerated() {
      let colour = Self.colour(Self.palette[index % Self.palette.count])
      let (top, bottom, valueTicks, y) = panel(index)
      for (tick, label) in zip(valueTicks.values, valueTicks.labels) {
        canvas.line(Self.left, y(tick), Self.left + plotWidth, y(tick), gridColour, thickness: 1)
        canvas.text(
          label, right: Int(Self.left) - 6, centreY: Int(y(tick).rounded()), colour: textColour)
      }
      for tick in timeTicks.values {
        canvas.line(x(tick), top, x(tick), bottom, gridColour, thickness: 1)
      }
      canvas.line(Self.left, top, Self.left + plotWidth, top, frameColour, thickness: 1)
      canvas.line(Self.left, bottom, Self.left + plotWidth, bottom, frameColour, thickness: 1)
      canvas.line(Self.left, top, Self.left, bottom, frameColour, thickness: 1)
      canvas.line(
        Self.left + plotWidth, top, Self.left + plotWidth, bottom, frameColour, thickness: 1)
      let points = zip(times, track.values).map { (x($0), y($1)) }
      for (a, b) in zip(points, points.dropFirst()) {
        canvas.line(a.0, a.1, b.0, b.1, colour, thickness: 2)
      }
    }
    for (tick, label) in zip(timeTicks.values, timeTicks.labels) {
      let labelWidth = (label.count * PixelFont.advance - 1) * 2
      canvas.text(
        label, right: Int(x(tick).rounded()) + labelWidth / 2,
        centreY: Int(panelsBottom) + 14, colour: textColour)
    }
    return Image(width: width, height: height, pixels: canvas.pixels)
  }

  /// `#rrggbb` as an opaque colour.
  static func colour(_ hex: String) -> half4 {
    let value = Int(hex.dropFirst(), radix: 16) ?? 0
    return half4(
      half(Float((value >> 16) & 0xff) / 255), half(Float((value >> 8) & 0xff) / 255),
      half(Float(value & 0xff) / 255), 1)
  }
}

/// Opaque pixels drawn on by lines and digits.
private struct Canvas {
  let width: Int
  let height: Int
  var pixels: [half4]

  /// Sets a `thickness × thickness` square at every step of the line from (x0, y0) to (x1, y1)
  /// (pixel centres at integer coordinates), one step per pixel along the longer axis.
  ///
  /// A step's point is `x0 + (x1 − x0) · step / steps`, multiplied before it is divided, so a
  /// line between whole pixels lands on whole pixels exactly: with the fraction `step / steps`
  /// first, 84 + 652 · (166 / 652) is 249.99999999999997, whose pixel is 249, and a panel's
  /// frame had a gap at 250.
  mutating func line(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ colour: half4, thickness: Int
  ) {
    let steps = max(1, Int(max(abs(x1 - x0), abs(y1 - y0)).rounded(.up)))
    for step in 0...steps {
      let px = Int((x0 + (x1 - x0) * Double(step) / Double(steps)).rounded(.down))
      let py = Int((y0 + (y1 - y0) * Double(step) / Double(steps)).rounded(.down))
      for dy in 0..<thickness {
        for dx in 0..<thickness {
          let (cx, cy) = (px + dx, py + dy)
          if cx >= 0 && cx < width && cy >= 0 && cy < height { pixels[cy * width + cx] = colour }
        }
      }
    }
  }

  /// Draws `text` at 2 × with its right edge at `right` and its middle row at `centreY`.
  mutating func text(_ text: String, right: Int, centreY: Int, colour: half4) {
    let textWidth = (text.count * PixelFont.advance - 1) * 2
    PixelFont.draw(
      text, x: right - textWidth, y: centreY - PixelFont.glyphHeight, scale: 2, color: colour,
      into: &pixels, width: width)
  }
}
