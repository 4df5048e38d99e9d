import Foundation

extension Spring {
  /// Returns the weights `(c, s)` of the spring's free response after `time` seconds.
  ///
  /// A displacement `u0` from the target and a velocity `v0` evolve as
  /// `u(t) = u0 (c + ζω0 s) + v0 s` and `u′(t) = v0 (c − ζω0 s) − ω0² u0 s`, where
  /// - under-damped (`ζ < 1`, `ωd = ω0 √(1 − ζ²)`): `c = e^(−ζω0t) cos ωd t`,
  ///   `s = e^(−ζω0t) sin(ωd t) / ωd`;
  /// - critically damped (`ζ = 1`): `c = e^(−ω0t)`, `s = t e^(−ω0t)`;
  /// - over-damped (`ζ > 1`, `ωh = ω0 √(ζ² − 1)`): `c = e^(−ζω0t) cosh ωh t`,
  ///   `s = e^(−ζω0t) sinh(ωh t) / ωh`.
  ///
  /// Numerics: `√(1 − ζ²)` is formed as `√((1 − ζ)(1 + ζ))`; the over-damped case is written
  /// with the slow rate `ζω0 − ωh = ω0 / (ζ + √(ζ² − 1))` and `expm1`, so no `cosh` overflows
  /// against an underflowing exponential for large `t` and nothing cancels as `ζ → 1`.
  ///
  /// Source: any text on the damped harmonic oscillator, e.g. A. P. French, "Vibrations and
  /// Waves" (1971), ch. 4; Documentation/Semantics.md §6.
  @usableFromInline
  func _responseWeights(time t: Double) -> (c: Double, s: Double) {
    let w0 = angularFrequency
    let zeta = dampingRatio
    if zeta < 1 {
      let wd = w0 * ((1 - zeta) * (1 + zeta)).squareRoot()
      let envelope = exp(-zeta * w0 * t)
      return (envelope * cos(wd * t), envelope * sin(wd * t) / wd)
    } else if zeta == 1 {
      let envelope = exp(-w0 * t)
      return (envelope, t * envelope)
    } else {
      let root = ((zeta - 1) * (zeta + 1)).squareRoot()
      let wh = w0 * root
      let slow = exp(-w0 / (zeta + root) * t)
      return (slow * (1 + exp(-2 * wh * t)) / 2, slow * -expm1(-2 * wh * t) / (2 * wh))
    }
  }

  /// Returns the displacement and velocity after `time` seconds of free motion from
  /// displacement `u0` and velocity `v0`; negative times count as 0.
  ///
  /// - Precondition: `time` is finite; checked in release.
  @usableFromInline
  func _evolve<V: VectorArithmetic>(displacement u0: V, velocity v0: V, time: TimeInterval)
    -> (displacement: V, velocity: V)
  {
    precondition(time.isFinite, "Spring time must be finite")
    let (c, s) = _responseWeights(time: max(0, time))
    let a = dampingRatio * angularFrequency
    let displacement = u0.scaled(by: c + a * s) + v0.scaled(by: s)
    let velocity =
      v0.scaled(by: c - a * s) - u0.scaled(by: angularFrequency * angularFrequency * s)
    return (displacement, velocity)
  }

  /// Returns the value of a spring that starts at zero and moves by `target`, after `time`.
  ///
  /// `value = target + u(t)` with `u(0) = −target`, `u′(0) = initialVelocity`. For
  /// `Spring(duration: 0.5, bounce: 0)` and target 1 from rest: 0.35774 at 0.1 s, 0.82103 at
  /// 0.25 s, 0.98640 at 0.5 s.
  ///
  /// - Parameters:
  ///   - target: The total change, in the value's own unit.
  ///   - initialVelocity: Value units per second; default zero.
  ///   - time: Seconds since the start; negative times give the start value.
  /// - Returns: The value at `time`, same unit as `target`.
  /// - Precondition: `time` is finite; checked in release.
  ///
  /// Source: Apple, "Spring.value(target:initialVelocity:time:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/value(target:initialvelocity:time:));
  /// Documentation/Semantics.md §6.
  public func value<V: VectorArithmetic>(
    target: V, initialVelocity: V = .zero, time: TimeInterval
  ) -> V {
    target + _evolve(displacement: .zero - target, velocity: initialVelocity, time: time).0
  }

  /// Returns the velocity of a spring that starts at zero and moves by `target`, after `time`.
  ///
  /// - Parameters:
  ///   - target: The total change, in the value's own unit.
  ///   - initialVelocity: Value units per second; default zero.
  ///   - time: Seconds since the start, finite; negative times give the start velocity.
  /// - Returns: The velocity in value units per second.
  ///
  /// Source: Apple, "Spring.velocity(target:initialVelocity:time:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/velocity(target:initialvelocity:time:)).
  public func velocity<V: VectorArithmetic>(
    target: V, initialVelocity: V = .zero, time: TimeInterval
  ) -> V {
    _evolve(displacement: .zero - target, velocity: initialVelocity, time: time).1
  }

  /// Returns the value of a spring moving from `fromValue` toward `toValue`, after `time`.
  ///
  /// - Parameters:
  ///   - fromValue: The value at time 0.
  ///   - toValue: The target the spring settles on.
  ///   - initialVelocity: Value units per second at time 0.
  ///   - time: Seconds since the start, finite; negative times give `fromValue`.
  /// - Returns: The value at `time`.
  ///
  /// Source: Apple, "Spring.value(fromValue:toValue:initialVelocity:time:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/value(fromvalue:tovalue:initialvelocity:time:)).
  public func value<V: VectorArithmetic>(
    fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval
  ) -> V {
    toValue + _evolve(displacement: fromValue - toValue, velocity: initialVelocity, time: time).0
  }

  /// Returns the velocity of a spring moving from `fromValue` toward `toValue`, after `time`.
  ///
  /// - Parameters:
  ///   - fromValue: The value at time 0.
  ///   - toValue: The target the spring settles on.
  ///   - initialVelocity: Value units per second at time 0.
  ///   - time: Seconds since the start, finite; negative times give `initialVelocity`.
  /// - Returns: The velocity in value units per second.
  ///
  /// Source: Apple, "Spring.velocity(fromValue:toValue:initialVelocity:time:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/velocity(fromvalue:tovalue:initialvelocity:time:)).
  public func velocity<V: VectorArithmetic>(
    fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval
  ) -> V {
    _evolve(displacement: fromValue - toValue, velocity: initialVelocity, time: time).1
  }

  /// Returns the spring's force on an object at `position` moving at `velocity`.
  ///
  /// `force = −stiffness × (position − target) − damping × velocity`; divided by ``mass`` it is
  /// the acceleration (the two coincide for the usual mass 1). Apple documents the result in
  /// "units of the vector type per second squared", which is this force for mass 1; for other
  /// masses we return the physical force (our choice, SwiftUI is silent).
  ///
  /// - Parameters:
  ///   - target: The rest position.
  ///   - position: The current position.
  ///   - velocity: Value units per second.
  /// - Returns: The force, mass × value units per second².
  ///
  /// Source: Apple, "Spring.force(target:position:velocity:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/force(target:position:velocity:)).
  public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
    .zero - (position - target).scaled(by: stiffness) - velocity.scaled(by: damping)
  }
}
