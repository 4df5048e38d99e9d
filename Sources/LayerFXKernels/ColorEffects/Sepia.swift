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

  /// The toned colour at `position`, as `Shaders/ColorEffects/Sepia.metal` computes it, through
  /// the shared matrix step (`_colorMatrixBlend`).
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // The full sepia tone matrix; amount blends the identity toward it.
    _colorMatrixBlend(
      (float3(0.393, 0.769, 0.189), float3(0.349, 0.686, 0.168), float3(0.272, 0.534, 0.131)),
      amount: amount, color: color)
  }
}

extension ShaderFunction {
  /// The W3C `sepia()` filter as a colour effect: ``Sepia``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/Sepia.metal`.
  public static let sepia = ShaderFunction(
    Sepia.self, name: "sepia", summary: "tones colours toward sepia (W3C sepia())")
}
