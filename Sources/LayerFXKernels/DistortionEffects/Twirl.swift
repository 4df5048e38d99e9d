import LayerFX
import LayerFXMath

/// Twirls the image around a centre: points turn by an angle that is largest at the centre and
/// falls to zero at `radius`.
///
/// ```
/// d = position − center,  r = length(d)
/// t = saturate(1 − r / radius)                  1 at the centre, 0 from the rim on
/// φ = angle · t²
/// return center + (d.x cos φ − d.y sin φ, d.x sin φ + d.y cos φ)
/// ```
/// A distortion effect. A point at distance `r` moves along a chord of length
/// `2 r |sin(φ / 2)| ≤ r |angle| (1 − r / radius)²`, whose largest value over `r` is
/// `(4 / 27) radius |angle|` (at `r = radius / 3`); the chord is also at most `2 r ≤ 2 radius`.
/// So `maxSampleOffset` is `radius · min(2, 4 |angle| / 27)` on each axis.
///
/// Source: `Shaders/DistortionEffects/Twirl.metal` (LayerFX's own).
public struct Twirl: DistortionEffect {
  /// The centre of the twirl, points.
  public var center = float2.zero
  /// Where the twirl ends, points from the centre.
  public var radius: Float = 150
  /// The turn at the centre, radians (positive turns clockwise on screen, y down).
  public var angle: Float = 2

  /// Creates the twirl with its defaults (radius 150 points, 2 radians at the centre).
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Twirl>] = [
    .float2(
      "center", \.center, summary: "centre of the twirl", unit: .points, role: .position,
      isRequired: true),
    .float(
      "radius", \.radius, summary: "where the twirl ends", unit: .points,
      validRange: .greaterThan(0), suggestedRange: 20...500),
    .float(
      "angle", \.angle, summary: "turn at the centre", unit: .radians,
      suggestedRange: -6.3...6.3),
  ]

  /// `radius · min(2, 4 |angle| / 27)` on each axis: the longest chord a point moves along.
  public var maxSampleOffset: float2 {
    float2(repeating: radius * Swift.min(2, 4 * Swift.abs(angle) / 27))
  }

  /// Where the pixels at `position` read from, line by line as
  /// `Shaders/DistortionEffects/Twirl.metal`.
  @inlinable @inline(__always)
  public func distort<F: PixelLanes>(position: Vector2<F>) -> Vector2<F> {
    let center = Vector2<F>(center)
    let d = position - center
    // 1 at the centre, falling to 0 at the rim and staying 0 beyond: no seam at the rim.
    let t = saturate(1 - length(d) / F(radius))
    let phi = F(angle) * t * t
    let (c, s) = (cos(phi), sin(phi))
    // Turn the offset from the centre by phi.
    return center + Vector2(d.x * c - d.y * s, d.x * s + d.y * c)
  }
}

extension ShaderFunction {
  /// The twirl as a shader function: ``Twirl``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/DistortionEffects/Twirl.metal`.
  public static let twirl = ShaderFunction(
    Twirl.self, name: "twirl", summary: "twirls the image around a centre")
}
