import Foundation

/// A keyframe track with every duration, start value and tangent fixed, ready to sample.
///
/// Built once per track by ``KeyframeTimeline``; sampling is then a pure function of time.
struct ResolvedKeyframeTrack<Value: VectorArithmetic>: Sendable {
  /// One segment `[start, end]` of the track.
  struct Piece: Sendable {
    enum Motion: Sendable {
      case jump
      case linear(from: Value, curve: UnitCurve)
      case spring(from: Value, velocity: Value, spring: Spring)
      case cubic(from: Value, startTangent: Value, endTangent: Value)
    }
    let start: TimeInterval
    let end: TimeInterval
    let target: Value
    let motion: Motion
    /// The value the piece ends with (`target`, except for a cut-off spring).
    let endValue: Value
  }

  let initialValue: Value
  let pieces: [Piece]

  /// The time at which the last piece ends, in seconds.
  var duration: TimeInterval { pieces.last?.end ?? 0 }

  /// Returns each keyframe's segment duration in seconds (0 for a move, the settling
  /// duration for a spring without one).
  ///
  /// - Throws: `KeyframeError.springNeverSettles` for a duration-less spring that never
  ///   settles.
  static func durations(of keyframes: [_Keyframe<Value>], track: Int) throws(KeyframeError)
    -> [TimeInterval]
  {
    var durations: [TimeInterval] = []
    for (index, keyframe) in keyframes.enumerated() {
      switch keyframe.kind {
      case .move: durations.append(0)
      case .linear(let duration, _), .cubic(let duration, _, _): durations.append(duration)
      case .spring(let duration, let spring, _):
        let resolved = duration ?? spring.settlingDuration
        guard resolved.isFinite else {
          throw .springNeverSettles(track: track, keyframe: index)
        }
        durations.append(resolved)
      }
    }
    return durations
  }

  /// Resolves `keyframes` with the given segment `durations` (from
  /// ``durations(of:track:)``), starting from `initialValue` at rest at time 0.
  init(initialValue: Value, keyframes: [_Keyframe<Value>], durations: [TimeInterval]) {
    // End times are needed ahead of the walk for Catmull-Rom tangents.
    var ends: [TimeInterval] = []
    var clock = 0.0
    for duration in durations {
      clock += duration
      ends.append(clock)
    }

    // Walk the keyframes carrying the value and velocity each one ends with.
    var value = initialValue
    var velocity = Value.zero
    var pieces: [Piece] = []
    for (index, keyframe) in keyframes.enumerated() {
      let start = index == 0 ? 0 : ends[index - 1]
      let duration = durations[index]
      let motion: Piece.Motion
      let endValue: Value
      let endVelocity: Value
      switch keyframe.kind {
      case .move:
        motion = .jump
        endValue = keyframe.value
        endVelocity = .zero
      case .linear(_, let curve):
        motion = .linear(from: value, curve: curve)
        endValue = keyframe.value
        endVelocity = Self.linearVelocity(
          from: value, to: keyframe.value, duration: duration, curve: curve, at: 1)
      case .spring(_, let spring, let startVelocity):
        let v0 = startVelocity ?? velocity
        motion = .spring(from: value, velocity: v0, spring: spring)
        endValue = spring.value(
          fromValue: value, toValue: keyframe.value, initialVelocity: v0, time: duration)
        endVelocity = spring.velocity(
          fromValue: value, toValue: keyframe.value, initialVelocity: v0, time: duration)
      case .cubic(_, let startVelocity, let givenEndVelocity):
        let m1 =
          givenEndVelocity
          ?? Self.cubicEndTangent(
            after: index, keyframes: keyframes, ends: ends, durations: durations,
            segmentStart: (start, value))
        motion = .cubic(from: value, startTangent: startVelocity ?? velocity, endTangent: m1)
        endValue = keyframe.value
        endVelocity = m1
      }
      pieces.append(
        Piece(
          start: start, end: start + duration, target: keyframe.value, motion: motion,
          endValue: endValue))
      value = endValue
      velocity = endVelocity
    }
    self.initialValue = initialValue
    self.pieces = pieces
  }

  /// The velocity of a linear keyframe at `progress` (0 or 1); zero for a zero duration or a
  /// vertical curve end (see ``LinearKeyframe``).
  static func linearVelocity(
    from: Value, to: Value, duration: TimeInterval, curve: UnitCurve, at progress: Double
  ) -> Value {
    guard duration > 0 else { return .zero }
    let v = (to - from).scaled(by: curve.velocity(at: progress) / duration)
    return v.magnitudeSquared.isFinite ? v : .zero
  }

  /// The derived end tangent of cubic keyframe `index` (rules in ``CubicKeyframe``).
  static func cubicEndTangent(
    after index: Int, keyframes: [_Keyframe<Value>], ends: [TimeInterval],
    durations: [TimeInterval], segmentStart: (time: TimeInterval, value: Value)
  ) -> Value {
    guard index + 1 < keyframes.count else { return .zero }
    let next = keyframes[index + 1]
    let catmullRom = { () -> Value in
      let span = ends[index + 1] - segmentStart.time
      return span > 0 ? (next.value - segmentStart.value).scaled(by: 1 / span) : .zero
    }
    switch next.kind {
    case .move: return .zero
    case .linear(let duration, let curve):
      return linearVelocity(
        from: keyframes[index].value, to: next.value, duration: duration, curve: curve, at: 0)
    case .spring(_, _, let startVelocity), .cubic(_, let startVelocity, _):
      return startVelocity ?? catmullRom()
    }
  }

  /// The track's value at `time` seconds; times before 0 count as 0, times after the end
  /// hold the last value.
  ///
  /// - Complexity: O(log n) for n pieces: the piece is found by binary search over the end
  ///   times, which never decrease (each is the sum of the durations before it, all ≥ 0).
  func value(time: TimeInterval) -> Value {
    let t = max(time, 0)
    // The first piece that ends after t: every piece before it has ended by t.
    var (low, high) = (0, pieces.count)
    while low < high {
      let middle = (low + high) / 2
      if t < pieces[middle].end { high = middle } else { low = middle + 1 }
    }
    guard low < pieces.count else { return pieces.last?.endValue ?? initialValue }
    return pieces[low].value(at: t - pieces[low].start)
  }
}

extension ResolvedKeyframeTrack.Piece {
  /// The value `local` seconds into the piece, `0 ≤ local < end − start`.
  func value(at local: TimeInterval) -> Value {
    let duration = end - start
    switch motion {
    case .jump:
      return target
    case .linear(let from, let curve):
      return from + (target - from).scaled(by: curve.value(at: local / duration))
    case .spring(let from, let velocity, let spring):
      return spring.value(fromValue: from, toValue: target, initialVelocity: velocity, time: local)
    case .cubic(let from, let m0, let m1):
      let s = local / duration
      let s2 = s * s
      let s3 = s2 * s
      return from.scaled(by: 2 * s3 - 3 * s2 + 1) + m0.scaled(by: (s3 - 2 * s2 + s) * duration)
        + target.scaled(by: -2 * s3 + 3 * s2) + m1.scaled(by: (s3 - s2) * duration)
    }
  }
}
