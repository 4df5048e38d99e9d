import LayerFX
import LayerFXMath

/// Maps luma onto a gradient between two colours: black pixels become `dark`, white pixels
/// `light`, the rest in between.
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// t     = saturate(0.2126 r + 0.7152 g + 0.0722 b)
/// color = mix(dark, light, t) · color.a                both colours premultiplied
/// ```
/// The mix of two premultiplied colours is premultiplied; scaling by the pixel's alpha keeps the
/// pixel's coverage. Applied to the image's own encoding.
///
/// Source: `Shaders/ColorEffects/GradientMap.metal` (LayerFX's own); the luma weights are those of
/// the W3C `grayscale()` matrix (Filter Effects Module Level 1, "Filter Functions").
public struct GradientMap: ColorEffect {
  /// The colour for black, premultiplied RGBA.
  public var dark = half4(0.1, 0.0, 0.3, 1)
  /// The colour for white, premultiplied RGBA.
  public var light = half4(1, 0.85, 0.4, 1)

  /// Creates the effect mapping black to deep violet and white to warm yellow.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<GradientMap>] = [
    .color("dark", \.dark, summary: "the colour for black"),
    .color("light", \.light, summary: "the colour for white"),
  ]

  /// The mapped colour at `position`, line by line as `Shaders/ColorEffects/GradientMap.metal`.
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // The luma of the straight colour; a transparent pixel has none.
    let alpha = color.a
    let rgb = color.rgb * select(0, 1 / alpha, alpha > 0)
    let t = saturate(dot(Vector3<F>(float3(0.2126, 0.7152, 0.0722)), rgb))
    // Along the gradient, then at the pixel's own coverage.
    return mix(Vector4<F>(dark), Vector4<F>(light), t) * alpha
  }
}

extension ShaderFunction {
  /// The gradient map as a colour effect: ``GradientMap``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/GradientMap.metal`.
  public static let gradientMap = ShaderFunction(
    GradientMap.self, name: "gradientMap", summary: "maps luma onto a two-colour gradient")
}
