import Foundation

/// A value animated by keyframe tracks, sampled at any time.
///
/// ```swift
/// let timeline = try KeyframeTimeline(initialValue: RippleParameters()) {
///   KeyframeTrack(\.time) {
///     MoveKeyframe(0)
///     LinearKeyframe(3, duration: 3)
///   }
///   KeyframeTrack(\.amplitude) {
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
/// "Wind your way through advanced animations in SwiftUI"; semantics.md §7.
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
