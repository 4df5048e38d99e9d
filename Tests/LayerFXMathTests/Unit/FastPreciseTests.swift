import LayerFXMath
import Testing

// `fast` and `precise` forms on scalars and float2…float4 (MSL 3.2 §6.2, §6.5, §6.8; §8.4
// Tables 8.1 and 8.2). The claims: `fast.sin`/`fast.exp` on small vectors are the SIMD8 lane
// polynomials lane for lane; the fast and precise differences documented in `fast.swift` and
// `precise.swift` hold; everything else equals the unqualified function.

@Suite("fast and precise on scalars and small vectors")
struct FastPreciseTests {
  @Test("fast.sin and fast.exp on Float and float2…float4 equal the SIMD8 lanes")
  func lanePolynomials() {
    let x = SIMD8<Float>(0.5, -1.25, 3, 100, 0.001, -20, 7, 2)
    let sines = fast.sin(x)
    let exps = fast.exp(x)
    #expect(fast.sin(x[0]) == sines[0] && fast.exp(x[1]) == exps[1])
    #expect(fast.sin(float2(x[0], x[1])) == float2(sines[0], sines[1]))
    #expect(fast.sin(float3(x[0], x[1], x[2])) == float3(sines[0], sines[1], sines[2]))
    #expect(
      fast.sin(float4(x[0], x[1], x[2], x[3])) == float4(sines[0], sines[1], sines[2], sines[3]))
    #expect(fast.exp(float3(x[4], x[5], x[6])) == float3(exps[4], exps[5], exps[6]))
    #expect(fast.exp(float4(x[0], x[1], x[2], x[7])) == float4(exps[0], exps[1], exps[2], exps[7]))
    // and they are close to the true values: sin(π/6) = 0.5, e¹ = 2.7182818
    #expect(
      abs(fast.sin(M_PI_F / 6) - 0.5) <= 2.4e-7 && abs(fast.exp(Float(1)) - 2.718_281_8) <= 4.8e-7)
  }

  @Test("fast.pow of a negative base is NaN, as on the GPU; pow and precise.pow follow C")
  func fastPow() {
    // Variable exponents: a literal one folds to multiplications (PowLiteralExponentTests).
    let two: Float = 2
    let three: Float = 3
    #expect(fast.pow(Float(-2), two).isNaN && fast.pow(Float(2), three) == 8)
    #expect(pow(Float(-2), two) == 4 && precise.pow(Float(-2), two) == 4)
    #expect(precise.pow(Float(-2), 2) == 4)  // precise never folds: C's powf, here exact
    let v = fast.pow(float3(-1, 4, 9), 0.5)
    #expect(v.x.isNaN && v.y == 2 && v.z == 3)
  }

  @Test("fast.min and fast.max are one compare; NaN handling is left undefined")
  func fastMinMax() {
    #expect(fast.min(Float(1), 2) == 1 && fast.max(Float(1), 2) == 2)
    #expect(fast.min(Float.nan, 1).isNaN)  // y < x is false: x
    #expect(min(Float.nan, 1) == 1)  // the unqualified min returns the non-NaN operand
    #expect(fast.fmax(float2(1, 5), float2(3, 2)) == float2(3, 5))
    #expect(fast.min(float4(1, 5, 3, 0), 2) == float4(1, 2, 2, 0))
  }

  @Test("fast.fmod uses Float arithmetic; fmod and precise.fmod are exact")
  func fastFmod() {
    #expect(fast.fmod(Float(5.5), 2) == 1.5 && fast.fmod(Float(-5.5), 2) == -1.5)
    #expect(fast.fmod(float2(7, -7), 3) == float2(1, -1))
    // 1e10 = 2¹⁰ × 9765625 is a Float, and 1e10 = 3 × 3333333333 + 1, so the exact remainder
    // is 1; but the quotient 3333333333 is not a Float (the spacing there is 256), so
    // x − y × trunc(x / y) in Float arithmetic misses it.
    #expect(fmod(Float(1e10), 3) == 1 && precise.fmod(Float(1e10), 3) == 1)
    #expect(fast.fmod(Float(1e10), 3) != 1)
  }

  @Test("precise.length, distance and normalize neither overflow nor underflow")
  func preciseGeometry() {
    let big = float2(3e30, 4e30)  // squares 9e60, 16e60 overflow binary32
    #expect(length(big) == .infinity)
    #expect(abs(precise.length(big) - 5e30) <= 5e30 * 1.2e-7)
    let tiny = float3(3e-30, 0, 4e-30)  // squares underflow to 0
    #expect(length(tiny) == 0 && abs(precise.length(tiny) - 5e-30) <= 5e-30 * 1.2e-7)
    #expect(
      abs(precise.distance(float4(1e30, 0, 0, 0), float4(-1e30, 0, 0, 0)) - 2e30) <= 2e30 * 1.2e-7)
    let n = precise.normalize(big)  // (3, 4) / 5
    #expect(abs(n.x - 0.6) <= 6e-8 && abs(n.y - 0.8) <= 6e-8)
    #expect(precise.length(float2(3, 4)) == 5)
  }

  @Test("precise.rsqrt is correctly rounded; other members equal the unqualified functions")
  func preciseDelegates() {
    #expect(precise.rsqrt(Float(4)) == 0.5 && precise.rsqrt(float2(16, 64)) == float2(0.25, 0.125))
    // 1/√2 = 0.70710678118…, whose nearest Float is 0x3F3504F3
    #expect(precise.rsqrt(Float(2)).bitPattern == 0x3F35_04F3)
    let x = float3(0.3, -1.7, 2.5)
    #expect(precise.sin(x) == sin(x) && precise.floor(x) == floor(x) && fast.cos(x) == cos(x))
    #expect(precise.saturate(float2(.nan, 2)) == float2(0, 1) && fast.saturate(Float(-1)) == 0)
    #expect(fast.clamp(x, 0, 1) == clamp(x, 0, 1) && precise.fract(x) == fract(x))
    #expect(fast.rint(Float(2.5)) == 2 && fast.floor(float2(-0.5, 0.5)) == float2(-1, 0))
    var c = float2()
    #expect(precise.sincos(float2(0, 0), &c) == float2(0, 0) && c == float2(1, 1))
  }
}
