import LayerFX
import LayerFXMath

/// Rotates hues: SwiftUI's `hueRotation(_:)`, with the W3C `hue-rotate()` filter function's
/// matrix (`feColorMatrix type="hueRotate"`).
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// θ     = degrees · π / 180
/// M(θ)  = | 0.213 0.715 0.072 |            |  0.787 −0.715 −0.072 |            | −0.213 −0.715  0.928 |
///         | 0.213 0.715 0.072 | + cos θ ·  | −0.213  0.285 −0.072 | + sin θ ·  |  0.143  0.140 −0.283 |
///         | 0.213 0.715 0.072 |            | −0.213 −0.715  0.928 |            | −0.787  0.715  0.072 |
/// color = (saturate(M(θ) · rgb) · color.a, color.a)    premultiplied again
/// ```
/// 0° (and every multiple of 360°) leaves the image unchanged; the rotation keeps the luma
/// `0.213 r + 0.715 g + 0.072 b`. Applied to the image's own encoding.
///
/// Source: `Shaders/ColorEffects/HueRotation.metal`; W3C Filter Effects Module Level 1, "Filter
/// Functions", `hue-rotate()` (https://www.w3.org/TR/filter-effects-1/#funcdef-filter-hue-rotate)
/// and `feColorMatrix` `type="hueRotate"`; Apple, `View.hueRotation(_:)` (an `Angle`).
public struct HueRotation: ColorEffect {
  /// The rotation around the colour circle, degrees.
  public var degrees: Float = 90 {
    didSet { (_cos, _sin) = Self.cosineAndSine(degrees) }
  }
  /// `cos θ` and `sin θ` of ``degrees``, kept beside it so that the body does not call the C
  /// library's `cosf`/`sinf` for every batch of pixels (they halved the lane form's speed).
  @usableFromInline var _cos: Float
  @usableFromInline var _sin: Float

  /// Creates the effect with a quarter turn (90°).
  public init() {
    (_cos, _sin) = Self.cosineAndSine(90)
  }

  private static func cosineAndSine(_ degrees: Float) -> (Float, Float) {
    let theta = degrees * (Float.pi / 180)
    return (Float.cos(theta), Float.sin(theta))
  }

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<HueRotation>] = [
    .float(
      "degrees", \.degrees, summary: "rotation around the colour circle", unit: .degrees,
      suggestedRange: 0...360)
  ]

  /// The rotated colour at `position`, line by line as `Shaders/ColorEffects/HueRotation.metal`.
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // The W3C matrix works on straight colour; a transparent pixel has none.
    let alpha = color.a
    let rgb = color.rgb * select(0, 1 / alpha, alpha > 0)
    // θ = degrees · π / 180, the same for every pixel: cos θ and sin θ are kept with it.
    let (c, s) = (_cos, _sin)
    let row0 = float3(
      0.213 + 0.787 * c - 0.213 * s, 0.715 - 0.715 * c - 0.715 * s, 0.072 - 0.072 * c + 0.928 * s)
    let row1 = float3(
      0.213 - 0.213 * c + 0.143 * s, 0.715 + 0.285 * c + 0.140 * s, 0.072 - 0.072 * c - 0.283 * s)
    let row2 = float3(
      0.213 - 0.213 * c - 0.787 * s, 0.715 - 0.715 * c + 0.715 * s, 0.072 + 0.928 * c + 0.072 * s)
    let rotated = Vector3(
      dot(Vector3<F>(row0), rgb), dot(Vector3<F>(row1), rgb), dot(Vector3<F>(row2), rgb))
    // The filter result is clamped to [0, 1], then premultiplied again.
    return Vector4(saturate(rotated) * alpha, alpha)
  }
}

extension ShaderFunction {
  /// SwiftUI's `hueRotation(_:)` as a colour effect: ``HueRotation``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/HueRotation.metal`.
  public static let hueRotation = ShaderFunction(
    HueRotation.self, name: "hueRotation",
    summary: "rotates hues by an angle (W3C hue-rotate(), SwiftUI hueRotation(_:))")
}
