import LayerFXMath
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ``FloatLanes16`` lane by lane: the exact operations against `Float`'s, the polynomial
/// functions against ``FloatLanes8``'s on the same values (each lane must get the same bits at
/// either width), over values that include −0, NaN, ±∞, subnormals and arguments outside the
/// polynomials' ranges.
@Suite struct FloatLanes16Tests {
  /// Values in sixteen-lane batches, every special case in some lane of both halves.
  static let values: [Float] = {
    var values: [Float] = [
      0, -0.0, 1, -1, 0.5, -2.5, .pi, -.pi / 2, 100, -39001, 40000, 88.5, -88, -104,
      .nan, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNormalMagnitude,
      .greatestFiniteMagnitude, 1e-20, 3.999_999_8, 8_388_609, -8_388_608.5,
    ]
    for i in 0..<72 { values.append(Float(i) * 0.731 - 23.1) }
    while values.count % 16 != 0 { values.append(Float(values.count) / 7) }
    return values
  }()

  /// The batches of ``values``, and the same rotated by five lanes for a second operand.
  static var batches: [(FloatLanes16, FloatLanes16)] {
    stride(from: 0, to: values.count, by: 16).map { start in
      let a = SIMD16((0..<16).map { values[start + $0] })
      let b = SIMD16((0..<16).map { values[(start + $0 + 5) % values.count] })
      return (FloatLanes16(a), FloatLanes16(b))
    }
  }

  /// The bits of `x`, so that −0 differs from +0 and NaNs compare equal.
  static func bits(_ x: Float) -> UInt32 { x.isNaN ? 0x7fc0_0000 : x.bitPattern }

  /// Expects lane `i` of `actual` to be `expected(i)` bit for bit, for every lane.
  static func expectLanes(
    _ actual: FloatLanes16, _ label: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ expected: (Int) -> Float
  ) {
    for lane in 0..<16 {
      #expect(
        bits(actual[lane: lane]) == bits(expected(lane)), "\(label), lane \(lane)",
        sourceLocation: sourceLocation)
    }
  }

  @Test("arithmetic, sqrt, floor and abs are Float's, lane by lane")
  func exactOperations() {
    for (a, b) in Self.batches {
      Self.expectLanes(a + b, "+") { a[lane: $0] + b[lane: $0] }
      Self.expectLanes(a - b, "-") { a[lane: $0] - b[lane: $0] }
      Self.expectLanes(a * b, "*") { a[lane: $0] * b[lane: $0] }
      Self.expectLanes(a / b, "/") { a[lane: $0] / b[lane: $0] }
      Self.expectLanes(-a, "negation") { -a[lane: $0] }
      Self.expectLanes(FloatLanes16.sqrt(a), "sqrt") { a[lane: $0].squareRoot() }
      Self.expectLanes(FloatLanes16.floor(a), "floor") { a[lane: $0].rounded(.down) }
      Self.expectLanes(FloatLanes16.abs(a), "abs") { a[lane: $0].magnitude }
    }
  }

  @Test("negation flips the sign at eight lanes too: −(+0) is −0, as Float's")
  func eightLaneNegation() {
    for (a, _) in Self.batches {
      let (low, high) = (-FloatLanes8(a.simd.lowHalf), -FloatLanes8(a.simd.highHalf))
      Self.expectLanes(FloatLanes16(low: low, high: high), "negation") { -a[lane: $0] }
    }
  }

  @Test("comparisons and select are Float's, lane by lane")
  func comparisonsAndSelect() {
    for (a, b) in Self.batches {
      let cases: [(MaskLanes16, (Float, Float) -> Bool, String)] = [
        (a < b, (<), "<"), (a <= b, (<=), "<="), (a > b, (>), ">"), (a >= b, (>=), ">="),
        (a == b, (==), "=="), (a != b, (!=), "!="),
      ]
      for (mask, compare, label) in cases {
        Self.expectLanes(FloatLanes16.select(a, b, mask), "select(\(label))") {
          compare(a[lane: $0], b[lane: $0]) ? b[lane: $0] : a[lane: $0]
        }
        let truths = (0..<16).map { compare(a[lane: $0], b[lane: $0]) }
        #expect(mask.anyLane == truths.contains(true), "any(\(label))")
        #expect(mask.allLanes == !truths.contains(false), "all(\(label))")
      }
    }
    // One lane alone, in each half, is seen by any and not by all.
    for lane in [0, 7, 8, 15] {
      var x = FloatLanes16(0)
      x[lane: lane] = 1
      #expect((x > 0).anyLane && !(x > 0).allLanes && (x < 2).allLanes, "lane \(lane)")
    }
  }

  @Test("sin, cos and exp give FloatLanes8's bits in both halves; tan, log, atan2 the C library's")
  func functionsMatchEightLanes() {
    for (a, b) in Self.batches {
      let (low, high) = (FloatLanes8(a.simd.lowHalf), FloatLanes8(a.simd.highHalf))
      func eight(_ f: @escaping (FloatLanes8) -> FloatLanes8) -> (Int) -> Float {
        { $0 < 8 ? f(low)[lane: $0] : f(high)[lane: $0 - 8] }
      }
      Self.expectLanes(FloatLanes16.sin(a), "sin", eight(FloatLanes8.sin))
      Self.expectLanes(FloatLanes16.cos(a), "cos", eight(FloatLanes8.cos))
      Self.expectLanes(FloatLanes16.exp(a), "exp", eight(FloatLanes8.exp))
      Self.expectLanes(FloatLanes16.tan(a), "tan") { tanf(a[lane: $0]) }
      Self.expectLanes(FloatLanes16.log(a), "log") { logf(a[lane: $0]) }
      Self.expectLanes(FloatLanes16.atan2(a, b), "atan2") { atan2f(a[lane: $0], b[lane: $0]) }
    }
  }
}
