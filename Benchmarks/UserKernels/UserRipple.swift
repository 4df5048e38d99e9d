import LayerFX
import LayerFXMath

/// The WWDC24 ripple as a user ports it from Apple's Metal source, following
/// `Sources/LayerFXKernels/README.md` ("Writing your own kernel"): a layer effect in the user's
/// own module, built on the `LayerFX` product alone.
///
/// It is the benchmarks' check that a kernel written outside LayerFX runs as fast as the
/// built-in `Ripple` (`LayerFXKernels`) of the same math; it never calls the built-in. The steps
/// follow Apple's function in its order and with its names (a `delay`, the time shifted by it,
/// `normalize` for the direction), where the built-in follows the project's own
/// `Shaders/LayerEffects/Ripple.metal`:
/// ```
/// d      = length(position − origin)
/// t      = max(0, time − d / speed)
/// amount = amplitude × sin(frequency × t) × exp(−decay × t)
/// n      = d > 0 ? normalize(position − origin) : 0
/// color  = layer.sample(position + amount × n)
/// color.rgb += 0.3 × (amount / amplitude) × color.a
/// ```
/// One guard is added to Apple's code, as the README advises: no displacement at the tap itself,
/// where `normalize` of a zero vector is NaN. A zero `amplitude` gives NaN shading, as in
/// Apple's code (the store turns NaN into 0).
///
/// Source: Apple, WWDC24 "Create custom visual effects with SwiftUI" (the `Ripple` Metal
/// function); `Documentation/Semantics.md` §5.
public struct UserRipple: LayerEffect {
  /// Where the tap landed, points.
  public var origin = float2.zero
  /// Seconds since the tap.
  public var time: Float = 0
  /// The largest displacement, points; looks good 4…24.
  public var amplitude: Float = 12
  /// Oscillation, radians per second; looks good 5…30.
  public var frequency: Float = 15
  /// Exponential damping, per second; looks good 2…15.
  public var decay: Float = 8
  /// Speed of the wave front, points per second; looks good 300…3000.
  public var speed: Float = 1200

  /// Creates the ripple with Apple's defaults (tap at the origin, time 0).
  public init() {}

  /// The parameters in the Metal function's order; the defaults are `init()`'s values.
  public static let parameters: [KernelParameter<UserRipple>] = [
    .float2("origin", \.origin, summary: "where the tap landed", unit: .points, role: .position),
    .float(
      "time", \.time, summary: "time since the tap", unit: .seconds, validRange: .atLeast(0),
      role: .timeSinceTrigger),
    .float("amplitude", \.amplitude, summary: "largest displacement", unit: .points),
    .float("frequency", \.frequency, summary: "oscillation", unit: .radiansPerSecond),
    .float("decay", \.decay, summary: "damping", unit: .perSecond),
    .float(
      "speed", \.speed, summary: "wave-front speed", unit: .pointsPerSecond,
      validRange: .greaterThan(0)),
  ]

  /// `(|amplitude|, |amplitude|)`: no sample moves further than the amplitude.
  public var maxSampleOffset: float2 { float2(repeating: Swift.abs(amplitude)) }

  /// Returns the rippled colour at `position` (points): one pixel, or eight at once.
  ///
  /// `@inlinable` so that a module which makes the shader function from this type (the
  /// benchmark harness does not, ``LayerFX/ShaderFunction/userRipple`` lives here) can still
  /// specialise the body into its row loop.
  ///
  /// - Parameters:
  ///   - position: The pixels' centres, points.
  ///   - layer: The source, padded by ``maxSampleOffset``.
  /// - Returns: Premultiplied RGBA.
  @inlinable
  public func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F> {
    // The pixel's distance from the tap.
    let distance = length(position - Vector2<F>(origin))
    // The wave reaches this pixel distance / speed seconds after the tap.
    let delay = distance / F(speed)
    // Time since the wave arrived here; nothing moves before it does.
    let time = max(0, F(self.time) - delay)
    // A sine wave damped by an exponential decay.
    let rippleAmount = F(amplitude) * sin(F(frequency) * time) * exp(-F(decay) * time)
    // The unit vector away from the tap; at the tap itself there is none (Apple: NaN).
    let n = select(Vector2<F>(0), normalize(position - Vector2<F>(origin)), distance > 0)
    // Move the sample point toward or away from the tap by the ripple amount.
    let newPosition = position + rippleAmount * n
    var color = layer.sample(newPosition)
    // Lighten crests and darken troughs, scaled by alpha so the colour stays premultiplied.
    color.rgb += 0.3 * (rippleAmount / F(amplitude)) * color.a
    return color
  }
}

extension ShaderFunction {
  /// The user-style ripple's shader function (``UserRipple``'s declaration, closure and lane
  /// forms), made in this module as a user's package makes its own.
  public static let userRipple = ShaderFunction(
    UserRipple.self, name: "userRipple",
    summary: "the WWDC24 ripple as a user ports it (benchmark twin of the built-in ripple)")
}
