import Foundation

/// The animatable arguments of the WWDC24 ripple, the value a ripple's ``KeyframeTimeline``
/// animates.
///
/// Defaults are those of Apple's sample. Any of them can have a track, e.g. the amplitude on a
/// spring: `KeyframeTrack(\.amplitude) { SpringKeyframe(4, spring: .bouncy) }`.
///
/// Source: Apple, WWDC24 session 10151 "Create custom visual effects with SwiftUI" (ripple
/// sample); semantics.md §5.
public struct RippleParameters: Equatable, Sendable {
  /// Seconds since the tap as the shader sees it (the `time` argument); default 0.
  public var time: TimeInterval

  /// Maximum displacement in points; default 12.
  ///
  /// Looks good from 4 to 30.
  public var amplitude: Double

  /// Angular frequency of the wave in radians per second; default 15.
  public var frequency: Double

  /// Exponential decay rate per second; default 8.
  public var decay: Double

  /// Speed of the wave front in points per second; default 1200.
  public var speed: Double

  /// Creates ripple parameters; every argument defaults to Apple's sample value.
  ///
  /// - Parameters:
  ///   - time: Seconds.
  ///   - amplitude: Points.
  ///   - frequency: Radians per second.
  ///   - decay: Per second.
  ///   - speed: Points per second.
  public init(
    time: TimeInterval = 0, amplitude: Double = 12, frequency: Double = 15, decay: Double = 8,
    speed: Double = 1200
  ) {
    self.time = time
    self.amplitude = amplitude
    self.frequency = frequency
    self.decay = decay
    self.speed = speed
  }
}
