import LayerFXMath
import Testing

// MSL 3.2 §6.4 (Table 6.3). Values are IEEE 754 classes: ±0, the smallest subnormal
// 2⁻¹⁴⁹ (`leastNonzeroMagnitude`), the smallest normal 2⁻¹²⁶, ±∞ and NaN.

@Suite("Relational functions (MSL §6.4)")
struct RelationalFunctionsTests {
  let subnormal = Float.leastNonzeroMagnitude

  @Test("isfinite, isinf, isnan and isnormal classify scalars")
  func classifyScalars() {
    #expect(isfinite(Float(1)) && !isfinite(Float.infinity) && !isfinite(Float.nan))
    #expect(isinf(-Float.infinity) && !isinf(Float.greatestFiniteMagnitude))
    #expect(isnan(Float.nan) && !isnan(Float(0)))
    #expect(isnormal(Float(1)) && isnormal(Float.leastNormalMagnitude))
    #expect(!isnormal(Float(0)) && !isnormal(subnormal) && !isnormal(Float.infinity))
  }

  @Test("the vector forms classify each component into a Boolean vector")
  func classifyVectors() {
    let x = float4(1, .infinity, .nan, subnormal)
    #expect(isfinite(x) == bool4(true, false, false, true))
    #expect(isinf(x) == bool4(false, true, false, false))
    #expect(isnan(x) == bool4(false, false, true, false))
    #expect(isnormal(x) == bool4(true, false, false, false))
    #expect(isnan(float2(.nan, -.nan)) == bool2(true, true))
    #expect(isinf(float3(-.infinity, 0, 1)) == bool3(true, false, false))
  }

  @Test("signbit is set for −0 and negative values, clear for +0")
  func signbitValues() {
    #expect(signbit(Float(-0.0)) && !signbit(Float(0)))
    #expect(signbit(Float(-1)) && !signbit(Float.infinity))
    #expect(signbit(float3(-0.0, 0, -2)) == bool3(true, false, true))
  }

  @Test("isordered is true when neither operand is NaN; isunordered is its negation")
  func orderedness() {
    #expect(isordered(Float(1), 2) && !isordered(Float.nan, 2) && !isordered(Float(1), .nan))
    #expect(isunordered(Float.nan, 2) && !isunordered(Float(1), 2))
    let a = float3(1, .nan, 3)
    let b = float3(.nan, 2, 3)
    #expect(isordered(a, b) == bool3(false, false, true))
    #expect(isunordered(a, b) == bool3(true, true, false))
  }

  @Test("select(a, b, c) returns b where c is true, a where it is false")
  func selectOrder() {
    #expect(select(Float(1), 2, true) == 2 && select(Float(1), 2, false) == 1)
    #expect(select(true, false, true) == false)
    #expect(select(Int32(3), 4, true) == 4)
    #expect(select(0, 1, false) == 0)  // literals only: the generic integer form, as Int
    #expect(select(float2(1, 2), float2(3, 4), bool2(true, false)) == float2(3, 2))
    #expect(select(int3(1, 2, 3), int3(-1), bool3(false, true, true)) == int3(1, -1, -1))
    #expect(select(uint4(1), uint4(9), bool4(true, false, false, true)) == uint4(9, 1, 1, 9))
  }

  @Test("not, any and all on scalars and Boolean vectors")
  func logic() {
    #expect(not(true) == false)
    #expect(not(bool2(true, false)) == bool2(false, true))
    #expect(any(true) && !any(false) && all(true) && !all(false))
    #expect(any(bool3(false, true, false)) && !all(bool3(false, true, false)))
    #expect(all(bool4(true)) && !any(bool4(false)))
  }
}
