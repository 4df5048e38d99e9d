import LayerFX
import LayerFXMath

/// Shimmer: bands of light sweeping across the layer, the loading-placeholder highlight.
///
/// ```
/// u      = dot(position, (cos angle, sin angle)) − speed × time
/// x      = u − spacing × floor(u / spacing)          where in its period the pixel lies
/// band   = 1 − smoothstep(0, width / 2, |x − spacing / 2|)
/// color  = layer.sample(position)
/// color.rgb = mix(color.rgb, color.a, intensity × band)
/// ```
/// Bands `width` points wide, `spacing` points apart, move along `angle` at `speed` points per
/// second. Mixing rgb toward alpha is mixing toward premultiplied white, so the result stays
/// premultiplied and transparent pixels stay transparent. Reads only the pixel itself:
/// `maxSampleOffset` is zero. `time` is seconds since a trigger (an animator drives it).
///
/// Source: `Shaders/LayerEffects/Shimmer.metal`; `smoothstep` as MSL §6.5 (common functions)
/// defines it.
public struct Shimmer: LayerEffect {
  /// Seconds since the shimmer started.
  public var time: Float = 0
  /// How fast the bands move, points per second.
  public var speed: Float = 400
  /// The direction the bands move in, radians from the x axis (y down).
  public var angle: Float = 0.5235988
  /// A band's width, points.
  public var width: Float = 60
  /// The distance between bands, points.
  public var spacing: Float = 400
  /// How close to white the band's centre gets, 0…1.
  public var intensity: Float = 0.6

  /// Creates the effect at time 0: 60-point bands, 400 points apart, moving at 400 points per
  /// second along π/6.
  public init() {}

  /// The declaration: Metal order, units, ranges, roles; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Shimmer>] = [
    .float(
      "time", \.time, summary: "time since the shimmer started", unit: .seconds,
      validRange: .atLeast(0), suggestedRange: 0...3, role: .timeSinceTrigger),
    .float(
      "speed", \.speed, summary: "how fast the bands move", unit: .pointsPerSecond,
      suggestedRange: 100...1500),
    .float(
      "angle", \.angle, summary: "the direction the bands move in", unit: .radians,
      suggestedRange: 0...6.2831855),
    .float(
      "width", \.width, summary: "a band's width", unit: .points, validRange: .greaterThan(0),
      suggestedRange: 10...200),
    .float(
      "spacing", \.spacing, summary: "the distance between bands", unit: .points,
      validRange: .greaterThan(0), suggestedRange: 100...1000),
    .float(
      "intensity", \.intensity, summary: "how close to white a band's centre gets",
      unit: .fraction, validRange: .closed(0...1), suggestedRange: 0.2...0.9),
  ]

  /// The bands at `position`, line by line as `Shaders/LayerEffects/Shimmer.metal`.
  @inlinable
  public func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F> {
    let spacing = F(self.spacing)
    // How far along the direction of travel the pixel lies, in the bands' moving frame.
    let u = dot(position, Vector2<F>(F(cos(angle)), F(sin(angle)))) - F(speed * time)
    // Where in its period the pixel lies, and how far that is from the band's centre.
    let x = u - spacing * floor(u / spacing)
    let band = 1 - smoothstep(0, F(width * 0.5), abs(x - spacing * 0.5))
    var color = layer.sample(position)
    // Toward premultiplied white (rgb = a).
    color.rgb = mix(color.rgb, Vector3(color.a), F(intensity) * band)
    return color
  }
}

extension ShaderFunction {
  /// The shimmer as a shader function: ``Shimmer``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/LayerEffects/Shimmer.metal`.
  public static let shimmer = ShaderFunction(
    Shimmer.self, name: "shimmer",
    summary: "bands of light sweeping across the layer over time (a loading highlight)")
}
