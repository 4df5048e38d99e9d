import LayerFX
import LayerFXMath

/// Bulges (positive `strength`) or pinches (negative) the image inside a circle.
///
/// ```
/// d = position − center,  u = saturate(length(d) / radius)    0 at the centre, 1 at the rim
/// return center + d · (1 − strength · (1 − u)²)
/// ```
/// A positive strength reads from nearer the centre, magnifying it; a negative one reads from
/// further out, shrinking it; from the rim on nothing moves, with no seam. A distortion effect:
/// a point at distance `r = u · radius` moves by `radius · u · |strength| (1 − u)²`, at most
/// `(4 / 27) radius |strength|` (at `u = 1 / 3`): the `maxSampleOffset` on each axis, with a
/// 0.01 % margin for `Float` rounding.
///
/// Source: `Shaders/DistortionEffects/Bulge.metal` (LayerFX's own).
public struct Bulge: DistortionEffect {
  /// The centre of the circle, points.
  public var center = float2.zero
  /// The circle's radius, points.
  public var radius: Float = 150
  /// −1 (strongest pinch) to 1 (strongest bulge); 0 leaves the image unchanged.
  public var strength: Float = 0.5

  /// Creates the effect with its defaults (radius 150 points, strength 0.5).
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Bulge>] = [
    .float2(
      "center", \.center, summary: "centre of the circle", unit: .points, role: .position,
      isRequired: true),
    .float(
      "radius", \.radius, summary: "radius of the circle", unit: .points,
      validRange: .greaterThan(0), suggestedRange: 20...500),
    .float(
      "strength", \.strength, summary: "bulge (positive) or pinch (negative)",
      validRange: .closed(-1...1), suggestedRange: -1...1),
  ]

  /// `(4 / 27) · radius · |strength|` on each axis, the largest move (at a third of the
  /// radius), plus 0.01 %: the bound is reached exactly there, and `Float` rounding of the
  /// computed position overshoots it by a few millionths of a point.
  public var maxSampleOffset: float2 {
    float2(repeating: 4 * radius * Swift.abs(strength) / 27 * 1.0001)
  }

  /// Where the pixels at `position` read from, line by line as
  /// `Shaders/DistortionEffects/Bulge.metal`.
  @inlinable @inline(__always)
  public func distort<F: PixelLanes>(position: Vector2<F>) -> Vector2<F> {
    let center = Vector2<F>(center)
    let d = position - center
    // 0 at the centre, 1 at the rim and beyond.
    let u = saturate(length(d) / F(radius))
    let rim = 1 - u
    // Scale the offset from the centre: 1 at the rim, 1 − strength at the centre.
    return center + d * (1 - F(strength) * rim * rim)
  }
}

extension ShaderFunction {
  /// The bulge/pinch as a shader function: ``Bulge``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/DistortionEffects/Bulge.metal`.
  public static let bulge = ShaderFunction(
    Bulge.self, name: "bulge", summary: "bulges (strength > 0) or pinches (< 0) a circle")
}
