import LayerFX
import LayerFXMath

/// Tones the image toward sepia: the W3C `sepia()` filter function's matrix, with SwiftUI's
/// amount convention (0 unchanged, 1 full sepia).
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// s     = 1 − amount
/// toned = M(s) · rgb,  M(s) = | 0.393 + 0.607 s   0.769 − 0.769 s   0.189 − 0.189 s |
///                              | 0.349 − 0.349 s   0.686 + 0.314 s   0.168 − 0.168 s |
///                              | 0.272 − 0.272 s   0.534 − 0.534 s   0.131 + 0.869 s |
/// color = (saturate(toned) · color.a, color.a)         premultiplied again
/// ```
/// The matrix applies to the image's own encoding (sRGB values are not linearised).
///
/// Source: `Shaders/ColorEffects/Sepia.metal`; W3C Filter Effects Module Level 1, "Filter
/// Functions", `sepia()` (https://www.w3.org/TR/filter-effects-1/#funcdef-filter-sepia) and its
/// `feColorMatrix` equivalent.
public struct Sepia: ColorEffect {
  /// How much sepia: 0 unchanged, 1 full sepia.
  public var amount: Float = 1

  /// Creates the effect at full strength (`amount` 1, the W3C default).
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Sepia>] = [
    .float(
      "amount", \.amount, summary: "how much sepia: 0 unchanged, 1 full", unit: .fraction,
      validRange: .closed(0...1), suggestedRange: 0...1)
  ]

  /// The toned colour at `position`, line by line as `Shaders/ColorEffects/Sepia.metal`.
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // The W3C matrix works on straight colour; a transparent pixel has none.
    let alpha = color.a
    let rgb = color.rgb * select(0, 1 / alpha, alpha > 0)
    // Each row blends the identity toward the sepia tone matrix by amount.
    let s = 1 - amount
    let row0 = float3(0.393 + 0.607 * s, 0.769 - 0.769 * s, 0.189 - 0.189 * s)
    let row1 = float3(0.349 - 0.349 * s, 0.686 + 0.314 * s, 0.168 - 0.168 * s)
    let row2 = float3(0.272 - 0.272 * s, 0.534 - 0.534 * s, 0.131 + 0.869 * s)
    let toned = Vector3(
      dot(Vector3<F>(row0), rgb), dot(Vector3<F>(row1), rgb), dot(Vector3<F>(row2), rgb))
    // The filter result is clamped to [0, 1], then premultiplied again.
    return Vector4(saturate(toned) * alpha, alpha)
  }
}

extension ShaderFunction {
  /// The W3C `sepia()` filter as a colour effect: ``Sepia``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/Sepia.metal`.
  public static let sepia = ShaderFunction(
    Sepia.self, name: "sepia", summary: "tones colours toward sepia (W3C sepia())")
}
