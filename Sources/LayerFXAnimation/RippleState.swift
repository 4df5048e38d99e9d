import Foundation

/// One active ripple in one frame: the arguments for one application of the ripple kernel.
///
/// Source: semantics.md §5 (argument order `origin, time, amplitude, frequency, decay, speed`).
public struct RippleState: Equatable, Sendable {
  /// Where the tap landed, in points (origin top-left, y down).
  public var origin: SIMD2<Float>

  /// Seconds since the tap, as read from the ripple's timeline (its `time` track).
  public var time: TimeInterval

  /// Maximum displacement in points.
  public var amplitude: Double

  /// Radians per second.
  public var frequency: Double

  /// Per second.
  public var decay: Double

  /// Points per second.
  public var speed: Double

  /// Creates a ripple state from a tap's origin and its timeline's parameters at one time.
  ///
  /// - Parameters:
  ///   - origin: Points.
  ///   - parameters: The timeline's value for this ripple.
  public init(origin: SIMD2<Float>, parameters: RippleParameters) {
    self.origin = origin
    self.time = parameters.time
    self.amplitude = parameters.amplitude
    self.frequency = parameters.frequency
    self.decay = parameters.decay
    self.speed = parameters.speed
  }

  /// The layer effect's `maxSampleOffset`: `(|amplitude|, |amplitude|)` points.
  ///
  /// Source: semantics.md §5.
  public var maxSampleOffset: SIMD2<Float> { SIMD2(repeating: Float(abs(amplitude))) }
}
