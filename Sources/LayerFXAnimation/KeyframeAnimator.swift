import Foundation

/// One keyframe timeline replayed from the start every time a trigger fires: SwiftUI's
/// `keyframeAnimator(initialValue:trigger:content:keyframes:)` as a value.
///
/// A trigger is a time (seconds, on the caller's clock) and a payload (such as the point a tap
/// landed on). At time `now`, a trigger that fired at `t₀ ≤ now` has the value
/// `timeline.value(time: now − t₀)`; triggers that have not fired yet have none. SwiftUI
/// restarts one timeline per view; here every trigger keeps its own replay, so replays overlap
/// (how overlapping values combine, such as stacked effects, is the caller's rule).
///
/// Source: Apple, SwiftUI documentation, "keyframeAnimator(initialValue:trigger:content:keyframes:)"
/// (https://developer.apple.com/documentation/swiftui/view/keyframeanimator(initialvalue:trigger:content:keyframes:));
/// `Documentation/Semantics.md` §5 and §7.
public struct KeyframeAnimator<Value: Sendable, Payload: Sendable>: Sendable {
  /// A fired trigger: when, and what it carries.
  public struct Trigger: Sendable {
    /// Seconds on the caller's clock.
    public var time: TimeInterval
    /// What the trigger carries, such as a tap's point.
    public var payload: Payload

    /// Creates a trigger.
    ///
    /// - Parameters:
    ///   - time: Seconds on the caller's clock.
    ///   - payload: What it carries.
    public init(time: TimeInterval, payload: Payload) {
      self.time = time
      self.payload = payload
    }
  }

  /// One replay at one time: its trigger, the seconds since it, and the timeline's value then.
  public struct Replay: Sendable {
    /// The trigger that started this replay.
    public let trigger: Trigger
    /// Seconds since the trigger, ≥ 0.
    public let elapsed: TimeInterval
    /// `timeline.value(time: elapsed)`.
    public let value: Value
  }

  /// The timeline every trigger replays.
  public let timeline: KeyframeTimeline<Value>

  /// The triggers so far, in the order they fired (added).
  public private(set) var triggers: [Trigger]

  /// Creates an animator.
  ///
  /// - Parameters:
  ///   - timeline: The timeline each trigger replays, over seconds since the trigger.
  ///   - triggers: Triggers already fired, in order.
  public init(timeline: KeyframeTimeline<Value>, triggers: [Trigger] = []) {
    self.timeline = timeline
    self.triggers = triggers
  }

  /// Fires a trigger carrying `payload` at `time`.
  ///
  /// - Parameters:
  ///   - payload: What the trigger carries.
  ///   - time: Seconds on the caller's clock.
  public mutating func trigger(_ payload: Payload, at time: TimeInterval) {
    triggers.append(Trigger(time: time, payload: payload))
  }

  /// Returns the replays under way at `time`: one per trigger fired at or before it, in trigger
  /// order.
  ///
  /// - Parameter time: Seconds on the caller's clock.
  /// - Returns: The replays; empty when no trigger has fired yet.
  /// - Complexity: O(triggers × tracks × keyframes per track).
  public func replays(at time: TimeInterval) -> [Replay] {
    triggers.compactMap { trigger in
      let elapsed = time - trigger.time
      guard elapsed >= 0 else { return nil }
      return Replay(trigger: trigger, elapsed: elapsed, value: timeline.value(time: elapsed))
    }
  }

  /// The time at which the last replay ends: the latest trigger time (0 without triggers) plus
  /// the timeline's duration, seconds.
  public var endTime: TimeInterval {
    (triggers.map(\.time).max() ?? 0) + timeline.duration
  }
}
