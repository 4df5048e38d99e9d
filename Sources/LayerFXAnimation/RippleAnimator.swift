import Foundation

/// Drives any number of overlapping ripples: each tap restarts its own copy of one keyframe
/// timeline.
///
/// A tap is an origin (points) and a start time (seconds, on the caller's clock). At frame
/// time `now`, tap `k` has the parameters `timeline.value(time: now − startTime_k)`, and it is
/// active while `now ≥ startTime_k` and `0 < parameters.time < duration` (the condition Apple's
/// sample puts on `isEnabled`).
///
/// How overlapping ripples combine (SwiftUI has no notion of it; this is LayerFX's rule):
/// ``ripples(at:)`` lists the active ripples in tap order, and a renderer applies the ripple
/// layer effect once per entry, in that order, each pass reading the previous pass's output as
/// its layer, with that entry's ``RippleState/maxSampleOffset``. This is what stacking one
/// `.layerEffect` modifier per tap does in SwiftUI (the first tap innermost). The animator only
/// supplies the per-frame list; composing the passes is the renderer's job.
///
/// Source: Apple, WWDC24 session 10151 "Create custom visual effects with SwiftUI" (ripple
/// sample, `RippleModifier` and its `keyframeAnimator`); semantics.md §5.
public struct RippleAnimator: Sendable {
  /// A tap: where and when a ripple started.
  public struct Tap: Equatable, Sendable {
    /// Points.
    public var origin: SIMD2<Float>

    /// Seconds, on the same clock as the times passed to ``RippleAnimator/ripples(at:)``.
    public var startTime: TimeInterval

    /// Creates a tap.
    ///
    /// - Parameters:
    ///   - origin: Points.
    ///   - startTime: Seconds.
    public init(origin: SIMD2<Float>, startTime: TimeInterval) {
      self.origin = origin
      self.startTime = startTime
    }
  }

  /// The window of the `time` parameter in which a ripple is drawn, `(0, duration)` seconds.
  public let duration: TimeInterval

  /// The timeline every tap replays, from `RippleParameters()` unless built otherwise.
  public let timeline: KeyframeTimeline<RippleParameters>

  /// The taps so far, in the order they were added.
  public private(set) var taps: [Tap] = []

  /// Creates an animator with Apple's clock: `time` goes `MoveKeyframe(0)` then
  /// `LinearKeyframe(duration, duration: duration)`; the other parameters stay as in
  /// `parameters`.
  ///
  /// - Parameters:
  ///   - duration: Seconds a ripple lasts, finite and > 0; default 3.
  ///   - parameters: The amplitude, frequency, decay and speed of every ripple; Apple's
  ///     defaults unless given (its `time` is ignored: the clock sets it).
  /// - Precondition: `duration` is finite and > 0; checked in release.
  public init(duration: TimeInterval = 3, parameters: RippleParameters = RippleParameters()) {
    precondition(duration.isFinite && duration > 0, "ripple duration must be finite and > 0")
    let clock = KeyframeTrack(\RippleParameters.time) {
      MoveKeyframe(0.0)
      LinearKeyframe(duration, duration: duration)
    }
    // No spring keyframe, so the durations are known without the throwing check.
    let resolved = clock.resolved(initialValue: parameters, durations: [0, duration])
    self.init(
      duration: duration,
      timeline: KeyframeTimeline(initialValue: parameters, resolvedTracks: [resolved]))
  }

  /// Creates an animator whose taps replay `timeline`.
  ///
  /// The timeline should have a `time` track (without one, `time` stays at its initial value
  /// and the ripple is never or always active).
  ///
  /// - Parameters:
  ///   - duration: Seconds; the ripple is drawn while its `time` parameter is in
  ///     `(0, duration)`.
  ///   - timeline: The parameters over seconds since the tap.
  /// - Precondition: `duration` is finite and > 0; checked in release.
  public init(duration: TimeInterval, timeline: KeyframeTimeline<RippleParameters>) {
    precondition(duration.isFinite && duration > 0, "ripple duration must be finite and > 0")
    self.duration = duration
    self.timeline = timeline
  }

  /// Starts a ripple at `origin` at `time`.
  ///
  /// - Parameters:
  ///   - origin: Points.
  ///   - time: Seconds on the caller's clock.
  public mutating func tap(at origin: SIMD2<Float>, time: TimeInterval) {
    taps.append(Tap(origin: origin, startTime: time))
  }

  /// Returns the active ripples at `time`, in tap order, with their parameters.
  ///
  /// - Parameter time: Seconds on the caller's clock.
  /// - Returns: One ``RippleState`` per active tap; empty when none is active.
  /// - Complexity: O(taps × tracks × keyframes per track).
  public func ripples(at time: TimeInterval) -> [RippleState] {
    taps.compactMap { tap in
      let elapsed = time - tap.startTime
      guard elapsed >= 0 else { return nil }
      let parameters = timeline.value(time: elapsed)
      guard 0 < parameters.time && parameters.time < duration else { return nil }
      return RippleState(origin: tap.origin, parameters: parameters)
    }
  }

  /// Forgets the taps that can never be active again at or after `time`: their timeline has
  /// ended and its final `time` parameter lies outside `(0, duration)`.
  ///
  /// - Parameter time: Seconds on the caller's clock.
  public mutating func removeFinishedTaps(at time: TimeInterval) {
    let final = timeline.value(time: timeline.duration).time
    guard !(0 < final && final < duration) else { return }
    taps.removeAll { time - $0.startTime >= timeline.duration }
  }
}
