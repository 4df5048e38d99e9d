import Foundation
import LayerFXAnimation
import Testing

/// An independent Bézier timing function: plain bisection on x(t), written from the formula
/// `B(t) = 3(1 − t)² t P1 + 3(1 − t) t² P2 + t³`.
private func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double)
  -> Double
{
  func b(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
    3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
  }
  var low = 0.0
  var high = 1.0
  for _ in 0..<100 {
    let mid = (low + high) / 2
    if b(x1, x2, mid) < x { low = mid } else { high = mid }
  }
  return b(y1, y2, (low + high) / 2)
}

@Suite struct UnitCurveTests {
  static let named: [(String, UnitCurve, (Double, Double, Double, Double))] = [
    ("linear", .linear, (0, 0, 1, 1)),
    ("easeIn", .easeIn, (0.42, 0, 1, 1)),
    ("easeOut", .easeOut, (0, 0, 0.58, 1)),
    ("easeInOut", .easeInOut, (0.42, 0, 0.58, 1)),
    (
      "overshooting bezier",
      .bezier(startControlPoint: SIMD2(0.3, -0.4), endControlPoint: SIMD2(0.7, 1.5)),
      (0.3, -0.4, 0.7, 1.5)
    ),
  ]

  @Test("Bézier curves match a bisection solution of x(t) = x", arguments: named)
  func bezierValues(curve: (String, UnitCurve, (Double, Double, Double, Double))) {
    let (name, curve, (x1, y1, x2, y2)) = curve
    for i in 0...40 {
      let x = Double(i) / 40
      let expected = referenceBezier(x1, y1, x2, y2, x)
      #expect(abs(curve.value(at: x) - expected) <= 1e-12, "\(name)(\(x))")
    }
  }

  @Test("Bézier slopes match central differences of the reference", arguments: named)
  func bezierVelocities(curve: (String, UnitCurve, (Double, Double, Double, Double))) {
    let (name, curve, (x1, y1, x2, y2)) = curve
    for i in 1...19 {
      let x = Double(i) / 20
      let h = 1e-6
      let expected =
        (referenceBezier(x1, y1, x2, y2, x + h) - referenceBezier(x1, y1, x2, y2, x - h)) / (2 * h)
      #expect(abs(curve.velocity(at: x) - expected) <= 1e-5, "\(name)′(\(x))")
    }
  }

  @Test("hand-computed points: easeInOut(0.5) = 0.5, linear is the identity, ends are fixed")
  func handValues() {
    #expect(abs(UnitCurve.easeInOut.value(at: 0.5) - 0.5) <= 1e-15)
    #expect(abs(UnitCurve.linear.value(at: 0.3) - 0.3) <= 1e-15)
    for (name, curve, _) in Self.named {
      #expect(abs(curve.value(at: 0)) <= 1e-15, "\(name)(0)")
      #expect(abs(curve.value(at: 1) - 1) <= 1e-15, "\(name)(1)")
    }
    // easeIn at t = 0.5: x = 3·0.25·0.5·0.42 + 3·0.5·0.25 + 0.125 = 0.6575, y = 0.5.
    #expect(abs(UnitCurve.easeIn.value(at: 0.6575) - 0.5) <= 1e-12)
  }

  @Test("end slopes: easeInOut starts and ends flat, easeOut starts at the limit 3/(3·0.58)")
  func endSlopes() {
    #expect(abs(UnitCurve.easeInOut.velocity(at: 0)) <= 1e-12)
    #expect(abs(UnitCurve.easeInOut.velocity(at: 1)) <= 1e-12)
    // Near t = 0, x ≈ 3·0.58 t² and y ≈ 3 t², so dy/dx → 1/0.58.
    #expect(abs(UnitCurve.easeOut.velocity(at: 0) - 1 / 0.58) <= 1e-9)
    #expect(abs(UnitCurve.linear.velocity(at: 0.7) - 1) <= 1e-12)
  }

  @Test("circular curves are quarter circles")
  func circular() {
    let x = 0.3
    #expect(abs(UnitCurve.circularEaseIn.value(at: x) - (1 - (1 - 0.09).squareRoot())) <= 1e-15)
    #expect(abs(UnitCurve.circularEaseOut.value(at: x) - (1.7 * 0.3).squareRoot()) <= 1e-15)
    #expect(abs(UnitCurve.circularEaseInOut.value(at: 0.25) - (1 - 0.75.squareRoot()) / 2) <= 1e-15)
    #expect(abs(UnitCurve.circularEaseInOut.value(at: 0.75) - (1 + 0.75.squareRoot()) / 2) <= 1e-15)
    #expect(abs(UnitCurve.circularEaseIn.velocity(at: x) - 0.3 / 0.91.squareRoot()) <= 1e-12)
    #expect(UnitCurve.circularEaseIn.velocity(at: 1) == .infinity)
  }

  @Test("inverse undoes the curve")
  func inverse() {
    let curves =
      Self.named.map(\.1).filter { $0 != Self.named[4].1 } + [
        .circularEaseIn, .circularEaseOut, .circularEaseInOut,
      ]
    for curve in curves {
      for i in 0...20 {
        let x = Double(i) / 20
        #expect(abs(curve.inverse.value(at: curve.value(at: x)) - x) <= 1e-9)
        #expect(curve.inverse.inverse == curve)
      }
    }
    #expect(UnitCurve.circularEaseIn.inverse == .circularEaseOut)
  }

  @Test("progress outside [0, 1] is clamped")
  func clamping() {
    #expect(UnitCurve.easeIn.value(at: -3) == 0)
    #expect(UnitCurve.easeIn.value(at: 7) == 1)
  }
}
