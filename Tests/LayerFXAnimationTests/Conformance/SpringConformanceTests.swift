import Foundation
import LayerFXAnimation
import Testing

/// Spring values and conversions against Apple's documented examples and Documentation/Semantics.md §6.
@Suite struct SpringConformanceTests {
  @Test("Spring(duration: 0.5, bounce: 0.3) has mass 1.0, stiffness 157.9, damping 17.6")
  func durationBounceConversion() {
    // Apple's Spring documentation prints these to one decimal.
    let spring = Spring(duration: 0.5, bounce: 0.3)
    #expect(abs(spring.mass - 1.0) <= 0.05)
    #expect(abs(spring.stiffness - 157.9) <= 0.05)
    #expect(abs(spring.damping - 17.6) <= 0.05)
    #expect(abs(spring.duration - 0.5) <= 1e-12)
    #expect(abs(spring.bounce - 0.3) <= 1e-12)
    #expect(abs(spring.dampingRatio - 0.7) <= 1e-12)
  }

  @Test("Spring(mass: 1, stiffness: 100, damping: 10) has duration 0.63 and bounce 0.5")
  func physicalConversion() {
    let spring = Spring(mass: 1, stiffness: 100, damping: 10)
    #expect(abs(spring.duration - 0.63) <= 0.005)
    #expect(abs(spring.bounce - 0.5) <= 1e-12)
    // ω0 = 10 rad/s, so the response is 2π/10 exactly.
    #expect(abs(spring.response - 2 * Double.pi / 10) <= 1e-12)
    #expect(abs(spring.stiffness - 100) <= 1e-9)
    #expect(abs(spring.damping - 10) <= 1e-9)
  }

  @Test(
    "a spring from 0 to 1 at rest matches the Documentation/Semantics.md table within 1e-4",
    arguments: [
      (0.5, 0.0, [0.35774, 0.82103, 0.98640]),
      (0.5, 0.3, [0.42330, 0.98409, 1.01450]),
      (1.0, 0.0, [0.13131, 0.46558, 0.82103]),
    ])
  func referenceTable(duration: Double, bounce: Double, expected: [Double]) {
    let spring = Spring(duration: duration, bounce: bounce)
    for (time, value) in zip([0.1, 0.25, 0.5], expected) {
      let actual = spring.value(target: 1.0, time: time)
      #expect(abs(actual - value) <= 1e-4, "x(\(time)) = \(actual), expected \(value)")
    }
  }

  @Test("negative bounce is over-damped with ζ = 1 / (1 + bounce), and bounce round-trips")
  func negativeBounce() {
    let spring = Spring(duration: 0.4, bounce: -0.5)
    #expect(abs(spring.dampingRatio - 2) <= 1e-12)
    #expect(abs(spring.bounce + 0.5) <= 1e-12)
    #expect(abs(spring.stiffness - pow(2 * Double.pi / 0.4, 2)) <= 1e-9)
  }

  @Test("response and damping ratio describe the same spring as duration and bounce")
  func responseDampingRatio() {
    let a = Spring(response: 0.8, dampingRatio: 0.6)
    let b = Spring(duration: 0.8, bounce: 0.4)
    #expect(abs(a.stiffness - b.stiffness) <= 1e-9)
    #expect(abs(a.damping - b.damping) <= 1e-9)
    #expect(abs(a.response - 0.8) <= 1e-12)
  }

  @Test("over-damping is capped at critical unless allowed")
  func overDamping() {
    // k = 100, m = 1: critical damping is 2√100 = 20.
    let capped = Spring(mass: 1, stiffness: 100, damping: 50)
    #expect(abs(capped.dampingRatio - 1) <= 1e-12)
    #expect(abs(capped.damping - 20) <= 1e-9)
    let allowed = Spring(mass: 1, stiffness: 100, damping: 50, allowOverDamping: true)
    #expect(abs(allowed.dampingRatio - 2.5) <= 1e-12)
    #expect(abs(allowed.damping - 50) <= 1e-9)
  }

  @Test("presets are smooth (0.5, 0), snappy (0.5, 0.15), bouncy (0.5, 0.3) plus extraBounce")
  func presets() {
    #expect(Spring.smooth == Spring(duration: 0.5, bounce: 0))
    #expect(Spring.snappy == Spring(duration: 0.5, bounce: 0.15))
    #expect(Spring.bouncy == Spring(duration: 0.5, bounce: 0.3))
    let extra = Spring.bouncy(duration: 0.7, extraBounce: 0.1)
    #expect(abs(extra.bounce - 0.4) <= 1e-12)
    #expect(abs(extra.duration - 0.7) <= 1e-12)
    #expect(abs(Spring.snappy(extraBounce: -0.15).bounce) <= 1e-12)
    #expect(abs(Spring.smooth(duration: 2).duration - 2) <= 1e-12)
  }

  @Test("force is −k (x − target) − c v")
  func force() {
    // ω0 = 4π, ζ = 0.7: k = 16π², c = 2 × 0.7 × 4π.
    let spring = Spring(duration: 0.5, bounce: 0.3)
    let k = 16 * Double.pi * Double.pi
    let c = 5.6 * Double.pi
    let f = spring.force(target: 1.0, position: 0.2, velocity: 0.5)
    #expect(abs(f - (k * 0.8 - c * 0.5)) <= 1e-9)
  }
}
