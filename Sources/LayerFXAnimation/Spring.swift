import Foundation

/// A damped harmonic oscillator described the way SwiftUI describes springs.
///
/// A spring pulls a value `x` toward a target with the force `−stiffness × (x − target)` and
/// slows it with `−damping × velocity`; with mass `m` the motion obeys
/// `m x″ + damping x′ + stiffness (x − target) = 0`. Internally a spring is its mass, its
/// undamped angular frequency `ω0 = √(stiffness / mass)` (radians per second) and its damping
/// ratio `ζ = damping / (2 √(stiffness × mass))`; every other property is derived from these.
///
/// The motion itself (``value(target:initialVelocity:time:)`` and friends) lives in
/// `Spring+Motion.swift`, settling in `Spring+Settling.swift`, presets in
/// `Spring+Presets.swift`.
///
/// Source: Apple, SwiftUI documentation, "Spring"
/// (https://developer.apple.com/documentation/swiftui/spring); WWDC23 session 10158
/// "Animate with springs"; LayerFX Documentation/Semantics.md §6.
public struct Spring: Hashable, Sendable {
  /// The mass of the animated object (1 unless set through `init(mass:stiffness:damping:)`).
  public let mass: Double

  /// The undamped angular frequency `ω0 = 2π / duration`, in radians per second.
  @usableFromInline
  let angularFrequency: Double

  /// The damping ratio `ζ`: 0 undamped, below 1 under-damped (bounces), 1 critically damped,
  /// above 1 over-damped.
  public let dampingRatio: Double

  /// Creates a spring from its perceptual duration and bounce (SwiftUI's primary form).
  ///
  /// `mass = 1`, `ω0 = 2π / duration`, `ζ = 1 − bounce` for `bounce ≥ 0` and
  /// `ζ = 1 / (1 + bounce)` for `bounce < 0`; so `stiffness = ω0²`, `damping = 2ζω0`.
  /// `Spring(duration: 0.5, bounce: 0.3)` has stiffness 157.9 and damping 17.6.
  ///
  /// - Parameters:
  ///   - duration: The perceptual duration in seconds, > 0; default 0.5. It is the period of
  ///     the undamped oscillation, not the settling time (see ``settlingDuration``).
  ///   - bounce: −1 < bounce ≤ 1; 0 (default) is critically damped, positive values bounce
  ///     (1 oscillates for ever and never settles), negative values are over-damped.
  /// - Precondition: `duration` is finite and > 0, `bounce` is in (−1, 1]; checked in release.
  ///
  /// Source: Apple, "Spring.init(duration:bounce:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/init(duration:bounce:));
  /// Documentation/Semantics.md §6.
  public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) {
    precondition(duration.isFinite && duration > 0, "Spring duration must be finite and > 0")
    precondition(bounce > -1 && bounce <= 1, "Spring bounce must be in (-1, 1]")
    self.mass = 1
    self.angularFrequency = 2 * .pi / duration
    self.dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
  }

  /// Creates a spring from its physical constants.
  ///
  /// `ω0 = √(stiffness / mass)`, `ζ = damping / (2 √(stiffness × mass))`. With
  /// `allowOverDamping == false` (the default) a damping above critical is treated as critical
  /// (`ζ` is capped at 1, so ``damping`` may report less than was passed), as SwiftUI
  /// documents. `Spring(mass: 1, stiffness: 100, damping: 10)` has duration 0.63 s and
  /// bounce 0.5.
  ///
  /// - Parameters:
  ///   - mass: The mass, > 0; default 1.
  ///   - stiffness: The spring constant, > 0 (force per unit of displacement).
  ///   - damping: The friction coefficient, ≥ 0 (force per unit of velocity).
  ///   - allowOverDamping: Whether a damping ratio above 1 is kept.
  /// - Precondition: All three constants are finite, `mass > 0`, `stiffness > 0`,
  ///   `damping ≥ 0`; checked in release.
  ///
  /// Source: Apple, "Spring.init(mass:stiffness:damping:allowOverDamping:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/init(mass:stiffness:damping:allowoverdamping:)).
  public init(
    mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false
  ) {
    precondition(mass.isFinite && mass > 0, "Spring mass must be finite and > 0")
    precondition(stiffness.isFinite && stiffness > 0, "Spring stiffness must be finite and > 0")
    precondition(damping.isFinite && damping >= 0, "Spring damping must be finite and >= 0")
    let ratio = damping / (2 * (stiffness * mass).squareRoot())
    self.mass = mass
    self.angularFrequency = (stiffness / mass).squareRoot()
    self.dampingRatio = allowOverDamping ? ratio : min(ratio, 1)
  }

  /// Creates a spring from its response (the period of the undamped oscillation) and damping
  /// ratio, with mass 1.
  ///
  /// `ω0 = 2π / response`, `ζ = dampingRatio`; `Spring(response: r, dampingRatio: 1 − b)` equals
  /// `Spring(duration: r, bounce: b)` for `0 ≤ b ≤ 1`.
  ///
  /// - Parameters:
  ///   - response: Seconds, > 0.
  ///   - dampingRatio: ≥ 0; 1 is critically damped.
  /// - Precondition: Both are finite, `response > 0`, `dampingRatio ≥ 0`; checked in release.
  ///
  /// Source: Apple, "Spring.init(response:dampingRatio:)"
  /// (https://developer.apple.com/documentation/swiftui/spring/init(response:dampingratio:)).
  public init(response: Double, dampingRatio: Double) {
    precondition(response.isFinite && response > 0, "Spring response must be finite and > 0")
    precondition(
      dampingRatio.isFinite && dampingRatio >= 0, "Spring dampingRatio must be finite and >= 0")
    self.init(mass: 1, angularFrequency: 2 * .pi / response, dampingRatio: dampingRatio)
  }

  @usableFromInline
  init(mass: Double, angularFrequency: Double, dampingRatio: Double) {
    self.mass = mass
    self.angularFrequency = angularFrequency
    self.dampingRatio = dampingRatio
  }

  /// The spring constant `mass × ω0²` (force per unit of displacement).
  public var stiffness: Double { mass * angularFrequency * angularFrequency }

  /// The friction coefficient `2 ζ ω0 × mass` (force per unit of velocity).
  public var damping: Double { 2 * dampingRatio * angularFrequency * mass }

  /// The period of the undamped oscillation `2π / ω0`, in seconds.
  ///
  /// Source: Apple, "Spring.response"
  /// (https://developer.apple.com/documentation/swiftui/spring/response).
  public var response: Double { 2 * .pi / angularFrequency }

  /// The perceptual duration in seconds; the same number as ``response``.
  ///
  /// Source: Apple, "Spring.duration"
  /// (https://developer.apple.com/documentation/swiftui/spring/duration); Documentation/Semantics.md §6.
  public var duration: TimeInterval { response }

  /// How bouncy the spring is: `1 − ζ` when `ζ ≤ 1`, else `1/ζ − 1` (negative, over-damped).
  ///
  /// Source: Apple, "Spring.bounce"
  /// (https://developer.apple.com/documentation/swiftui/spring/bounce); Documentation/Semantics.md §6.
  public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
}
