import LayerFXMath
import Testing

// Expected values are worked by hand from MSL 3.2 §6.2 (Table 6.1); the arithmetic is beside
// each. Operands are binary fractions, so every result is exact in binary32.

@Suite("Common functions (MSL §6.2)")
struct CommonFunctionsTests {
  @Test("clamp is fmin(fmax(x, minval), maxval): a NaN x gives minval")
  func clampNaN() {
    #expect(clamp(Float.nan, 0, 1) == 0)  // fmax(NaN, 0) = 0, fmin(0, 1) = 0
    #expect(clamp(float3(.nan, 2, -2), 0, 1) == float3(0, 1, 0))
    #expect(clamp(float4(.nan), float4(-1), float4(1)) == float4(-1))
    #expect(clamp(Float.infinity, 0, 1) == 1 && clamp(-Float.infinity, 0, 1) == 0)
  }

  @Test("clamp with vector bounds limits each component by its own range")
  func clampVectorBounds() {
    // x = 0.5 against [0, 0.25], [0.75, 1] and [0, 1]
    #expect(clamp(float3(0.5), float3(0, 0.75, 0), float3(0.25, 1, 1)) == float3(0.25, 0.75, 0.5))
    #expect(clamp(float2(-3, 3), -1, 2) == float2(-1, 2))
  }

  @Test("clamp with a NaN bound compares false; precise.clamp ignores the NaN bound")
  func clampNaNBounds() {
    // fast form: 0.5 >= NaN is false → NaN; NaN <= 1 is false → 1
    #expect(clamp(0.5, .nan, 1) == 1)
    // formula: fmax(0.5, NaN) = 0.5, fmin(0.5, 1) = 0.5
    #expect(precise.clamp(0.5, .nan, 1) == 0.5)
    #expect(precise.clamp(float2(0.5, 3), float2(.nan), float2(1)) == float2(0.5, 1))
    #expect(precise.clamp(float2(0.5, -3), 0, Float.nan) == float2(0.5, 0))
  }

  @Test("mix extrapolates outside [0, 1] by the same formula")
  func mixExtrapolates() {
    #expect(mix(Float(2), 4, 1.5) == 5)  // 2 + 2 · 1.5
    #expect(mix(Float(2), 4, -0.5) == 1)  // 2 + 2 · (−0.5)
    #expect(mix(float4(0, 1, 2, 3), float4(4), 0.5) == float4(2, 2.5, 3, 3.5))
    // per component: 0 + 8 · 0.25, 1 + 7 · 0.5, 2 + 6 · 0.75
    #expect(mix(float3(0, 1, 2), float3(8), float3(0.25, 0.5, 0.75)) == float3(2, 4.5, 6.5))
  }

  @Test("saturate maps NaN to 0 and clamps to [0, 1]")
  func saturateValues() {
    #expect(saturate(Float.nan) == 0)
    #expect(saturate(float2(.nan, 0.5)) == float2(0, 0.5))
    #expect(saturate(float3(-0.25, 1.25, 0.75)) == float3(0, 1, 0.75))
  }

  @Test("sign keeps the sign of zero and maps NaN to 0")
  func signOfZero() {
    #expect(sign(Float(-0.0)).sign == .minus && sign(Float(-0.0)) == 0)
    #expect(sign(Float(0)).sign == .plus)
    #expect(sign(Float(-7)) == -1 && sign(Float(0.001)) == 1)
    let s = sign(float4(-0.0, .nan, -.infinity, .infinity))
    #expect(s[0] == 0 && s[0].sign == .minus)
    #expect(s[1] == 0 && s[2] == -1 && s[3] == 1)
  }

  @Test("smoothstep takes the edges first; scalar edges serve every component")
  func smoothstepEdges() {
    // t = (x − 1) / (5 − 1): x = 2 → 0.25 → 0.0625 · 2.5; x = 4 → 0.75 → 0.5625 · 1.5
    #expect(smoothstep(1, 5, float2(2, 4)) == float2(0.15625, 0.84375))
    #expect(
      smoothstep(float3(0, 0, 2), float3(4, 8, 6), float3(2, 2, 7)) == float3(0.5, 0.15625, 1))
    #expect(smoothstep(Float(0), 1, -3) == 0 && smoothstep(Float(0), 1, 3) == 1)
  }

  @Test("step is 1 at the edge and for NaN x, 0 below it")
  func stepEdge() {
    #expect(step(Float(1), 1) == 1)
    #expect(step(Float(1), .nan) == 1)  // NaN < 1 is false
    #expect(step(0.5, float3(0.25, 0.5, .nan)) == float3(0, 1, 1))
    #expect(step(float2(1, 3), float2(2, 2)) == float2(1, 0))
  }
}
