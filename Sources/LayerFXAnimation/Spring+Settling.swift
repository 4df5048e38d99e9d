import Foundation

extension Spring {
  /// The time, in seconds, after which a spring moving from 0 to 1 from rest stays within
  /// 0.001 of 1; `.infinity` for an undamped spring (`bounce == 1`), which never settles.
  ///
  /// Equal to `settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)`; a
  /// ``SpringKeyframe`` without a duration lasts this long.
  ///
  /// Source: Apple, "Spring.settlingDuration"
  /// (https://developer.apple.com/documentation/swiftui/spring/settlingduration);
  /// Documentation/Semantics.md §6 (ε = 0.001).
  public var settlingDuration: TimeInterval {
    settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)
  }

  /// Returns the time after which the spring's distance to `target` stays at or below
  /// `epsilon` for ever.
  ///
  /// The spring starts at zero with `initialVelocity` and moves toward `target`; the result
  /// is the last time `|value − target| = epsilon` (for vectors, the Euclidean length). SwiftUI
  /// does not document its estimate; ours is exact up to the search below. The distance is
  /// bounded by `e^(−λt) (|u0| + (ζω0|u0| + |v0|) min(t, L))` with `λ` the slowest decay rate
  /// and `L` = `1/ωd` (under-damped), `1/(2ωh)` (over-damped), ∞ (critical); past the time
  /// where that bound drops below `epsilon` nothing can cross. The interval before it is
  /// sampled (1/32 of a period for under-damped springs, at most 100 000 samples) and the last
  /// crossing is refined by bisection to 1e-12 relative.
  ///
  /// - Parameters:
  ///   - target: The total change, in the value's own unit.
  ///   - initialVelocity: Value units per second; default zero.
  ///   - epsilon: The tolerance in value units, > 0.
  /// - Returns: Seconds ≥ 0; 0 when the start is already within `epsilon` and at rest;
  ///   `.infinity` when the spring is undamped and moving.
  /// - Precondition: `epsilon` is finite and > 0; checked in release.
  ///
  /// Source: Apple, "Spring.settlingDuration(target:initialVelocity:epsilon:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/settlingduration(target:initialvelocity:epsilon:)).
  public func settlingDuration<V: VectorArithmetic>(
    target: V, initialVelocity: V = .zero, epsilon: Double
  ) -> TimeInterval {
    precondition(epsilon.isFinite && epsilon > 0, "settling epsilon must be finite and > 0")
    let u0 = .zero - target
    let distance = { (t: Double) -> Double in
      self._evolve(displacement: u0, velocity: initialVelocity, time: t).0.magnitudeSquared
        .squareRoot()
    }
    let startDistance = u0.magnitudeSquared.squareRoot()
    let startSpeed = initialVelocity.magnitudeSquared.squareRoot()
    if startDistance <= epsilon && startSpeed == 0 { return 0 }
    if dampingRatio == 0 { return .infinity }

    let w0 = angularFrequency
    let zeta = dampingRatio
    let decay: Double
    let horizon: Double
    let period: Double?
    if zeta < 1 {
      decay = zeta * w0
      let wd = w0 * ((1 - zeta) * (1 + zeta)).squareRoot()
      horizon = 1 / wd
      period = 2 * .pi / wd
    } else if zeta == 1 {
      decay = w0
      horizon = .infinity
      period = nil
    } else {
      let root = ((zeta - 1) * (zeta + 1)).squareRoot()
      decay = w0 / (zeta + root)
      horizon = 1 / (2 * w0 * root)
      period = nil
    }
    let growth = zeta * w0 * startDistance + startSpeed
    let bound = { (t: Double) -> Double in
      exp(-decay * t) * (startDistance + growth * min(t, horizon))
    }
    // The bound decreases for t > 1/decay; double from there until it is below epsilon.
    var end = 1 / decay
    while bound(end) > epsilon { end *= 2 }

    let sampleCount = Int(
      min(100_000, max(1024, ((period.map { end / $0 } ?? 0) * 32).rounded(.up))))
    let step = end / Double(sampleCount)
    var lastAbove = -1
    for i in 0...sampleCount where distance(Double(i) * step) > epsilon { lastAbove = i }
    if lastAbove < 0 { return 0 }
    var low = Double(lastAbove) * step
    var high = low + step
    while high - low > 1e-12 * high {
      let mid = (low + high) / 2
      if distance(mid) > epsilon { low = mid } else { high = mid }
    }
    return high
  }

  /// Creates a spring that settles (from 0 to 1, at rest, within `epsilon`) in
  /// `settlingDuration` seconds with the given damping ratio, or `nil` when
  /// `dampingRatio == 0` (it could never settle).
  ///
  /// The motion of a unit spring depends on time only through `ω0 t`, so with `τ` the settling
  /// time of the spring with `ω0 = 1` and the same `ζ`, the result has `ω0 = τ / settlingDuration`
  /// and mass 1. SwiftUI's initialiser is not failable; ours returns `nil` for
  /// `dampingRatio == 0` (an undamped spring never settles), the case where SwiftUI's behaviour
  /// is undocumented.
  ///
  /// - Parameters:
  ///   - settlingDuration: Seconds, finite and > 0.
  ///   - dampingRatio: ≥ 0; 1 is critically damped.
  ///   - epsilon: The settling tolerance as a fraction of the move, > 0; default 0.001.
  /// - Precondition: `settlingDuration` finite and > 0, `dampingRatio` finite and ≥ 0,
  ///   `epsilon` finite and > 0; checked in release.
  ///
  /// Source: Apple, "Spring.init(settlingDuration:dampingRatio:epsilon:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/init(settlingduration:dampingratio:epsilon:)).
  public init?(settlingDuration: TimeInterval, dampingRatio: Double, epsilon: Double = 0.001) {
    precondition(
      settlingDuration.isFinite && settlingDuration > 0,
      "settlingDuration must be finite and > 0")
    precondition(
      dampingRatio.isFinite && dampingRatio >= 0, "Spring dampingRatio must be finite and >= 0")
    if dampingRatio == 0 { return nil }
    let unit = Spring(mass: 1, angularFrequency: 1, dampingRatio: dampingRatio)
    let tau = unit.settlingDuration(target: 1.0, epsilon: epsilon)
    self.init(mass: 1, angularFrequency: tau / settlingDuration, dampingRatio: dampingRatio)
  }
}
