import LayerFX
import LayerFXMath

/// A travelling sine wave: each column of the image moves up and down by a sine of its `x`.
///
/// ```
/// phase = 2π · (position.x − speed · time) / wavelength
/// return position + (0, amplitude · sin(phase))
/// ```
/// A distortion effect with `maxSampleOffset = (0, |amplitude|)`: the wave moves a sample only
/// vertically, by at most `amplitude` points.
///
/// Source: `Shaders/DistortionEffects/Wave.metal` (LayerFX's own; the travelling wave
/// `A sin(2π (x − v t) / λ)`).
public struct Wave: DistortionEffect {
  /// The largest vertical displacement, points.
  public var amplitude: Float = 8
  /// The distance between crests, points.
  public var wavelength: Float = 80
  /// How fast the crests travel to the right, points per second.
  public var speed: Float = 40
  /// The time, seconds.
  public var time: Float = 0

  /// Creates the wave with its defaults (8-point crests 80 points apart, at time 0).
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Wave>] = [
    .float(
      "amplitude", \.amplitude, summary: "largest vertical displacement", unit: .points,
      suggestedRange: 0...30),
    .float(
      "wavelength", \.wavelength, summary: "distance between crests", unit: .points,
      validRange: .greaterThan(0), suggestedRange: 20...300),
    .float(
      "speed", \.speed, summary: "how fast the crests travel", unit: .pointsPerSecond,
      suggestedRange: 0...200),
    .float(
      "time", \.time, summary: "seconds since the effect started", unit: .seconds,
      validRange: .atLeast(0), suggestedRange: 0...10, role: .timeSinceTrigger),
  ]

  /// `(0, |amplitude|)`: |sin| ≤ 1, and only `y` moves.
  public var maxSampleOffset: float2 { float2(0, Swift.abs(amplitude)) }

  /// Where the pixels at `position` read from, line by line as
  /// `Shaders/DistortionEffects/Wave.metal`.
  @inlinable @inline(__always)
  public func distort<F: PixelLanes>(position: Vector2<F>) -> Vector2<F> {
    // The crests move right at `speed`: the phase of a column at this time.
    let k = 2 * Float.pi / wavelength
    let phase = F(k) * (position.x - F(speed * time))
    // Only the vertical coordinate moves.
    return Vector2(position.x, position.y + F(amplitude) * sin(phase))
  }
}

extension ShaderFunction {
  /// The wave as a shader function: ``Wave``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/DistortionEffects/Wave.metal`.
  public static let wave = ShaderFunction(
    Wave.self, name: "wave", summary: "a travelling sine wave that moves columns up and down")
}
