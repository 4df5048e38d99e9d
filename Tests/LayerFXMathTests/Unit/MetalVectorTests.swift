import LayerFXMath
import Testing

// Metal's relational operators (MSL 3.2 §3.1 item 5) and shifts (§3.1, `<<` and `>>`) on
// vectors, written as a `.metal` file writes them. Expected values are worked by hand in the
// comment beside each.

@Suite("Metal's vector operators: relational operators and shifts")
struct MetalVectorTests {
  @Test("v < w compares component-wise and gives a Boolean vector")
  func vectorVector() {
    let lt: bool2 = float2(1, 3) < float2(2, 2)  // 1 < 2, 3 < 2
    #expect(lt == bool2(true, false))
    let le: bool3 = int3(1, 2, 3) <= int3(2, 2, 2)  // 1 ≤ 2, 2 ≤ 2, 3 ≤ 2
    #expect(le == bool3(true, true, false))
    let gt: bool4 = uint4(0, 5, 7, 9) > uint4(1, 5, 6, 2)  // 0 > 1, 5 > 5, 7 > 6, 9 > 2
    #expect(gt == bool4(false, false, true, true))
    let ge: bool2 = half2(0.5, 0.25) >= half2(0.5, 0.5)  // 0.5 ≥ 0.5, 0.25 ≥ 0.5
    #expect(ge == bool2(true, false))
    // 2 < 3, 4 < 3: 16-bit vectors give a 16-bit mask, as `.<` on them does
    let short: SIMDMask<SIMD2<Int16>> = short2(2, 4) < short2(3, 3)
    #expect(short[0] && !short[1])
  }

  @Test("a scalar on either side is widened to the vector")
  func broadcasting() {
    #expect((float3(0.5, 1, 2) <= 1) == bool3(true, true, false))  // v <= s
    #expect((1 < float3(0.5, 1, 2)) == bool3(false, false, true))  // s < v: only 1 < 2
    #expect((int4(-1, 0, 1, 2) > 0) == bool4(false, false, true, true))  // v > s
    #expect((3 >= uint2(3, 4)) == bool2(true, false))  // s >= v: 3 ≥ 3, 3 ≥ 4
    let threshold: Float = 0.5
    #expect((float2(0.25, 0.75) > threshold) == bool2(false, true))  // a variable scalar
  }

  @Test("NaN compares false")
  func notANumber() {
    #expect((float2(.nan, 1) < 2) == bool2(false, true))
    #expect((float2(.nan, 1) >= float2(.nan, 1)) == bool2(false, true))
    #expect((Float.nan <= float2(0, .infinity)) == bool2(false, false))
  }

  @Test("the porter's idioms: any, all and select over a comparison")
  func idioms() {
    let v = float2(0.5, 2)
    #expect(any(v < float2(1)))  // 0.5 < 1
    #expect(!any(float2(1, 2) < float2(1)))  // neither is below 1
    #expect(all(v > 0) && !all(v > 1))  // both above 0; 0.5 is not above 1
    // select(a, b, c) is c ? b : a per component: (1 < 2, 3 < 2) picks (b.x, a.y)
    #expect(select(float2(0, 0), float2(1, 1), float2(1, 3) < float2(2, 2)) == float2(1, 0))
    let same = float2(1, 2) == float2(1, 2)  // `==` is still Swift's whole-vector Bool
    #expect(same && float2(1, 2) != float2(1, 3))
    #expect((float2(1, 2) .== float2(1, 3)) == bool2(true, false))  // Metal's `==` is `.==`
  }

  @Test("shifts by a scalar: (v >> 4) & mask as Metal computes it")
  func shiftByScalar() {
    // 0x1234 >> 4 = 0x123, & 0xff = 0x23; 0xff00 >> 4 = 0xff0, & 0xff = 0xf0
    #expect(uint2(0x1234, 0xff00) >> 4 & uint2(255) == uint2(0x23, 0xf0))
    #expect((uint2(0x1ff, 6) >> 1) & uint2(255) == uint2(0xff, 3))  // 0xff & 0xff, 3
    #expect(int2(-256, 256) >> 4 == int2(-16, 16))  // a negative int fills with its sign bit
    #expect(uint2(1, 3) << 2 == uint2(4, 12))
    #expect(uint2(256, 512) >> Int32(8) == uint2(1, 2))  // a count of another integer type
    #expect(ushort2(0x0f00, 0x00f0) >> UInt8(4) == ushort2(0x00f0, 0x000f))
  }

  @Test("the count's low log2(N) bits are used, viewed as unsigned")
  func shiftCountMasking() {
    #expect(uint2(1, 3) << 33 == uint2(2, 6))  // 33 mod 32 = 1 (Swift's UInt32(1) << 33 is 0)
    #expect(int2(-8, 8) >> -1 == int2(-1, 0))  // −1 is 0xffffffff: 31 bits; −8 keeps its sign
    // 16-bit components use 4 bits: 17 mod 16 = 1, and 0x8001 << 1 keeps its low 16 bits
    #expect(ushort2(0x8001, 1) << 17 == ushort2(0x0002, 2))
  }

  @Test("shifts by a vector of counts, and the compound assignments")
  func shiftByVector() {
    // 1 << 0, 1 << 4, 1 << 31
    #expect(uint3(1, 1, 1) << uint3(0, 4, 31) == uint3(1, 16, 0x8000_0000))
    #expect(int4(-64, 64, 7, -1) >> int4(3, 3, 1, 31) == int4(-8, 8, 3, -1))
    var w = uint2(16, 32)
    w >>= 2  // (4, 8)
    #expect(w == uint2(4, 8))
    w <<= uint2(1, 2)  // (8, 32)
    #expect(w == uint2(8, 32))
    w <<= 1  // (16, 64)
    w >>= uint2(4, 6)  // (1, 1)
    #expect(w == uint2(1, 1))
  }
}
