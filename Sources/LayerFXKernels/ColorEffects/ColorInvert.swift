import LayerFX
import LayerFXMath

/// Inverts every colour: SwiftUI's `colorInvert()`, the W3C `invert()` filter function at its
/// full amount.
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// color = ((1 − rgb) · color.a, color.a)               premultiplied again
/// ```
/// W3C `invert(amount)` is the component transfer `table` `[amount, 1 − amount]`, i.e.
/// `c' = amount + c · (1 − 2 amount)`; SwiftUI's modifier has no amount, so amount is 1.
/// Alpha is kept, so transparent pixels stay transparent. Applied to the image's own encoding.
///
/// Source: `Shaders/ColorEffects/ColorInvert.metal`; W3C Filter Effects Module Level 1, "Filter
/// Functions", `invert()` (https://www.w3.org/TR/filter-effects-1/#funcdef-filter-invert) and
/// its `feComponentTransfer` equivalent; Apple, `View.colorInvert()`.
public struct ColorInvert: ColorEffect {
  /// Creates the effect; it has no parameters.
  public init() {}

  /// The declaration: no parameters after SwiftUI's own.
  public static let parameters: [KernelParameter<ColorInvert>] = []

  /// The inverted colour at `position`, line by line as `Shaders/ColorEffects/ColorInvert.metal`.
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // Invert the straight colour; a transparent pixel has none.
    let alpha = color.a
    let rgb = color.rgb * select(0, 1 / alpha, alpha > 0)
    // 1 − c stays in [0, 1] for c in [0, 1]; the clamp keeps out-of-range inputs valid.
    return Vector4(saturate(Vector3<F>(1) - rgb) * alpha, alpha)
  }
}

extension ShaderFunction {
  /// SwiftUI's `colorInvert()` as a colour effect: ``ColorInvert``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/ColorInvert.metal`.
  public static let colorInvert = ShaderFunction(
    ColorInvert.self, name: "colorInvert",
    summary: "inverts colours, keeping alpha (W3C invert(1), SwiftUI colorInvert())")
}
