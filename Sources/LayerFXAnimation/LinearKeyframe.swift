import Foundation

/// A keyframe that interpolates from the previous value to its own along a ``UnitCurve``.
///
/// Over its segment `[T0, T0 + duration]` the value is
/// `from + (to − from) × timingCurve.value(at: (t − T0) / duration)`; it ends exactly at `to`
/// with velocity `(to − from) × timingCurve.velocity(at: 1) / duration`. A non-finite end
/// velocity (the circular curves end vertically) is passed on to the next keyframe as zero; a
/// zero duration acts as a move. Both are LayerFX choices where SwiftUI is silent.
///
/// Source: Apple, SwiftUI documentation, "LinearKeyframe"
/// (https://developer.apple.com/documentation/swiftui/linearkeyframe); Documentation/Semantics.md §7.
public struct LinearKeyframe<Value: VectorArithmetic>: KeyframeTrackContent {
  /// The value at the end of the segment.
  public let to: Value

  /// The length of the segment that ends at `to`, in seconds.
  public let duration: TimeInterval

  /// How progress through the segment maps to progress of the value.
  public let timingCurve: UnitCurve

  /// Creates a keyframe that reaches `to` after `duration` seconds along `timingCurve`.
  ///
  /// - Parameters:
  ///   - to: The value at the end of the segment.
  ///   - duration: Seconds, finite and ≥ 0.
  ///   - timingCurve: Default `.linear`.
  /// - Precondition: `duration` is finite and ≥ 0; checked in release.
  public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
    precondition(duration.isFinite && duration >= 0, "keyframe duration must be finite and >= 0")
    self.to = to
    self.duration = duration
    self.timingCurve = timingCurve
  }

  /// The keyframe in LayerFX's internal form.
  public var _keyframes: [_Keyframe<Value>] {
    [_Keyframe(value: to, kind: .linear(duration: duration, curve: timingCurve))]
  }
}
