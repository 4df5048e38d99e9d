import LayerFX
import LayerFXMath

/// Scales colourfulness: SwiftUI's `saturation(_:)`, with the W3C `saturate()` filter
/// function's matrix (`feColorMatrix type="saturate"`).
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// s     = amount
/// sat   = M(s) · rgb,  M(s) = | 0.213 + 0.787 s   0.715 − 0.715 s   0.072 − 0.072 s |
///                              | 0.213 − 0.213 s   0.715 + 0.285 s   0.072 − 0.072 s |
///                              | 0.213 − 0.213 s   0.715 − 0.715 s   0.072 + 0.928 s |
/// color = (saturate(sat) · color.a, color.a)           premultiplied again
/// ```
/// `amount` 0 is fully grey, 1 leaves the image unchanged, above 1 oversaturates (SwiftUI: "0
/// removes all colour, 1 is the original"). Applied to the image's own encoding.
///
/// Source: `Shaders/ColorEffects/Saturation.metal`; W3C Filter Effects Module Level 1, "Filter
/// Functions", `saturate()` (https://www.w3.org/TR/filter-effects-1/#funcdef-filter-saturate)
/// and `feColorMatrix` `type="saturate"`; Apple, `View.saturation(_:)`.
public struct Saturation: ColorEffect {
  /// The saturation: 0 grey, 1 unchanged, above 1 more colourful.
  public var amount: Float = 0.5

  /// Creates the effect at half saturation.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Saturation>] = [
    .float(
      "amount", \.amount, summary: "saturation: 0 grey, 1 unchanged, above 1 more colourful",
      validRange: .atLeast(0), suggestedRange: 0...3)
  ]

  /// The resaturated colour at `position`, line by line as
  /// `Shaders/ColorEffects/Saturation.metal`.
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // The W3C matrix works on straight colour; a transparent pixel has none.
    let alpha = color.a
    let rgb = color.rgb * select(0, 1 / alpha, alpha > 0)
    // feColorMatrix "saturate": each row blends the luma row toward the identity by amount.
    let s = amount
    let row0 = float3(0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s)
    let row1 = float3(0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s)
    let row2 = float3(0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s)
    let saturated = Vector3(
      dot(Vector3<F>(row0), rgb), dot(Vector3<F>(row1), rgb), dot(Vector3<F>(row2), rgb))
    // The filter result is clamped to [0, 1], then premultiplied again.
    return Vector4(saturate(saturated) * alpha, alpha)
  }
}

extension ShaderFunction {
  /// SwiftUI's `saturation(_:)` as a colour effect: ``Saturation``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/Saturation.metal`.
  public static let saturation = ShaderFunction(
    Saturation.self, name: "saturation",
    summary: "scales colourfulness (W3C saturate(), SwiftUI saturation(_:))")
}
