import LayerFX
import LayerFXMath

/// A kaleidoscope: inside a circle, every wedge of `2π / segments` shows the same mirrored
/// half-wedge of the image.
///
/// ```
/// d      = position − center,  r = length(d)
/// sector = 2π / segments
/// a      = atan2(d.y, d.x);  a = a − sector · floor(a / sector)      in [0, sector)
/// folded = sector / 2 − |a − sector / 2|                            in [0, sector / 2]
/// return r < radius ? center + r · (cos folded, sin folded) : position
/// ```
/// Folding by mirror keeps the image continuous across wedge edges (and across the branch cut
/// of `atan2` when `segments` is a whole number). A distortion effect: inside the circle a
/// point and its source both lie within `radius` of the centre, so `maxSampleOffset` is
/// `2 · radius` on each axis; outside nothing moves.
///
/// `atan2` is `atan2Polynomial` (LayerFXMath; within 10⁻⁶ rad of the C library's), which keeps
/// the lane form in SIMD.
///
/// Source: `Shaders/DistortionEffects/Kaleidoscope.metal` (LayerFX's own).
public struct Kaleidoscope: DistortionEffect {
  /// The centre of the kaleidoscope, points.
  public var center = float2.zero
  /// How many wedges around the centre.
  public var segments: Float = 6
  /// The radius of the circle it fills, points.
  public var radius: Float = 200

  /// Creates the effect with six wedges in a 200-point circle.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Kaleidoscope>] = [
    .float2(
      "center", \.center, summary: "centre of the kaleidoscope", unit: .points,
      role: .position, isRequired: true),
    .float(
      "segments", \.segments, summary: "wedges around the centre (whole numbers are seamless)",
      validRange: .atLeast(1), suggestedRange: 2...16),
    .float(
      "radius", \.radius, summary: "radius of the circle it fills", unit: .points,
      validRange: .greaterThan(0), suggestedRange: 50...500),
  ]

  /// `(2 radius, 2 radius)`: a point and its source both lie within the circle.
  public var maxSampleOffset: float2 { float2(repeating: 2 * radius) }

  /// Where the pixels at `position` read from, line by line as
  /// `Shaders/DistortionEffects/Kaleidoscope.metal`.
  @inlinable @inline(__always)
  public func distort<F: PixelLanes>(position: Vector2<F>) -> Vector2<F> {
    let center = Vector2<F>(center)
    let d = position - center
    let r = length(d)
    // The angle within its wedge, in [0, sector).
    let sector = 2 * Float.pi / segments
    // atan2 as a polynomial: the C library's, called lane by lane, tripled the lane form's time.
    var a = atan2Polynomial(d.y, d.x)
    a = a - F(sector) * floor(a / F(sector))
    // Mirror about the wedge's middle, so neighbouring wedges meet without a seam.
    let folded = F(sector / 2) - abs(a - F(sector / 2))
    let source = center + Vector2(r * cos(folded), r * sin(folded))
    // Outside the circle the image is left as it is.
    return select(position, source, r < F(radius))
  }
}

extension ShaderFunction {
  /// The kaleidoscope as a shader function: ``Kaleidoscope``'s declaration, closure and lane
  /// forms.
  ///
  /// Source: `Shaders/DistortionEffects/Kaleidoscope.metal`.
  public static let kaleidoscope = ShaderFunction(
    Kaleidoscope.self, name: "kaleidoscope", summary: "mirrored wedges around a centre")
}
