import LayerFX
import LayerFXMath

extension Image {
  /// The image at most `width` pixels wide, for a preview: the height keeps the aspect ratio
  /// (at least 1 pixel), each pixel the mean of the source pixels whose area it covers (a box
  /// filter, on premultiplied colour, so transparent edges do not darken), and the scale
  /// lowered in proportion, so the size in points, and with it every parameter in points,
  /// stays (`Documentation/Semantics.md` §1: positions are in points, pixels = points × scale).
  ///
  /// - Parameter width: The preview's width, pixels ≥ 1; the image itself when it is not
  ///   narrower.
  /// - Returns: The preview image, at `width` × the height that keeps the aspect ratio.
  /// - Complexity: O(source pixels).
  func preview(width: Int) -> Image {
    guard width < self.width else { return self }
    let height = Swift.max(
      1, Int((Double(self.height) * Double(width) / Double(self.width)).rounded()))
    let source = pixels
    var result = [half4](repeating: .zero, count: width * height)
    // The source pixels under destination index `i` of `count`, of `size` in all: at least one.
    func span(_ i: Int, of count: Int, in size: Int) -> Range<Int> {
      (i * size / count)..<Swift.max(i * size / count + 1, (i + 1) * size / count)
    }
    for y in 0..<height {
      let rows = span(y, of: height, in: self.height)
      for x in 0..<width {
        let columns = span(x, of: width, in: self.width)
        var sum = half4.zero
        for row in rows {
          for column in columns { sum += source[row * self.width + column] }
        }
        result[y * width + x] = sum / Float(rows.count * columns.count)
      }
    }
    return Image(
      width: width, height: height, scale: scale * Float(width) / Float(self.width),
      pixels: result)
  }
}
