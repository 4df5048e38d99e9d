import Foundation
import LayerFXMath
import Testing

@testable import LayerFXKernels

/// The ripple's damped sine at eight lanes, `sin(x) × exp(y)` with fused multiply-adds,
/// checked against Foundation's double-precision `sin` and `exp` (an independent
/// implementation).
@Suite("the ripple's damped sine")
struct RippleDampedSineTests {
  /// The largest error of `_dampedSine` over `x` and `y` given as pairs of lanes, in units of
  /// `exp(y)` (the amplitude of the damped sine there).
  static func worstError(_ pairs: [(SIMD8<Float>, SIMD8<Float>)]) -> Double {
    var worst: Double = 0
    for (x, y) in pairs {
      let result = Ripple._dampedSine(x, y)
      for lane in 0..<8 {
        let envelope = exp(Double(y[lane]))
        let expected = sin(Double(x[lane])) * envelope
        worst = max(worst, abs(Double(result[lane]) - expected) / envelope)
      }
    }
    return worst
  }

  /// The ripple's arguments `x = frequency × t`, `y = −decay × t` for `count` times in
  /// `0…time`, eight lanes at a time.
  static func ripplePairs(frequency: Float, decay: Float, time: Float, count: Int) -> [(
    SIMD8<Float>, SIMD8<Float>
  )] {
    stride(from: 0, to: count, by: 8).map { start in
      var (x, y) = (SIMD8<Float>(), SIMD8<Float>())
      for lane in 0..<8 {
        let t = time * Float(min(start + lane, count - 1)) / Float(count - 1)
        (x[lane], y[lane]) = (frequency * t, -decay * t)
      }
      return (x, y)
    }
  }

  @Test(
    "on the ripple's arguments it is within 6e-7 × exp(y) of sin(x) exp(y)",
    arguments: [(Float(15), Float(8)), (30, 2), (5, 15), (100, 0), (0.5, 25)])
  func rippleAccuracy(frequency: Float, decay: Float) {
    // fast.sin's bound, 3.5 ulp of 1 (4.2e-7), plus 2 ulp of exp's result (2.4e-7 relative),
    // rounded up: the damped sine's error relative to its envelope exp(y).
    let pairs = Self.ripplePairs(frequency: frequency, decay: decay, time: 3, count: 100_003)
    let worst = Self.worstError(pairs)
    #expect(worst <= 6e-7, "largest error \(worst) × exp(y)")
  }

  @Test("over its whole fast range (|x| ≤ 39000, y in [−87.3, 88]) the same bound holds")
  func wholeRangeAccuracy() {
    let pairs = stride(from: 0, to: 400_000, by: 8).map { start -> (SIMD8<Float>, SIMD8<Float>) in
      var (x, y) = (SIMD8<Float>(), SIMD8<Float>())
      for lane in 0..<8 {
        let i = Float(start + lane)
        // x sweeps −39000…39000 while y sweeps −87.3…88 at an unrelated rate.
        x[lane] = -39000 + 78000 * i / 400_000
        y[lane] = -87.3 + 175.3 * (i * 0.618_034).truncatingRemainder(dividingBy: 400_000) / 400_000
      }
      return (x, y)
    }
    let worst = Self.worstError(pairs)
    #expect(worst <= 6e-7, "largest error \(worst) × exp(y)")
  }

  @Test("at t = 0 it is +0, as the ripple's skip before the wave front assumes")
  func zeroTime() {
    let result = Ripple._dampedSine(SIMD8(repeating: 0), SIMD8(repeating: -0.0))
    for lane in 0..<8 {
      #expect(result[lane] == 0 && result[lane].sign == .plus)
    }
  }

  @Test("lanes outside its range get fast.sin × fast.exp, and the other lanes keep their bits")
  func outOfRangeLanes() {
    // Lanes 1…6 are outside the polynomial path; lanes 0 and 7 are inside it.
    let x = SIMD8<Float>(1.25, 1e6, .infinity, .nan, 2, 3, 39001, 4.5)
    let y = SIMD8<Float>(-0.5, -1, -1, -1, -90, 89, -1, -2)
    let result = Ripple._dampedSine(x, y)
    let fallback = fast.sin(x) * fast.exp(y)
    for lane in 1..<7 {
      let bothNaN = result[lane].isNaN && fallback[lane].isNaN
      #expect(result[lane].bitPattern == fallback[lane].bitPattern || bothNaN, "lane \(lane)")
    }
    // e⁻⁹⁰ is subnormal in binary32 (steps of 2⁻¹⁴⁹ ≈ 1.4e-45): two roundings of that size.
    #expect(abs(Double(result[4]) - sin(2.0) * exp(-90.0)) <= 3e-45)
    // sin(3) > 0 and e⁸⁹ overflows binary32.
    #expect(result[5] == .infinity)
    // Lanes 0 and 7 give the bits they give beside in-range neighbours.
    let inRange = Ripple._dampedSine(
      SIMD8(1.25, 1, 1, 1, 1, 1, 1, 4.5), SIMD8(-0.5, 0, 0, 0, 0, 0, 0, -2))
    #expect(result[0].bitPattern == inRange[0].bitPattern)
    #expect(result[7].bitPattern == inRange[7].bitPattern)
    #expect(abs(Double(result[0]) - sin(1.25) * exp(-0.5)) <= 6e-7)
  }
}
