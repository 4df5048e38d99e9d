import LayerFXMath
import Testing

// MSL 3.2 §2.2.2 (components are consumed left to right) and §8.6 (float → integer rounds
// toward zero, NaN → 0). Out-of-range values saturate here; Metal leaves them unspecified.

@Suite("Vector constructors and conversions (MSL §2.2.2, §8.6)")
struct VectorConstructorsTests {
  @Test("one scalar fills every component, for any scalar type")
  func broadcast() {
    #expect(float2(1.5) == float2(1.5, 1.5) && float4(-2) == float4(-2, -2, -2, -2))
    #expect(int3(7) == int3(7, 7, 7) && uint2(9) == uint2(9, 9) && short4(3) == short4(3, 3, 3, 3))
  }

  @Test("scalars and vectors mix in order, as long as the widths add up")
  func mixedArguments() {
    let ab = float2(1, 2)
    let cd = float2(3, 4)
    #expect(float3(0, ab) == float3(0, 1, 2) && float3(ab, 0) == float3(1, 2, 0))
    #expect(float4(ab, 3, 4) == float4(1, 2, 3, 4) && float4(1, ab, 4) == float4(1, 1, 2, 4))
    #expect(float4(1, 2, cd) == float4(1, 2, 3, 4) && float4(cd, ab) == float4(3, 4, 1, 2))
    #expect(float4(0, float3(1, 2, 3)) == float4(0, 1, 2, 3))
    #expect(
      int4(int2(1, 2), int2(3, 4)) == int4(1, 2, 3, 4) && uint3(5, uint2(6, 7)) == uint3(5, 6, 7))
  }

  @Test("float to int rounds toward zero, maps NaN to 0 and saturates")
  func floatToInteger() {
    #expect(int4(float4(-0.5, 0.99, -1.99, 2)) == int4(0, 0, -1, 2))
    // 2³¹ = 2147483648 is one past Int32.max; −3e9 is below Int32.min = −2147483648
    #expect(int3(float3(.nan, 2_147_483_648, -3e9)) == int3(0, .max, .min))
    #expect(
      uint4(float4(-5, .infinity, -.infinity, 4_294_967_040)) == uint4(0, .max, 0, 4_294_967_040))
    #expect(
      ushort2(float2(70_000, -5)) == ushort2(65535, 0)
        && short2(float2(-40_000, 12.5)) == short2(-32768, 12))
  }

  @Test("integer vectors convert by keeping the low bits")
  func integerToInteger() {
    #expect(uint4(int4(-1, 0, 1, .min)) == uint4(4_294_967_295, 0, 1, 2_147_483_648))
    #expect(int2(uint2(4_294_967_295, 7)) == int2(-1, 7))
    #expect(ushort3(int3(65537, -2, 3)) == ushort3(1, 65534, 3))  // 65537 − 65536; 2¹⁶ − 2
    #expect(int4(short4(-1, 2, -3, 4)) == int4(-1, 2, -3, 4))  // widening keeps the value
  }

  @Test("int to float converts each component")
  func integerToFloat() {
    #expect(float3(int3(-1, 0, 16_777_217)) == float3(-1, 0, 16_777_216))  // 2²⁴ + 1 rounds to even
    #expect(half2(uint2(3, 4)) == half2(3, 4))
  }
}
