import Foundation

/// A value animated by keyframe tracks, sampled at any time.
///
/// ```swift
/// let start = ParameterValues(["time": 0, "amplitude": 12])
/// let timeline = try KeyframeTimeline(initialValue: start) {
///   KeyframeTrack(ParameterValues.keyPath("time")) {
///     MoveKeyframe(0)
///     LinearKeyframe(3, duration: 3)
///   }
///   KeyframeTrack(ParameterValues.keyPath("amplitude")) {
///     SpringKeyframe(4, duration: 1, spring: .bouncy)
///   }
/// }
/// timeline.value(time: 0.5)
/// ```
/// Each track writes its property; properties without a track keep their initial value. If
/// two tracks animate the same property the later one wins (SwiftUI does not say). The
/// timeline's duration is its longest track's; sampling is a pure function of time, with
/// negative times treated as 0 and times past a track's end holding its last value.
///
/// Source: Apple, SwiftUI documentation, "KeyframeTimeline"
/// (https://developer.apple.com/documentation/swiftui/keyframetimeline); WWDC23 session 10157
/// "Wind your way through advanced animations in SwiftUI"; Documentation/Semantics.md §7.
public struct KeyframeTimeline<Value: Sendable>: Sendable {
  /// The value before any keyframe applies.
  public let initialValue: Value

  private let tracks: [_ResolvedKeyframes<Value>]

  /// The length of the longest track, in seconds.
  public let duration: TimeInterval

  /// Creates a timeline from `initialValue` and its tracks.
  ///
  /// Unlike SwiftUI's initialiser this one throws: a ``SpringKeyframe`` without a duration
  /// whose spring never settles (bounce 1) would make a track endless.
  ///
  /// - Parameters:
  ///   - initialValue: The value at time 0 before the first keyframes apply.
  ///   - content: The tracks.
  /// - Throws: ``KeyframeError/springNeverSettles(track:keyframe:)``.
  public init(
    initialValue: Value, @KeyframesBuilder<Value> content: () -> [any Keyframes<Value>]
  ) throws(KeyframeError) {
    var tracks: [_ResolvedKeyframes<Value>] = []
    for (index, track) in content().enumerated() {
      tracks.append(try track._resolve(initialValue: initialValue, track: index))
    }
    self.init(initialValue: initialValue, resolvedTracks: tracks)
  }

  /// Creates a timeline from tracks that are already resolved (and so cannot fail).
  init(initialValue: Value, resolvedTracks tracks: [_ResolvedKeyframes<Value>]) {
    self.initialValue = initialValue
    self.tracks = tracks
    self.duration = tracks.map(\.duration).max() ?? 0
  }

  /// Returns the value at `time`.
  ///
  /// - Parameter time: Seconds since the start; negative times give the value at 0, times past
  ///   ``duration`` the final value.
  /// - Returns: The initial value with every track's property set.
  ///
  /// Source: Apple, "KeyframeTimeline.value(time:)"
  /// (https://developer.apple.com/documentation/swiftui/keyframetimeline/value(time:)).
  public func value(time: TimeInterval) -> Value {
    var value = initialValue
    for track in tracks { track.apply(time, &value) }
    return value
  }

  /// Returns the value at `progress × duration`.
  ///
  /// - Parameter progress: A 0…1 fraction of ``duration``; clamped to [0, 1].
  /// - Returns: The value at that time.
  ///
  /// Source: Apple, "KeyframeTimeline.value(progress:)"
  /// (https://developer.apple.com/documentation/swiftui/keyframetimeline/value(progress:)).
  public func value(progress: Double) -> Value {
    value(time: min(max(progress, 0), 1) * duration)
  }
}

extension KeyframeTimeline {
  /// Creates a timeline with one track: the clock at `keyPath` jumps to 0 and runs linearly to
  /// `duration` over `duration` seconds (`MoveKeyframe(0)`, `LinearKeyframe(duration,
  /// duration: duration)`), the clock of Apple's ripple sample; every other property keeps its
  /// value in `initialValue`.
  ///
  /// - Parameters:
  ///   - initialValue: The value the clock animates.
  ///   - keyPath: The clock's property, in seconds.
  ///   - duration: Seconds, finite and ≥ 0.
  /// - Precondition: `duration` is finite and ≥ 0; checked in release.
  ///
  /// Source: Apple, WWDC24 session 10151 "Create custom visual effects with SwiftUI" (the
  /// ripple's `keyframeAnimator`); `Documentation/Semantics.md` §5.
  public init(
    initialValue: Value, clock keyPath: WritableKeyPath<Value, Double> & Sendable,
    duration: TimeInterval
  ) {
    precondition(duration.isFinite && duration >= 0, "clock duration must be finite and ≥ 0")
    let clock = KeyframeTrack(keyPath) {
      MoveKeyframe(0.0)
      LinearKeyframe(duration, duration: duration)
    }
    // No spring keyframe, so the durations are known without the throwing check.
    self.init(
      initialValue: initialValue,
      resolvedTracks: [clock.resolved(initialValue: initialValue, durations: [0, duration])])
  }
}

extension KeyframeTimeline {
  /// Creates a timeline without tracks: `initialValue` at every time, duration 0.
  ///
  /// - Parameter initialValue: The value at every time.
  public init(constant initialValue: Value) {
    self.init(initialValue: initialValue, resolvedTracks: [])
  }
}
