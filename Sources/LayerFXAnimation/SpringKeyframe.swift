import Foundation

/// A keyframe in which a spring pulls the value from the previous value toward its own.
///
/// The spring starts from the value and velocity the previous keyframe ended with (or from
/// `startVelocity` when given) and runs for `duration` seconds; it is cut off there, so the
/// segment may end short of `to` or past it, and the next keyframe starts from the spring's
/// actual value and velocity. Without a duration the segment lasts `spring.settlingDuration`
/// (the spring's own settling time from 0 to 1, independent of the values: a LayerFX choice,
/// SwiftUI does not say which estimate it uses). A spring that never settles (bounce 1) then
/// has no duration, and ``KeyframeTimeline/init(initialValue:content:)`` throws
/// ``KeyframeError/springNeverSettles(track:keyframe:)``.
///
/// Source: Apple, SwiftUI documentation, "SpringKeyframe"
/// (https://developer.apple.com/documentation/swiftui/springkeyframe); Documentation/Semantics.md §7.
public struct SpringKeyframe<Value: VectorArithmetic>: KeyframeTrackContent {
  /// The spring's target.
  public let to: Value

  /// The length of the segment in seconds, or `nil` for the spring's settling duration.
  public let duration: TimeInterval?

  /// The spring that moves the value.
  public let spring: Spring

  /// The velocity at the start of the segment (value units per second), or `nil` to inherit
  /// the previous keyframe's end velocity.
  public let startVelocity: Value?

  /// Creates a keyframe that springs toward `to`.
  ///
  /// - Parameters:
  ///   - to: The spring's target.
  ///   - duration: Seconds, finite and ≥ 0, or `nil` (default) for `spring.settlingDuration`.
  ///   - spring: Default `Spring()` (duration 0.5 s, bounce 0).
  ///   - startVelocity: Value units per second, or `nil` (default) to inherit.
  /// - Precondition: `duration`, when given, is finite and ≥ 0; checked in release.
  public init(
    _ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(),
    startVelocity: Value? = nil
  ) {
    if let duration {
      precondition(
        duration.isFinite && duration >= 0, "keyframe duration must be finite and >= 0")
    }
    self.to = to
    self.duration = duration
    self.spring = spring
    self.startVelocity = startVelocity
  }

  /// The keyframe in LayerFX's internal form.
  public var _keyframes: [_Keyframe<Value>] {
    [
      _Keyframe(
        value: to, kind: .spring(duration: duration, spring: spring, startVelocity: startVelocity))
    ]
  }
}
