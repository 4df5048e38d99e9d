import Foundation
import LayerFX
import LayerFXMath

/// Returns the WWDC24 ripple at `position`: the layer displaced along a damped circular wave
/// spreading from `origin`, lightened on crests and darkened in troughs.
///
/// ```
/// d      = length(position − origin)
/// t      = max(0, time − d / speed)
/// amount = amplitude × sin(frequency × t) × exp(−decay × t)
/// n      = d > 0 ? (position − origin) / d : 0
/// color  = layer.sample(position + amount × n)
/// color.rgb += 0.3 × (amount / amplitude) × color.a
/// ```
/// A layer effect with `maxSampleOffset = (amplitude, amplitude)`, enabled for
/// `0 < time < duration`.
///
/// - Parameters:
///   - position: The pixel's position, points.
///   - layer: The padded source layer.
///   - origin: Where the tap landed, points.
///   - time: Seconds since the tap, ≥ 0.
///   - amplitude: The largest displacement, points; looks good 4…24, default 12.
///   - frequency: Radians per second; 5…30, default 15.
///   - decay: Exponential damping per second; 2…15, default 8.
///   - speed: Speed of the wave front, points per second, > 0; 300…3000, default 1200.
/// - Returns: Premultiplied RGBA.
///
/// Source: `Shaders/LayerEffects/Ripple.metal` (Apple's `Ripple`, WWDC24 "Create custom visual
/// effects with SwiftUI"); semantics.md §5. Departures from Apple's code, both at points where it
/// divides by zero: no displacement at `d == 0` (Apple: NaN) and no shading when
/// `amplitude == 0` (Apple: 0/0).
@inlinable
public func ripple(
  position: float2, layer: Layer, origin: float2, time: Float, amplitude: Float,
  frequency: Float, decay: Float, speed: Float
) -> half4 {
  // How far this pixel lies from the tap.
  let distance = length(position - origin)
  // The wave front needs distance / speed seconds to get here; until then nothing moves.
  let elapsed = max(0, time - distance / speed)
  // A damped sine: the signed displacement along the direction away from the tap.
  let rippleAmount = amplitude * sin(frequency * elapsed) * exp(-decay * elapsed)
  // Unit direction away from the tap; at the tap itself there is no direction, so no move.
  let n = distance > 0 ? (position - origin) / distance : float2.zero
  // Read the layer where the wave has pushed this pixel from.
  var color = layer.sample(position + rippleAmount * n)
  // Crests lighten and troughs darken; scaling by alpha keeps the colour premultiplied.
  let shade: Float = amplitude != 0 ? 0.3 * (rippleAmount / amplitude) : 0
  color.rgb += shade * color.a
  return color
}

/// Returns the ripple at eight positions at once: the lane form of
/// ``ripple(position:layer:origin:time:amplitude:frequency:decay:speed:)``, step for step, with
/// `fast.sin`, `fast.exp`, the lane sampler, and reciprocals in place of divisions.
///
/// - Parameters:
///   - position: Eight pixel positions, points.
///   - layer: The padded source layer.
///   - origin: Where the tap landed, points.
///   - time: Seconds since the tap, ≥ 0.
///   - amplitude: The largest displacement, points.
///   - frequency: Radians per second.
///   - decay: Exponential damping per second.
///   - speed: Speed of the wave front, points per second, > 0.
/// - Returns: Eight premultiplied RGBA colours; each within 1 8-bit code value of the scalar
///   form's for the same position.
///
/// Source: `Shaders/LayerEffects/Ripple.metal`; semantics.md §5.
@inlinable @inline(__always)
public func ripple(
  position: LanePosition, layer: Layer, origin: float2, time: Float, amplitude: Float,
  frequency: Float, decay: Float, speed: Float
) -> LaneColor {
  let dx = position.x - origin.x
  let dy = position.y - origin.y
  let distance = (dx * dx + dy * dy).squareRoot()
  // Divisions are slow in SIMD lanes: one reciprocal serves both direction components, and the
  // argument-only quotients are hoisted (each differs from the scalar form by an ulp at most).
  let sinceFront = time - distance * (1 / speed)
  // max(0, ·) as the scalar form's `max` computes it (NaN gives 0), in one compare and blend.
  let elapsed = sinceFront.replacing(with: 0, where: .!(sinceFront .>= 0))
  let rippleAmount = amplitude * fast.sin(frequency * elapsed) * fast.exp(-decay * elapsed)
  let inverseDistance = (1 / distance).replacing(with: 0, where: .!(distance .> 0))
  let nx = dx * inverseDistance
  let ny = dy * inverseDistance
  let color = layer.sample(
    LanePosition(x: position.x + rippleAmount * nx, y: position.y + rippleAmount * ny))
  let shade = rippleAmount * (amplitude != 0 ? 0.3 / amplitude : 0)
  // rgb += shade × a as one 4-lane add per pixel; the alpha lane's addend is masked to +0.
  let rgbBits = SIMD4<UInt32>(.max, .max, .max, 0)
  return color.mapLanes { lane, color in
    let addend = unsafeBitCast(SIMD4(repeating: shade[lane] * color.a), to: SIMD4<UInt32>.self)
    return color + unsafeBitCast(addend & rgbBits, to: half4.self)
  }
}

extension ShaderFunction {
  /// The ripple as a shader function.
  ///
  /// Parameters `origin: float2, time, amplitude, frequency, decay, speed: float`, with the
  /// defaults of semantics.md §5 (time 0, amplitude 12, frequency 15, decay 8, speed 1200).
  /// Its `maxSampleOffset` is `(amplitude, amplitude)`.
  ///
  /// Source: `Shaders/LayerEffects/Ripple.metal`; semantics.md §5.
  public static let ripple = ShaderFunction(
    name: "ripple", kind: .layer,
    summary: "a damped circular wave from a tap that displaces and shades the layer",
    parameters: [
      .init("origin", .float2, summary: "where the tap landed, points"),
      .init("time", .float, summary: "seconds since the tap", defaultValue: .float(0)),
      .init(
        "amplitude", .float, summary: "largest displacement, points (suggested 4…24)",
        defaultValue: .float(12)),
      .init(
        "frequency", .float, summary: "oscillation, radians per second (suggested 5…30)",
        defaultValue: .float(15)),
      .init(
        "decay", .float, summary: "damping per second (suggested 2…15)", defaultValue: .float(8)),
      .init(
        "speed", .float, summary: "wave-front speed, points per second (suggested 300…3000)",
        defaultValue: .float(1200)),
    ],
    maxSampleOffset: { arguments in float2(repeating: abs(arguments.float(2))) },
    makeLaneKernel: { arguments in
      let a = RippleArguments(arguments)
      return .layer { row in
        row.shade { position in
          LayerFXKernels.ripple(
            position: position, layer: row.layer, origin: a.origin, time: a.time,
            amplitude: a.amplitude, frequency: a.frequency, decay: a.decay, speed: a.speed)
        }
      }
    }
  ) { arguments in
    let a = RippleArguments(arguments)
    return .layer { position, layer in
      LayerFXKernels.ripple(
        position: position, layer: layer, origin: a.origin, time: a.time,
        amplitude: a.amplitude, frequency: a.frequency, decay: a.decay, speed: a.speed)
    }
  }
}

/// The ripple's arguments, read once from the checked shader arguments in declaration order,
/// for both the closure form and the lane form.
private struct RippleArguments {
  let origin: float2
  let time, amplitude, frequency, decay, speed: Float

  init(_ arguments: ShaderArguments) {
    origin = arguments.float2(0)
    time = arguments.float(1)
    amplitude = arguments.float(2)
    frequency = arguments.float(3)
    decay = arguments.float(4)
    speed = arguments.float(5)
  }
}
