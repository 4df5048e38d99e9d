import LayerFXMath
import Testing

// `pow` with a literal exponent, as a GPU compiles it (`Documentation/Semantics.md` §8.3):
// square-and-multiply from the lowest bit, the reciprocal for a negative exponent. Expected
// values are worked by hand; the bit-for-bit cases spell the specified multiplication order out.

/// A generic kernel's `pow(x, y)` with a variable exponent: the lanes' `exp(y · log(x))`.
private func variablePow<F: FloatLanes>(_ x: F, _ y: F) -> F { pow(x, y) }

/// A generic kernel's `pow(x, 3)`: the literal overload.
private func cube<F: FloatLanes>(_ x: F) -> F { pow(x, 3) }

@Suite("pow with a literal exponent folds to multiplications")
struct PowLiteralExponentTests {
  /// Values whose powers are tested bit for bit: ordinary, negative, tiny, huge (the square
  /// overflows to ∞), subnormal-producing and −0.
  static let values: [Float] = [1.1, 3.3, -0.7, -2.5, 1e-30, 1e20, -1e20, 0.1, -0.0]

  @Test("a negative base with a literal exponent gives the real power")
  func negativeBase() {
    #expect(pow(Float(-2), 3) == -8)  // (−2) · (−2)² = −2 · 4
    #expect(pow(Float(-2), 2) == 4)
    #expect(pow(Float(-3), 2.0) == 9)  // a float literal, as Metal writes it
    #expect(pow(Float(-2), 3.0) == -8)
    #expect(pow(Float(-2), -2) == 0.25)  // 1 / (−2)²
    #expect(pow(Float(-2), -3.0) == -0.125)  // 1 / (−8)
    let h: half = -1.5
    #expect(pow(h, 2) == 2.25)  // half is Float: 1.5² = 2.25 exactly
  }

  @Test("the multiplication order: x², x³, x⁴, x⁵, x⁷ bit for bit")
  func order() {
    for x in Self.values {
      let x2 = x * x
      let x4 = x2 * x2
      #expect(pow(x, 2).bitPattern == x2.bitPattern, "x = \(x)")
      #expect(pow(x, 2.0).bitPattern == x2.bitPattern, "x = \(x)")
      #expect(pow(x, 3).bitPattern == (x * x2).bitPattern, "x = \(x)")
      #expect(pow(x, 4).bitPattern == x4.bitPattern, "x = \(x)")
      #expect(pow(x, 5).bitPattern == (x * x4).bitPattern, "x = \(x)")
      #expect(pow(x, 7).bitPattern == ((x * x2) * x4).bitPattern, "x = \(x)")
      #expect(pow(x, -2).bitPattern == (1 / x2).bitPattern, "x = \(x)")
    }
  }

  @Test("the fold is two roundings, not a correctly rounded power")
  func twoRoundings() {
    // x = 0x3F80624E (1.00300002…). Worked with exact rationals: x·x rounds to 0x3F80C4E7,
    // times x rounds to 0x3F8127CC, while x³ rounded once is 0x3F8127CD.
    let x = Float(bitPattern: 0x3F80_624E)
    #expect(pow(x, 3).bitPattern == 0x3F81_27CC)
    #expect(pow(x, 3.0).bitPattern == 0x3F81_27CC)
  }

  @Test("x⁰ is 1 for every x; a zero base with a negative exponent is ±∞")
  func edges() {
    #expect(pow(Float.nan, 0) == 1 && pow(Float(0), 0) == 1 && pow(Float.infinity, 0.0) == 1)
    #expect(pow(Float(0), -1) == .infinity)  // 1 / 0
    #expect(pow(Float(-0.0), -1) == -.infinity)  // 1 / −0
    #expect(pow(Float(-0.0), -2) == .infinity)  // 1 / (+0)
    #expect(pow(Float(2), 10) == 1024 && pow(Float(2), -10) == 0.000_976_562_5)  // 2⁻¹⁰
  }

  @Test("a non-integral literal is pow proper: NaN for a negative base")
  func nonIntegral() {
    #expect(pow(Float(4), 0.5) == 2)  // √4
    #expect(pow(Float(-8), 1.0 / 3).isNaN)
    #expect(pow(Float(-4), 0.5).isNaN)
    // 2.0000000001 is 2 once rounded to Float, as a Metal float literal would be: folded
    #expect(pow(Float(-3), 2.000_000_000_1) == 9)
  }

  @Test("vectors fold each component; a vector exponent is pow proper")
  func vectors() {
    #expect(pow(float2(-2, 3), 2) == float2(4, 9))
    #expect(pow(float3(-2, 0.5, 10), 3.0) == float3(-8, 0.125, 1000))
    #expect(pow(float4(2, -2, 4, -4), -1) == float4(0.5, -0.5, 0.25, -0.25))
    #expect(pow(half3(-1, 2, -3), 2.0) == half3(1, 4, 9))
    let x = Float(bitPattern: 0x3F80_624E)  // the two-roundings case below: x·x² is …27CC
    #expect(pow(float2(x, x), 3) == float2(repeating: Float(bitPattern: 0x3F81_27CC)))
    let v = pow(float2(-2, 4), float2(2, 0.5))  // the C library's powf per component
    #expect(v == float2(4, 2))
  }

  @Test("fast.pow folds a literal as the GPU does; a variable exponent keeps its NaN")
  func fastPow() {
    #expect(fast.pow(Float(-2), 2) == 4 && fast.pow(Float(-2), 3.0) == -8)
    #expect(fast.pow(float2(-2, 3), 2) == float2(4, 9))
    #expect(fast.pow(float3(-2, 3, -1), 3.0) == float3(-8, 27, -1))
    let two: Float = 2
    #expect(fast.pow(Float(-2), two).isNaN)  // a variable exponent: NaN for a negative base
    let roots = fast.pow(float2(-4, 9), 0.5)
    #expect(roots.x.isNaN && roots.y == 3)
  }

  @Test("lanes: a literal folds in every lane; a variable exponent is NaN for a negative base")
  func lanes() {
    let x = FloatLanes8(SIMD8(-2, 3, -0.5, 10, 1.1, -1.1, 0, -3))
    let cubes = pow(x, 3)
    let squares = pow(x, 2.0)
    for lane in 0..<8 {
      let s = x[lane: lane]
      #expect(cubes[lane: lane].bitPattern == (s * (s * s)).bitPattern, "lane \(lane)")
      #expect(squares[lane: lane].bitPattern == (s * s).bitPattern, "lane \(lane)")
    }
    #expect(cubes[lane: 0] == -8 && cubes[lane: 1] == 27 && cubes[lane: 7] == -27)
    #expect(cube(Float(-2)) == -8 && cube(FloatLanes8(-2))[lane: 5] == -8)  // generic kernels
    // A variable exponent: exp(y · log(x)), NaN for −2 (the GPU's fast-math pow)
    #expect(variablePow(Float(-2), Float(3)).isNaN)
    let variable = variablePow(x, FloatLanes8(2))
    #expect(variable[lane: 0].isNaN && variable[lane: 7].isNaN)
    #expect(abs(variable[lane: 1] - 9) <= 9 * 2e-6)  // 3² through exp and log: a few ulp
  }

  @Test("a Float variable exponent keeps the C library's pow for Float")
  func variableFloat() {
    let three: Float = 3
    #expect(pow(Float(-2), three) == -8)  // powf: a real result for a whole exponent
    let third: Float = 1.0 / 3
    #expect(pow(Float(-8), third).isNaN)
  }
}
