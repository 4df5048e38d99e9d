import Foundation
import LayerFXMath
import Testing

/// `atan2Polynomial` against Foundation's float64 `atan2` (the C library), at one lane and at
/// eight.
@Suite struct Atan2PolynomialTests {
  /// Points on a spiral through every octant, at radii from 10⁻³ to 10⁴.
  static let points: [(Float, Float)] = (0..<4000).map { k in
    let angle = Double(k) * 0.0157 - Double.pi
    let radius = pow(10, Double(k % 8) - 3)
    return (Float(radius * sin(angle)), Float(radius * cos(angle)))
  }

  @Test("within 1e-6 rad of atan2 at one lane, in every octant")
  func scalar() {
    for (y, x) in Self.points {
      let expected = atan2(Double(y), Double(x))
      #expect(abs(Double(atan2Polynomial(y, x)) - expected) <= 1e-6, "atan2(\(y), \(x))")
    }
  }

  @Test("eight lanes equal one lane, lane by lane")
  func lanes() {
    for start in stride(from: 0, to: Self.points.count - 8, by: 8) {
      var ys = SIMD8<Float>()
      var xs = SIMD8<Float>()
      for lane in 0..<8 { (ys[lane], xs[lane]) = Self.points[start + lane] }
      let batch = atan2Polynomial(FloatLanes8(ys), FloatLanes8(xs))
      for lane in 0..<8 {
        #expect(batch[lane: lane] == atan2Polynomial(ys[lane], xs[lane]))
      }
    }
  }

  @Test("the axes and signed zeros: atan2(0, 1) = 0, (1, 0) = π/2, (0, −1) = π, (−0, −1) = −π")
  func axes() {
    #expect(atan2Polynomial(Float(0), 1) == 0)
    #expect(abs(atan2Polynomial(Float(1), 0) - Float.pi / 2) <= 1e-7)
    #expect(abs(atan2Polynomial(Float(-1), 0) + Float.pi / 2) <= 1e-7)
    #expect(abs(atan2Polynomial(Float(0), -1) - Float.pi) <= 1e-7)
    #expect(abs(atan2Polynomial(-Float(0), -1) + Float.pi) <= 1e-7)
    #expect(atan2Polynomial(Float(0), 0) == 0)
  }
}
