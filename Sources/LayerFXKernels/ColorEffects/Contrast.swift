import LayerFX
import LayerFXMath

/// Scales colours about mid-grey: SwiftUI's `contrast(_:)`, with the W3C `contrast()` filter
/// function's linear transfer.
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// c'    = amount · c + (0.5 − 0.5 · amount)            each of r, g, b
/// color = (saturate(c') · color.a, color.a)            premultiplied again
/// ```
/// `amount` 1 leaves the image unchanged, 0 makes it uniform grey (0.5), above 1 increases
/// contrast, and a negative amount inverts as well (SwiftUI's documentation; W3C itself allows
/// only amount ≥ 0). Applied to the image's own encoding.
///
/// Source: `Shaders/ColorEffects/Contrast.metal`; W3C Filter Effects Module Level 1, "Filter
/// Functions", `contrast()` (https://www.w3.org/TR/filter-effects-1/#funcdef-filter-contrast)
/// and its `feComponentTransfer` `type="linear"` equivalent (slope amount, intercept
/// −0.5 amount + 0.5); Apple, `View.contrast(_:)`.
public struct Contrast: ColorEffect {
  /// The contrast: 1 unchanged, 0 grey, above 1 stronger, negative inverted.
  public var amount: Float = 1.5

  /// Creates the effect with 50 % more contrast.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Contrast>] = [
    .float(
      "amount", \.amount, summary: "contrast: 1 unchanged, 0 grey, negative inverts",
      suggestedRange: 0...3)
  ]

  /// The recontrasted colour at `position`, line by line as `Shaders/ColorEffects/Contrast.metal`.
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // The W3C transfer works on straight colour; a transparent pixel has none.
    let alpha = color.a
    let rgb = color.rgb * select(0, 1 / alpha, alpha > 0)
    // A line through (0.5, 0.5) with slope amount.
    let contrasted = rgb * F(amount) + F(0.5 - 0.5 * amount)
    // The filter result is clamped to [0, 1], then premultiplied again.
    return Vector4(saturate(contrasted) * alpha, alpha)
  }
}

extension ShaderFunction {
  /// SwiftUI's `contrast(_:)` as a colour effect: ``Contrast``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/Contrast.metal`.
  public static let contrast = ShaderFunction(
    Contrast.self, name: "contrast",
    summary: "scales colours about mid-grey (W3C contrast(), SwiftUI contrast(_:))")
}
