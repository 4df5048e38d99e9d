extension Image: CustomStringConvertible {
  /// One line with the size and the scale, never the pixels: `Image(600 × 400 pixels, scale
  /// 1.0)`.
  ///
  /// Without it `print(image)` (or a render's result, which holds one) wrote every pixel as
  /// `SIMD4<Float>(…)`: 13 MB for a 624 × 424 render. The pixels are ``pixels``.
  public var description: String { "Image(\(width) × \(height) pixels, scale \(scale))" }
}
