import Foundation
import LayerFXMath
import Testing

// A file that imports Foundation as well as LayerFXMath: every call below would be "ambiguous"
// if LayerFXMath declared its own copy of a C library function (Foundation re-exports Glibc's
// `sin(_: Float)`, …). That this file compiles is the claim; the values check that each call
// still reaches the function Metal means. One trap remains, shown below: Foundation also brings
// Glibc's deprecated `ilogb(_:) -> Int` and `ldexp(_:_: Int)`, and a bare integer literal
// prefers `Int`, so spell Metal's `int` results and arguments `Int32(…)` in such a file.

@Suite("LayerFXMath alongside Foundation")
struct FoundationInteropTests {
  @Test("scalar Float calls resolve unambiguously")
  func scalarCalls() {
    let x: Float = 0.5
    #expect(abs(sin(x) - 0.479_425_54) <= 1e-7)  // sin 0.5
    #expect(sqrt(Float(2.25)) == 1.5)
    #expect(pow(Float(2), 10) == 1024)
    #expect(abs(atan2(Float(1), 1) - 0.785_398_16) <= 1e-7)
    #expect(min(x, 2) == 0.5 && max(x, 2) == 2 && max(0, x) == 0.5)
    #expect(fmod(Float(7), 3) == 1)
    #expect(
      floor(Float(-0.5)) == -1 && ceil(x) == 1 && round(Float(2.5)) == 3 && trunc(Float(-1.5)) == -1
    )
    #expect(exp(Float(0)) == 1 && log2(Float(8)) == 3 && abs(Float(-2)) == 2 && fma(x, 2, 1) == 2)
    #expect(copysign(x, -1) == -0.5 && fmax(Float.nan, x) == x && clamp(x, 0, 0.25) == 0.25)
    #expect(
      isnan(Float.nan) && !signbit(x) && ilogb(Float(8)) == Int32(3) && ldexp(x, Int32(2)) == 2)
    #expect(mix(Float(0), 4, x) == 2 && fract(Float(1.25)) == 0.25 && M_PI_F > 3.14)
  }

  @Test("vector calls resolve unambiguously")
  func vectorCalls() {
    let v = float2(0, 0.5)
    #expect(sin(v) == float2(0, sin(Float(0.5))))
    #expect(sqrt(float2(4, 9)) == float2(2, 3))
    #expect(pow(float2(2, 3), 2) == float2(4, 9))
    #expect(atan2(float2(0, 1), float2(1, 1)) == float2(0, atan2(Float(1), 1)))
    #expect(min(v, 0.25) == float2(0, 0.25) && max(v, 0.25) == float2(0.25, 0.5))
    #expect(fmod(float2(7, -7), 3) == float2(1, -1))
    // Metal's vector comparisons, shifts and literal-exponent pow beside Foundation's CGFloat
    // and Decimal overloads: 1 < 2, 3 < 2; 0x1234 >> 4 = 0x123; (−2)² folded
    #expect((float2(1, 3) < float2(2, 2)) == bool2(true, false) && any(v >= 0.5))
    #expect(uint2(0x1234, 0xff00) >> 4 & uint2(255) == uint2(0x23, 0xf0))
    #expect(pow(Float(-2), 2.0) == 4 && pow(float3(-2, 1, 2), 3.0) == float3(-8, 1, 8))
  }

  @Test("Double calls still reach the C library")
  func doubleCalls() {
    let d = 0.5
    #expect(sin(d) == Foundation.sin(d) && pow(2.0, 10.0) == 1024 && sqrt(2.25) == 1.5)
    #expect(Float(pow(10, Double(d))) == Float(Foundation.pow(10.0, 0.5)))  // C's Double pow
    #expect(pow(d, 2) == 0.25 && 2 < d + 2)  // Double with an Int literal: C's pow(Double, Double)
  }
}
