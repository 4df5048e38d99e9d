import Foundation
import LayerFXAnimation
import Testing

/// Integrates `m x″ + c x′ + k (x − target) = 0` with classical RK4 and a fixed step.
///
/// An implementation independent of the closed form: it only uses the spring's mass,
/// stiffness and damping.
private struct RK4Oscillator {
  var mass: Double
  var stiffness: Double
  var damping: Double
  var target: Double

  func acceleration(_ x: Double, _ v: Double) -> Double {
    (-stiffness * (x - target) - damping * v) / mass
  }

  /// Returns `(time, position, velocity)` every `step` seconds from 0 to `end`.
  func trajectory(x0: Double, v0: Double, step h: Double, end: Double) -> [(Double, Double, Double)]
  {
    var x = x0
    var v = v0
    var samples = [(0.0, x, v)]
    let count = Int((end / h).rounded())
    for i in 1...count {
      let (k1x, k1v) = (v, acceleration(x, v))
      let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
      let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
      let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      samples.append((Double(i) * h, x, v))
    }
    return samples
  }
}

/// Solves `f(x) = 0` on `[low, high]` by bisection; `f(low)` and `f(high)` differ in sign.
private func bisect(_ low: Double, _ high: Double, _ f: (Double) -> Double) -> Double {
  var (low, high) = (low, high)
  let lowSign = f(low) > 0
  for _ in 0..<200 {
    let mid = (low + high) / 2
    if (f(mid) > 0) == lowSign { low = mid } else { high = mid }
  }
  return (low + high) / 2
}

@Suite struct SpringTests {
  static let springs: [(String, Spring)] = [
    ("under-damped", Spring(duration: 0.5, bounce: 0.3)),
    ("very bouncy", Spring(duration: 0.3, bounce: 0.9)),
    ("critically damped", Spring(duration: 0.5, bounce: 0)),
    ("over-damped", Spring(duration: 0.5, bounce: -0.5)),
    ("heavy under-damped", Spring(mass: 2.5, stiffness: 80, damping: 4)),
    ("heavy over-damped", Spring(mass: 0.5, stiffness: 40, damping: 30, allowOverDamping: true)),
    ("barely over-damped", Spring(response: 0.5, dampingRatio: 1 + 1e-9)),
    ("barely under-damped", Spring(response: 0.5, dampingRatio: 1 - 1e-9)),
  ]

  @Test(
    "the closed form matches an RK4 integration of the ODE",
    arguments: springs, [(0.0, 0.0, 1.0), (0.0, 6.0, 1.0), (2.0, -4.0, -1.0), (1.0, 3.0, 1.0)])
  func closedFormMatchesODE(spring: (String, Spring), start: (Double, Double, Double)) {
    let (name, spring) = spring
    let (x0, v0, target) = start
    let ode = RK4Oscillator(
      mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, target: target)
    // Step 1e-4 s: the fastest rate here is ~300/s, so h·λ ≤ 0.03 and RK4's error is ~1e-10.
    let samples = ode.trajectory(x0: x0, v0: v0, step: 1e-4, end: 2)
    for (t, x, v) in samples.enumerated().filter({ $0.offset % 250 == 0 }).map(\.element) {
      let value = spring.value(fromValue: x0, toValue: target, initialVelocity: v0, time: t)
      let velocity = spring.velocity(fromValue: x0, toValue: target, initialVelocity: v0, time: t)
      #expect(abs(value - x) <= 1e-7, "\(name) x(\(t)) = \(value), RK4 \(x)")
      #expect(abs(velocity - v) <= 1e-5 * max(1, abs(v)), "\(name) v(\(t)) = \(velocity), RK4 \(v)")
      if x0 == 0 {
        let fromZero = spring.value(target: target, initialVelocity: v0, time: t)
        let speed = spring.velocity(target: target, initialVelocity: v0, time: t)
        #expect(abs(fromZero - x) <= 1e-7)
        #expect(abs(speed - v) <= 1e-5 * max(1, abs(v)))
      }
    }
  }

  @Test("vector values move lane by lane like scalars")
  func vectorValues() {
    let spring = Spring.bouncy
    let value = spring.value(target: SIMD2<Float>(10, -4), initialVelocity: SIMD2(1, 2), time: 0.2)
    let x = spring.value(target: 10.0, initialVelocity: 1.0, time: 0.2)
    let y = spring.value(target: -4.0, initialVelocity: 2.0, time: 0.2)
    #expect(abs(Double(value.x) - x) <= 1e-5)
    #expect(abs(Double(value.y) - y) <= 1e-5)
  }

  @Test("values stay finite and settle for very large times")
  func largeTimes() {
    for (name, spring) in Self.springs {
      for t in [1e3, 1e6, 1e12] {
        let value = spring.value(fromValue: 5.0, toValue: 1.0, initialVelocity: 100, time: t)
        #expect(abs(value - 1) <= 1e-12, "\(name) at t = \(t): \(value)")
        #expect(spring.velocity(target: 1.0, time: t).isFinite)
      }
    }
    // ζ = 1000: the slow rate is ω0/(ζ + √(ζ²−1)) ≈ ω0/2000, so at t = 10 it is still moving.
    let sluggish = Spring(duration: 0.5, bounce: -0.999)
    let value = sluggish.value(target: 1.0, time: 10)
    let slowRate = 4 * Double.pi / (1000 + (1000.0 * 1000 - 1).squareRoot())
    #expect(abs(value - (1 - exp(-slowRate * 10))) <= 1e-6)
  }

  @Test("tiny durations scale time exactly: Spring(d) at t equals Spring(1) at t/d")
  func tinyDurations() {
    for bounce in [0.3, 0, -0.4] {
      let unit = Spring(duration: 1, bounce: bounce)
      let tiny = Spring(duration: 1e-7, bounce: bounce)
      for fraction in [0.05, 0.3, 0.9, 2.5] {
        let a = tiny.value(target: 1.0, time: fraction * 1e-7)
        let b = unit.value(target: 1.0, time: fraction)
        #expect(abs(a - b) <= 1e-9)
      }
    }
  }

  @Test("a spring is at its start value and velocity at time 0 and for negative times")
  func startState() {
    let spring = Spring.snappy
    #expect(abs(spring.value(fromValue: 3.0, toValue: 7.0, initialVelocity: 2, time: 0) - 3) <= 0)
    #expect(abs(spring.value(fromValue: 3.0, toValue: 7.0, initialVelocity: 2, time: -1) - 3) <= 0)
    #expect(
      abs(spring.velocity(fromValue: 3.0, toValue: 7.0, initialVelocity: 2, time: 0) - 2) <= 0)
  }

  @Test("critically damped settling solves (1 + ω0 t) e^(−ω0 t) = 0.001")
  func criticalSettling() {
    let tau = bisect(2, 20) { (1 + $0) * exp(-$0) - 0.001 }
    let spring = Spring(duration: 0.5, bounce: 0)
    #expect(abs(spring.settlingDuration - tau / (4 * Double.pi)) <= 1e-9)
  }

  @Test(
    "settling duration is the last time an RK4 trajectory is 0.001 away from the target",
    arguments: [
      Spring.bouncy, Spring(duration: 0.4, bounce: 0.7), Spring(duration: 0.3, bounce: -0.6),
    ])
  func settlingMatchesODE(spring: Spring) {
    let ode = RK4Oscillator(
      mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, target: 1)
    let samples = ode.trajectory(x0: 0, v0: 0, step: 1e-5, end: 4)
    let last = samples.last { abs($0.1 - 1) > 0.001 }
    #expect(abs(spring.settlingDuration - (last?.0 ?? 0)) <= 2e-5)
  }

  @Test("an undamped spring never settles; an already settled one settles at once")
  func settlingEdges() {
    #expect(Spring(duration: 1, bounce: 1).settlingDuration == .infinity)
    #expect(Spring.bouncy.settlingDuration(target: 0.0005, epsilon: 0.001) == 0)
  }

  @Test("init(settlingDuration:dampingRatio:) inverts settlingDuration")
  func settlingInitialiser() throws {
    // Critical: ω0 = τ / T with τ solving (1 + τ) e^(−τ) = 0.001, so duration = 2π T / τ.
    let tau = bisect(2, 20) { (1 + $0) * exp(-$0) - 0.001 }
    let critical = try #require(Spring(settlingDuration: 1.5, dampingRatio: 1))
    #expect(abs(critical.duration - 2 * Double.pi * 1.5 / tau) <= 1e-9)
    let bouncy = try #require(Spring(settlingDuration: 0.8, dampingRatio: 0.4, epsilon: 0.01))
    #expect(abs(bouncy.settlingDuration(target: 1.0, epsilon: 0.01) - 0.8) <= 1e-9)
    #expect(abs(bouncy.dampingRatio - 0.4) <= 0)
    #expect(Spring(settlingDuration: 1, dampingRatio: 0) == nil)
  }
}
