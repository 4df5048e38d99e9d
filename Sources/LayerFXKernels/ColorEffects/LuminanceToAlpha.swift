import LayerFX
import LayerFXMath

/// Turns luminance into alpha: SwiftUI's `luminanceToAlpha()`, the W3C `feColorMatrix`
/// `type="luminanceToAlpha"`.
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// color = (0, 0, 0, saturate(0.2125 r + 0.7154 g + 0.0721 b))
/// ```
/// The result is black with the luminance as its opacity (premultiplied, rgb 0); the input's
/// own alpha is not used, as in the W3C matrix, whose alpha row is `0.2125 0.7154 0.0721 0 0`.
/// Applied to the image's own encoding.
///
/// Source: `Shaders/ColorEffects/LuminanceToAlpha.metal`; W3C Filter Effects Module Level 1,
/// `feColorMatrix` (https://www.w3.org/TR/filter-effects-1/#feColorMatrixElement),
/// `type="luminanceToAlpha"`; Apple, `View.luminanceToAlpha()`.
public struct LuminanceToAlpha: ColorEffect {
  /// Creates the effect; it has no parameters.
  public init() {}

  /// The declaration: no parameters after SwiftUI's own.
  public static let parameters: [KernelParameter<LuminanceToAlpha>] = []

  /// The luminance mask at `position`, line by line as
  /// `Shaders/ColorEffects/LuminanceToAlpha.metal`.
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // The matrix reads straight colour; a transparent pixel has none (luminance 0).
    let alpha = color.a
    let rgb = color.rgb * select(0, 1 / alpha, alpha > 0)
    // The alpha row of the W3C matrix; rgb rows are zero.
    let luminance = dot(Vector3<F>(float3(0.2125, 0.7154, 0.0721)), rgb)
    return Vector4(0, 0, 0, saturate(luminance))
  }
}

extension ShaderFunction {
  /// SwiftUI's `luminanceToAlpha()` as a colour effect: ``LuminanceToAlpha``'s declaration and
  /// forms.
  ///
  /// Source: `Shaders/ColorEffects/LuminanceToAlpha.metal`.
  public static let luminanceToAlpha = ShaderFunction(
    LuminanceToAlpha.self, name: "luminanceToAlpha",
    summary: "black with the luminance as alpha (W3C luminanceToAlpha, SwiftUI)")
}
