import LayerFX
import LayerFXMath

/// The WWDC24 ripple: the layer displaced along a damped circular wave spreading from a tap at
/// `origin`, lightened on crests and darkened in troughs.
///
/// ```
/// d      = length(position − origin)
/// t      = max(0, time − d / speed)
/// amount = amplitude × sin(frequency × t) × exp(−decay × t)
/// n      = d > 0 ? (position − origin) / d : 0
/// color  = layer.sample(position + amount × n)
/// color.rgb += 0.3 × (amount / amplitude) × color.a
/// ```
/// A layer effect with `maxSampleOffset = (|amplitude|, |amplitude|)`, enabled while
/// `0 < time < duration`. Its parameters, units, ranges and defaults are declared once, in
/// ``parameters``.
///
/// Source: `Shaders/LayerEffects/Ripple.metal` (Apple's `Ripple`, WWDC24 "Create custom visual
/// effects with SwiftUI"); `Documentation/Semantics.md` §5. Departures from Apple's code, both
/// where it divides by zero: no displacement at `d == 0` (Apple: NaN) and no shading when
/// `amplitude == 0` (Apple: 0/0).
public struct Ripple: LayerEffect {
  /// Where the tap landed, points.
  public var origin = float2.zero
  /// Seconds since the tap.
  public var time: Float = 0
  /// The largest displacement, points.
  public var amplitude: Float = 12
  /// Oscillation, radians per second.
  public var frequency: Float = 15
  /// Exponential damping, per second.
  public var decay: Float = 8
  /// Speed of the wave front, points per second.
  public var speed: Float = 1200

  /// Creates the ripple with Apple's defaults (tap at the origin, time 0).
  public init() {}

  /// The declaration: Metal order, units, ranges, roles; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Ripple>] = [
    .float2(
      "origin", \.origin, summary: "where the tap landed", unit: .points, role: .position,
      isRequired: true),
    .float(
      "time", \.time, summary: "time since the tap", unit: .seconds, validRange: .atLeast(0),
      suggestedRange: 0...3, role: .timeSinceTrigger),
    .float(
      "amplitude", \.amplitude, summary: "largest displacement", unit: .points,
      suggestedRange: 4...24),
    .float(
      "frequency", \.frequency, summary: "oscillation", unit: .radiansPerSecond,
      suggestedRange: 5...30),
    .float(
      "decay", \.decay, summary: "damping", unit: .perSecond, validRange: .atLeast(0),
      suggestedRange: 2...15),
    .float(
      "speed", \.speed, summary: "wave-front speed", unit: .pointsPerSecond,
      validRange: .greaterThan(0), suggestedRange: 300...3000),
  ]

  /// `(|amplitude|, |amplitude|)`: the wave moves a sample at most `amplitude` points.
  public var maxSampleOffset: float2 { float2(repeating: Swift.abs(amplitude)) }

  /// The ripple at `position` (one pixel or a batch of lanes).
  ///
  /// `Shaders/LayerEffects/Ripple.metal` line by line, with one early return where the wave has
  /// reached no lane, which gives the same bits (`isBeforeFront(_:distance:)`), and two
  /// rearrangements that leave the formula's value but not its last bits (within
  /// `Documentation/Semantics.md` §8.4, checked against the float64 reference and the compiled
  /// `.metal`):
  /// - `d / speed` is `d × (1 / speed)`, and the unit direction's two quotients and the
  ///   shading's `amount / amplitude` are one `1 / d` per lane: the displacement is
  ///   `(position − origin) × wave / d × amplitude` and the shading `0.3 × wave`, where
  ///   `wave = sin(frequency × t) × exp(−decay × t)` is the amount over the amplitude;
  /// - the lanes evaluate `wave` with fused multiply-adds (`dampedSine(_:_:)`).
  ///
  /// Measured on the 3203 × 2137 photo at t = 2 s, one thread (Benchmarks/HISTORY.md, "The
  /// full wave"): 58.9 → 54.2 instructions a pixel, and about 10 % less CPU time.
  @inlinable
  public func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F> {
    let origin = Vector2<F>(origin)
    // How far this pixel lies from the tap.
    let offset = position - origin
    let distance = length(offset)
    // The wave front needs distance / speed seconds to get here; until then nothing moves.
    let sinceFront = F(time) - distance * F(1 / speed)
    // Where it has reached no pixel of the batch, what follows gives the layer's own colour
    // plus +0 × alpha (isBeforeFront): skip the work.
    if isBeforeFront(sinceFront, distance: distance) {
      var color = layer.sample(position)
      color.rgb += 0 * color.a
      return color
    }
    let elapsed = max(0, sinceFront)
    // 1 / d, where the unit direction away from the tap is offset / d; at the tap itself there
    // is no direction, so no move. Divided while the wave below is computed, not after it.
    let inverseDistance = select(0, 1 / distance, distance > 0)
    // A damped sine: the signed displacement along the direction away from the tap, as a
    // fraction of the amplitude.
    let wave = Self.dampedSine(F(frequency) * elapsed, -F(decay) * elapsed)
    // The displacement per point of offset: amount / d.
    let stretch = wave * inverseDistance * F(amplitude)
    // Read the layer where the wave has pushed this pixel from.
    var color = layer.sample(position + stretch * offset)
    // Crests lighten and troughs darken; scaling by alpha keeps the colour premultiplied.
    let shade: F = select(0, 0.3 * wave, F(amplitude) != 0)
    color.rgb += shade * color.a
    return color
  }

  /// Whether the wave front has reached none of the lanes, where ``shade(position:layer:)``
  /// returns the layer's own colour plus +0 × alpha without the work in between.
  ///
  /// True when every lane has `time − distance × (1 / speed) < 0` and a finite `distance`
  /// (`mask.allLanes`, `Sources/LayerFXKernels/README.md` §3), and `amplitude`, `decay` and a
  /// plus-signed `frequency` are finite. There the formula's values are, exactly: `elapsed`
  /// +0 in every lane; `sin(frequency × +0) = +0` and `exp(−decay × +0) = 1` (in the C
  /// library and in ``dampedSine(_:_:)``), so the wave is +0; `1 / d` is finite or the 0 picked
  /// at `d == 0`, so the displacement is `±0 × offset`, a zero, and the sample is at
  /// `position + ±0`, the same texels and weights as at `position`; and the shading is
  /// `0.3 × +0 = +0` (or the +0 it picks at `amplitude == 0`), added as `+0 × alpha`, which
  /// keeps −0, negative and non-finite alphas as the formula does. So the bits are the
  /// formula's. Most batches of a frame early in a ripple are such; only the time changes
  /// (Benchmarks/HISTORY.md).
  @inlinable @inline(__always)
  func isBeforeFront<F: PixelLanes>(_ sinceFront: F, distance: F) -> Bool {
    amplitude.isFinite && frequency.isFinite && frequency.sign == .plus && decay.isFinite
      && ((sinceFront < 0) & (distance < F(Float.infinity))).allLanes
  }
}

extension ShaderFunction {
  /// The ripple as a shader function: ``Ripple``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/LayerEffects/Ripple.metal`; `Documentation/Semantics.md` §5.
  public static let ripple = ShaderFunction(
    Ripple.self, name: "ripple",
    summary: "a damped circular wave from a tap that displaces and shades the layer")
}
