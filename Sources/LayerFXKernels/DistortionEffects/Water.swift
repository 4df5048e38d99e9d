import LayerFX
import LayerFXMath

/// A rippling water surface: each pixel wobbles on a small circle-like path, with the phase
/// varying across the image.
///
/// ```
/// k     = 2π / wavelength
/// phase = frequency · time
/// return position + amplitude · (sin(k · position.y + phase), cos(k · position.x + phase))
/// ```
/// A distortion effect with `maxSampleOffset = (|amplitude|, |amplitude|)`.
///
/// Source: `Shaders/DistortionEffects/Water.metal` (LayerFX's own).
public struct Water: DistortionEffect {
  /// The largest displacement on each axis, points.
  public var amplitude: Float = 4
  /// The distance between ripples, points.
  public var wavelength: Float = 50
  /// How fast the surface moves, radians per second.
  public var frequency: Float = 3
  /// The time, seconds.
  public var time: Float = 0

  /// Creates the effect with its defaults (4-point wobble, ripples 50 points apart, time 0).
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Water>] = [
    .float(
      "amplitude", \.amplitude, summary: "largest displacement on each axis", unit: .points,
      suggestedRange: 0...12),
    .float(
      "wavelength", \.wavelength, summary: "distance between ripples", unit: .points,
      validRange: .greaterThan(0), suggestedRange: 10...200),
    .float(
      "frequency", \.frequency, summary: "how fast the surface moves",
      unit: .radiansPerSecond, suggestedRange: 0...10),
    .float(
      "time", \.time, summary: "seconds since the effect started", unit: .seconds,
      validRange: .atLeast(0), suggestedRange: 0...10, role: .timeSinceTrigger),
  ]

  /// `(|amplitude|, |amplitude|)`: |sin| and |cos| are at most 1.
  public var maxSampleOffset: float2 { float2(repeating: Swift.abs(amplitude)) }

  /// Where the pixels at `position` read from, line by line as
  /// `Shaders/DistortionEffects/Water.metal`.
  @inlinable @inline(__always)
  public func distort<F: PixelLanes>(position: Vector2<F>) -> Vector2<F> {
    let k = F(2 * Float.pi / wavelength)
    let phase = F(frequency * time)
    // Rows push sideways and columns push up and down, each by a sine of the other axis.
    let offset = Vector2(sin(k * position.y + phase), cos(k * position.x + phase))
    return position + F(amplitude) * offset
  }
}

extension ShaderFunction {
  /// The water effect as a shader function: ``Water``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/DistortionEffects/Water.metal`.
  public static let water = ShaderFunction(
    Water.self, name: "water", summary: "a wobbling water surface")
}
