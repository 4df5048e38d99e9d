import LayerFXMath
import Testing

// Expected values are worked by hand from MSL 3.2 §6.5 (Table 6.4) and the identities noted
// beside them; exact unless a tolerance is given. Tolerances: 2.4e-7 is 2 ulp at 1 (an ulp there
// is 2⁻²³ ≈ 1.19e-7), within Metal's 4-ulp bound for these functions (§8.4 Table 8.1).

/// Whether `a` is within `tolerance` of `b`.
private func near(_ a: Float, _ b: Float, _ tolerance: Float = 2.4e-7) -> Bool {
  abs(a - b) <= tolerance
}

@Suite("Math functions (MSL §6.5)")
struct MathFunctionsTests {
  @Test("inverse trigonometric and hyperbolic functions give the textbook values")
  func inverseTrigonometry() {
    #expect(near(acos(Float(0.5)), 1.047_197_6))  // π/3
    #expect(near(asin(Float(0.5)), 0.523_598_8))  // π/6
    #expect(near(atan(Float(1)), 0.785_398_2))  // π/4
    #expect(near(acosh(Float(1)), 0) && near(asinh(Float(0)), 0) && near(atanh(Float(0)), 0))
    // acosh(cosh 1) = 1 with cosh 1 = (e + 1/e)/2 = 1.5430806; asinh(sinh 1) = 1, sinh 1 = 1.1752012
    #expect(near(acosh(Float(1.543_080_6)), 1, 1e-6) && near(asinh(Float(1.175_201_2)), 1))
    #expect(near(atanh(Float(0.761_594_2)), 1, 1e-6))  // tanh 1 = 0.7615942
    let v = acos(float3(1, 0, -1))  // 0, π/2, π
    #expect(v[0] == 0 && near(v[1], 1.570_796_3) && near(v[2], 3.141_592_7))
    #expect(asin(float2(0, 1))[1] == asin(Float(1)))  // each lane is the scalar form
    #expect(atan(float4(0, 1, -1, .infinity)) == float4(0, atan(1), atan(-1), atan(.infinity)))
  }

  @Test("atan2 takes y first and reads the quadrant from both signs")
  func atan2Quadrants() {
    #expect(near(atan2(Float(1), 0), 1.570_796_3))  // straight up: π/2
    #expect(near(atan2(Float(0), -1), 3.141_592_7))  // to the left: π
    #expect(near(atan2(Float(-1), 0), -1.570_796_3))  // straight down: −π/2
    let v = atan2(float2(1, -1), 1)  // y = ±1, x = 1: ±π/4
    #expect(near(v.x, 0.785_398_2) && near(v.y, -0.785_398_2))
  }

  @Test("trigonometric, hyperbolic and exponential vector forms match each scalar lane")
  func laneForms() {
    let x = float4(0, 0.5, -1, 2)
    for i in 0..<4 {
      #expect(sin(x)[i] == sin(x[i]) && cos(x)[i] == cos(x[i]) && tan(x)[i] == tan(x[i]))
      #expect(sinh(x)[i] == sinh(x[i]) && cosh(x)[i] == cosh(x[i]) && tanh(x)[i] == tanh(x[i]))
      #expect(exp(x)[i] == exp(x[i]) && exp2(x)[i] == exp2(x[i]))
    }
    #expect(
      near(cosh(Float(0)), 1) && near(sinh(Float(1)), 1.175_201_2)
        && near(tanh(Float(1)), 0.761_594_2))
    #expect(log(float3(1, M_E_F, 1)) == float3(0, log(M_E_F), 0))
    #expect(log10(float2(1000, 1)) == float2(3, 0))
  }

  @Test("exp10 is exact for whole exponents")
  func exp10Values() {
    #expect(exp10(Float(3)) == 1000 && exp10(Float(0)) == 1)
    #expect(exp10(Float(-1)) == 0.1)  // the Float nearest 0.1
    #expect(exp10(float3(1, 2, -2)) == float3(10, 100, 0.01))
    #expect(near(exp10(Float(0.5)), 3.162_277_7, 4e-7))  // √10
  }

  @Test("sinpi, cospi and tanpi are exact at whole and half-whole arguments")
  func piFunctions() {
    // sin(πx): 0 at whole x, ±1 at odd halves; cos(πx): ±1 at whole x, 0 at odd halves.
    #expect(sinpi(float4(0, 0.5, 1, 1.5)) == float4(0, 1, 0, -1))
    #expect(cospi(float4(0, 0.5, 1, 2)) == float4(1, 0, -1, 1))
    #expect(sinpi(Float(-2.5)) == -1)  // sin(−2.5π) = sin(−π/2)
    #expect(cospi(Float(1e7)) == 1)  // an even whole number, far out
    #expect(sinpi(Float(1e7)) == 0)
    #expect(sinpi(Float(-0.0)).sign == .minus)  // sinpi(−0) = −0
    #expect(near(sinpi(Float(0.25)), 0.707_106_78) && near(cospi(Float(0.75)), -0.707_106_78))
    #expect(tanpi(Float(0.25)) == 1 && tanpi(Float(-0.25)) == -1)  // tan(±π/4)
    #expect(tanpi(Float(1)) == 0 && tanpi(Float(0.5)) == .infinity)
    #expect(tanpi(Float(1.5)) == -.infinity)  // an odd multiple of ½ past π
    #expect(sinpi(Float.infinity).isNaN && cospi(Float.nan).isNaN)
  }

  @Test("rounding functions use their own rounding direction")
  func rounding() {
    let x = float4(2.5, -2.5, 3.5, -0.25)
    #expect(ceil(x) == float4(3, -2, 4, 0))
    #expect(floor(x) == float4(2, -3, 3, -1))
    #expect(round(x) == float4(3, -3, 4, 0))  // halfway away from zero
    #expect(rint(x) == float4(2, -2, 4, 0))  // halfway to even
    #expect(trunc(x) == float4(2, -2, 3, 0))
    #expect(round(Float(0.5)) == 1 && rint(Float(0.5)) == 0 && trunc(Float(-1.75)) == -1)
    #expect(ceil(Float(-0.5)).sign == .minus)  // ceil(−0.5) = −0
  }

  @Test("fabs and abs clear the sign bit, so −0 becomes +0")
  func absoluteValue() {
    #expect(fabs(Float(-0.0)).sign == .plus && abs(Float(-3)) == 3)
    let v = abs(float3(-0.0, -.infinity, 2))
    #expect(v == float3(0, .infinity, 2) && v.x.sign == .plus)
    #expect(fabs(float2(-1.5, .nan)).x == 1.5 && fabs(float2(-1.5, .nan)).y.isNaN)
  }

  @Test("sqrt and rsqrt")
  func roots() {
    #expect(sqrt(Float(2.25)) == 1.5 && sqrt(Float(-1)).isNaN && sqrt(Float(-0.0)).sign == .minus)
    #expect(rsqrt(Float(0.25)) == 2 && rsqrt(Float(0)) == .infinity)
    #expect(sqrt(float3(0, 1, 64)) == float3(0, 1, 8))
    #expect(rsqrt(float4(1, 4, 16, 64)) == float4(1, 0.5, 0.25, 0.125))
  }

  @Test("fract is in [0, 1), capped below 1, NaN for NaN and ±∞")
  func fractValues() {
    #expect(fract(Float(-2.75)) == 0.25)  // −2.75 − (−3)
    #expect(fract(Float(-1e-10)) == 0x1.fffffep-1)  // 1 − 1e−10 rounds to 1: capped
    #expect(fract(Float.nan).isNaN && fract(Float.infinity).isNaN)
    #expect(fract(float4(0.5, 7, -0.5, -1e-10)) == float4(0.5, 0, 0.5, 0x1.fffffep-1))
  }

  @Test("fmod is x − y·trunc(x/y), exact, with the sign of x")
  func fmodValues() {
    #expect(fmod(Float(7), 3) == 1 && fmod(Float(-7), 3) == -1)  // GLSL's mod would give 2
    #expect(fmod(Float(7), -3) == 1)  // the sign of y does not matter
    #expect(fmod(Float(5), 0).isNaN && fmod(Float.infinity, 1).isNaN)
    // Exact where the formula in Float would not be: 16777217 is not a Float, 16777216 = 2²⁴ is,
    // and 2²⁴ + 2 = 3 × 5592406, so the remainder of 16777218 by 3 is 0 exactly.
    #expect(fmod(Float(16_777_218), 3) == 0)
    #expect(fmod(float3(5.5, -5.5, 1), float3(2, 2, 0.75)) == float3(1.5, -1.5, 0.25))
  }

  @Test("fmax, fmin, max and min return the non-NaN operand")
  func minMaxNaN() {
    #expect(fmax(Float.nan, 1) == 1 && fmax(Float(1), .nan) == 1 && fmax(Float.nan, .nan).isNaN)
    #expect(max(Float.nan, 1) == 1 && max(Float(1), .nan) == 1 && min(Float.nan, 1) == 1)
    #expect(min(Float(1), .nan) == 1 && min(Float(-1), 2) == -1 && max(Float(-1), 2) == 2)
    let a = float4(.nan, 1, .nan, 5)
    let b = float4(2, .nan, .nan, 3)
    #expect(fmax(a, b)[0] == 2 && fmax(a, b)[1] == 1 && fmax(a, b)[2].isNaN && fmax(a, b)[3] == 5)
    #expect(fmin(a, b)[0] == 2 && fmin(a, b)[1] == 1 && fmin(a, b)[2].isNaN && fmin(a, b)[3] == 3)
    #expect(max(float2(1, 5), 3) == float2(3, 5) && min(2, float3(1, 2, 3)) == float3(1, 2, 2))
    #expect(fmax(0.5, float2(.nan, 0)) == float2(0.5, 0.5))
  }

  @Test("three-operand extremes and medians")
  func threeOperands() {
    #expect(
      fmax3(Float(1), 5, 3) == 5 && fmin3(Float(1), 5, 3) == 1 && fmedian3(Float(1), 5, 3) == 3)
    #expect(max3(Float(-1), -5, -3) == -1 && min3(Float(-1), -5, -3) == -5)
    #expect(median3(Float(9), 7, 8) == 8)
    #expect(fmedian3(Float.nan, 2, 4) == 2 || fmedian3(Float.nan, 2, 4) == 4)  // one NaN: either
    #expect(fmedian3(Float.nan, .nan, 4) == 4 && fmedian3(Float.nan, 4, .nan) == 4)
    #expect(fmedian3(Float.nan, .nan, .nan).isNaN)
    #expect(median3(float3(1, 9, 5), float3(2, 8, 5), float3(3, 7, 5)) == float3(2, 8, 5))
    #expect(fmax3(float2(1, 6), float2(2, 5), float2(3, 4)) == float2(3, 6))
  }

  @Test("pow follows C for a negative base; powr is NaN there and at its undefined limits")
  func powers() {
    // A Float exponent is the C library's powf (a literal one folds: PowLiteralExponentTests)
    let (ten, three, third): (Float, Float, Float) = (10, 3, 1.0 / 3)
    #expect(pow(Float(2), ten) == 1024 && pow(Float(-2), three) == -8)  // C: whole exponents
    #expect(pow(Float(-8), third).isNaN)  // C: a fraction of a negative base
    #expect(pow(float2(-2, 9), float2(2, 0.5)) == float2(4, 3))
    #expect(pow(float3(1, 2, 3), 3.0) == float3(1, 8, 27))
    #expect(powr(Float(2), 10) == 1024 && powr(Float(9), 0.5) == 3)
    #expect(powr(Float(-2), 2).isNaN && powr(Float.nan, 0).isNaN && powr(Float(1), .nan).isNaN)
    #expect(
      powr(Float(0), 0).isNaN && powr(Float.infinity, 0).isNaN && powr(Float(1), .infinity).isNaN)
    #expect(powr(Float(0), 2) == 0 && powr(Float(0), -1) == .infinity)
    let v = powr(float2(-1, 4), 0.5)
    #expect(v.x.isNaN && v.y == 2)
  }

  @Test("copysign, fdim, nextafter and divide")
  func signsAndSteps() {
    #expect(
      copysign(Float(3), -0.0) == -3 && copysign(float2(-1, 1), float2(1, -1)) == float2(1, -1))
    #expect(copysign(float3(2, 2, 2), -1) == float3(-2, -2, -2))
    #expect(fdim(Float(5), 3) == 2 && fdim(Float(3), 5) == 0 && fdim(Float.nan, 1).isNaN)
    #expect(fdim(float3(5, 3, 4), float3(3, 5, 4)) == float3(2, 0, 0))
    #expect(fdim(float2(.nan, 1), 0)[0].isNaN)
    #expect(nextafter(Float(1), 2) == 1 + Float.ulpOfOne && nextafter(Float(1), 1) == 1)
    #expect(
      nextafter(float2(0, 1), float2(1, 0))
        == float2(.leastNonzeroMagnitude, 1 - Float.ulpOfOne / 2))
    #expect(divide(Float(3), 4) == 0.75 && divide(float2(1, 3), 2) == float2(0.5, 1.5))
  }

  @Test("fma rounds once: (1 + 2⁻¹²)² − 1 keeps the 2⁻²⁴ term a separate multiply loses")
  func fusedMultiplyAdd() {
    let a: Float = 1 + 0x1p-12
    // exact: 1 + 2⁻¹¹ + 2⁻²⁴ − 1 = 2⁻¹¹ + 2⁻²⁴; a · a alone rounds the 2⁻²⁴ away (half an ulp,
    // ties to even), so a · a − 1 is 2⁻¹¹.
    #expect(fma(a, a, -1) == 0x1p-11 + 0x1p-24)
    #expect(a * a - 1 == 0x1p-11)
    #expect(fma(float2(a, 2), float2(a, 3), float2(-1, 1)) == float2(0x1p-11 + 0x1p-24, 7))
  }

  @Test("frexp, ilogb, ldexp and modf split and rebuild floats")
  func decomposition() {
    var e: Int32 = 0
    #expect(frexp(Float(-0.375), &e) == -0.75 && e == -1)  // −0.375 = −0.75 × 2⁻¹
    #expect(frexp(Float(0), &e) == 0 && e == 0)
    var ev = int3()
    #expect(frexp(float3(1, 12, 0.5), &ev) == float3(0.5, 0.75, 0.5) && ev == int3(1, 4, 0))
    #expect(ilogb(Float(12)) == 3 && ilogb(Float(0.375)) == -2 && ilogb(Float(1)) == 0)
    #expect(ilogb(Float(0)) == .min && ilogb(Float.infinity) == .max && ilogb(Float.nan) == .min)
    #expect(ilogb(Float.leastNonzeroMagnitude) == -149)  // 2⁻¹⁴⁹
    #expect(ilogb(float2(8, 0.125)) == int2(3, -3))
    #expect(ldexp(Float(0.75), 4) == 12 && ldexp(Float(1), -149) == .leastNonzeroMagnitude)
    #expect(ldexp(Float(1), 128) == .infinity && ldexp(Float(-1), -200) == 0)
    #expect(ldexp(float2(1, 3), int2(-1, 2)) == float2(0.5, 12))
    var whole: Float = 0
    #expect(modf(Float(-3.25), &whole) == -0.25 && whole == -3)
    #expect(modf(Float(-2), &whole).sign == .minus && whole == -2)  // −0 keeps the sign of x
    #expect(modf(Float.infinity, &whole) == 0 && whole == .infinity)
    var wholes = float2()
    #expect(modf(float2(1.5, -0.75), &wholes) == float2(0.5, -0.75) && wholes == float2(1, -0.0))
  }

  @Test("sincos returns the sine and sets the cosine")
  func sincosValues() {
    var c: Float = 0
    #expect(near(sincos(M_PI_2_F, &c), 1) && near(c, 0))
    var cv = float2()
    let s = sincos(float2(0, M_PI_F), &cv)
    #expect(s.x == 0 && near(s.y, 0) && cv.x == 1 && near(cv.y, -1))
  }
}
