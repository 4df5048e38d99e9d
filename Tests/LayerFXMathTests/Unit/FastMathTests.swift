import Foundation
import LayerFXMath
import Testing

/// `fast.sin`, `fast.exp`, `fast.rint` and `fast.floor`, each
/// checked against Foundation's double-precision functions (an independent implementation).
@Suite struct FastMathTests {
  /// Evenly spaced arguments from `lower` to `upper`, grouped in lanes of eight.
  static func batches(_ lower: Float, _ upper: Float, count: Int) -> [SIMD8<Float>] {
    let step = (upper - lower) / Float(count - 1)
    return stride(from: 0, to: count, by: 8).map { start in
      var lanes = SIMD8<Float>()
      for lane in 0..<8 { lanes[lane] = lower + Float(min(start + lane, count - 1)) * step }
      return lanes
    }
  }

  @Test("fast.sin is within 3.5 ulp of 1 (4.2e-7) of sin for |x| ≤ 100 and beyond")
  func sineAccuracy() {
    // 3.5 ulp is SLEEF's bound for this polynomial; near 1 an ulp is 2⁻²³ ≈ 1.19e-7.
    var worst: Double = 0
    for x in Self.batches(-100, 100, count: 200_003) + Self.batches(-39000, 39000, count: 80_003) {
      let result = fast.sin(x)
      for lane in 0..<8 { worst = max(worst, abs(Double(result[lane]) - sin(Double(x[lane])))) }
    }
    #expect(worst <= 4.2e-7, "largest error \(worst)")
  }

  @Test("fast.sin hands huge and non-finite lanes to libm")
  func sineSpecialLanes() {
    let x = SIMD8<Float>(1e6, -1e9, .infinity, -.infinity, .nan, 0, -0.0, 1.5)
    let result = fast.sin(x)
    #expect(abs(Double(result[0]) - sin(1e6)) <= 1e-6)
    #expect(abs(Double(result[1]) - sin(-1e9)) <= 1e-6)
    #expect(result[2].isNaN && result[3].isNaN && result[4].isNaN)
    #expect(result[5] == 0)
    #expect(abs(Double(result[7]) - sin(1.5)) <= 2.4e-7)
  }

  @Test("fast.exp is within 2 ulp of exp over [−87.3, 88]")
  func exponentialAccuracy() {
    var worst: Double = 0
    for x in Self.batches(-87.3, 88, count: 400_003) {
      let result = fast.exp(x)
      for lane in 0..<8 {
        let expected = exp(Double(x[lane]))
        let ulp = Double(Float(expected).ulp)
        worst = max(worst, abs(Double(result[lane]) - expected) / ulp)
      }
    }
    #expect(worst <= 2, "largest error \(worst) ulp")
  }

  @Test("fast.exp overflows to infinity, underflows to subnormals and zero, keeps NaN")
  func exponentialSpecialLanes() {
    let x = SIMD8<Float>(89, 1000, .infinity, -88, -104, -1000, -.infinity, .nan)
    let result = fast.exp(x)
    #expect(result[0] == .infinity && result[1] == .infinity && result[2] == .infinity)
    #expect(abs(Double(result[3]) - exp(-88.0)) <= Double(Float.leastNonzeroMagnitude))
    #expect(abs(Double(result[4]) - exp(-104.0)) <= Double(Float.leastNonzeroMagnitude))
    #expect(result[5] == 0 && result[6] == 0)
    #expect(result[7].isNaN)
  }

  @Test(
    "fast.rint and fast.floor equal Foundation's rounding for halves, negatives and huge values")
  func rounding() {
    let values: [Float] = [
      0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, -0.49999997, 3.7, -3.7, 4_194_304.5,
      8_388_607.5, -8_388_607.5, 16_777_216, 1e30, -1e30, 0, -0.0, 1e-30, -1e-30, 7, -7,
      .infinity, -.infinity,
    ]
    for start in stride(from: 0, to: values.count, by: 8) {
      var x = SIMD8<Float>()
      for lane in 0..<8 { x[lane] = values[(start + lane) % values.count] }
      let rint = fast.rint(x)
      let floor = fast.floor(x)
      for lane in 0..<8 {
        #expect(rint[lane] == x[lane].rounded(.toNearestOrEven), "rint(\(x[lane]))")
        #expect(floor[lane] == x[lane].rounded(.down), "floor(\(x[lane]))")
      }
    }
    #expect(fast.rint(SIMD8(repeating: .nan))[0].isNaN)
  }
}
