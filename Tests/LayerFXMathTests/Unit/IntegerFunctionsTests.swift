import LayerFXMath
import Testing

// MSL 3.2 §6.3 (Table 6.2), worked in binary and two's complement: Int32 spans
// [−2³¹, 2³¹ − 1] = [−2147483648, 2147483647], UInt32 [0, 4294967295].

@Suite("Integer functions (MSL §6.3)")
struct IntegerFunctionsTests {
  @Test("absdiff returns |x − y| as unsigned, without overflow")
  func absdiffValues() {
    #expect(absdiff(Int32(-5), 3) == UInt32(8))
    #expect(absdiff(Int32.min, Int32.max) == UInt32.max)  // (2³¹ − 1) − (−2³¹) = 2³² − 1
    #expect(absdiff(UInt32(3), 10) == 7)
    #expect(absdiff(int2(-5, 10), int2(3, 4)) == uint2(8, 6))
    #expect(absdiff(uint3(0, 9, 4), uint3(9, 0, 4)) == uint3(9, 9, 0))
  }

  @Test("addsat and subsat saturate at the type's range")
  func saturation() {
    #expect(
      addsat(Int32.max, 1) == .max && addsat(Int32.min, -1) == .min && addsat(Int32(2), 3) == 5)
    #expect(addsat(UInt32.max, 1) == .max && addsat(UInt32(1), 2) == 3)
    #expect(
      subsat(UInt32(2), 3) == 0 && subsat(Int32.min, 1) == .min && subsat(Int32.max, -1) == .max)
    #expect(subsat(Int32(5), 7) == -2)
    #expect(addsat(int2(.max, 1), int2(1, 1)) == int2(.max, 2))
    #expect(subsat(uint4(0, 5, 5, .max), uint4(1, 2, 6, 0)) == uint4(0, 3, 0, .max))
  }

  @Test("clamp, min, max and their three-operand forms")
  func ordering() {
    #expect(clamp(Int32(-5), 0, 10) == 0 && clamp(UInt32(50), 0, 10) == 10)
    #expect(clamp(5, 0, 3) == 3)  // literals only: Int
    #expect(clamp(int3(-5, 5, 50), int3(0), int3(10)) == int3(0, 5, 10))
    #expect(clamp(uint2(1, 90), 2, 80) == uint2(2, 80))
    #expect(max(int2(1, 7), int2(4, 2)) == int2(4, 7) && min(uint3(1, 7, 3), 2) == uint3(1, 2, 2))
    #expect(max(int4(-3), 0) == int4(0))
    #expect(
      max3(Int32(1), 7, 3) == 7 && min3(UInt32(4), 2, 9) == 2 && median3(Int32(9), -1, 4) == 4)
    #expect(median3(int3(1, 9, 5), int3(2, 8, 5), int3(3, 7, 5)) == int3(2, 8, 5))
    #expect(max3(uint2(1, 2), uint2(3, 0), uint2(2, 1)) == uint2(3, 2))
  }

  @Test("abs of an int vector wraps the most negative value, as on the GPU")
  func absWraps() {
    #expect(abs(int4(-3, 3, 0, .min)) == int4(3, 3, 0, .min))
  }

  @Test("clz, ctz and popcount count bits")
  func bitCounts() {
    #expect(clz(UInt32(1)) == 31 && clz(Int32(0)) == 32 && clz(Int32(-1)) == 0)
    #expect(ctz(UInt32(8)) == 3 && ctz(UInt32(0)) == 32 && ctz(Int32.min) == 31)
    #expect(popcount(UInt32(0b1011)) == 3 && popcount(Int32(-1)) == 32)
    #expect(clz(uint3(1, 0x8000_0000, 0xffff)) == uint3(31, 0, 16))
    #expect(popcount(int2(7, -2)) == int2(3, 31))  // −2 = 0xFFFFFFFE
    #expect(clz(UInt16(1)) == 15)  // the generic form works for 16 bits
  }

  @Test("hadd and rhadd average without overflow, rounding down and up")
  func halvingAdds() {
    #expect(hadd(Int32(3), 4) == 3 && rhadd(Int32(3), 4) == 4)  // 7 / 2 = 3.5
    #expect(hadd(Int32.max, Int32.max) == .max)  // (2³² − 2) / 2 without the overflow
    #expect(hadd(UInt32.max, 1) == 0x8000_0000)  // 2³² / 2
    #expect(hadd(Int32(-3), 0) == -2 && rhadd(Int32(-3), 0) == -1)  // −1.5 down and up
    #expect(hadd(int2(1, 10), int2(2, 20)) == int2(1, 15))
  }

  @Test("mulhi, madhi and madsat use the full-width product")
  func highProducts() {
    #expect(mulhi(UInt32(0x8000_0000), 4) == 2)  // 2³¹ · 4 = 2³³: high word 2
    #expect(mulhi(Int32(-1), 1) == -1)  // −1 sign-extends into the high word
    #expect(madhi(UInt32(0x8000_0000), 4, 1) == 3)
    #expect(madsat(Int32(65536), 65536, 0) == .max)  // 2³² does not fit
    #expect(madsat(Int32(-65536), 65536, 0) == .min)
    #expect(madsat(UInt32(3), 4, 5) == 17 && madsat(UInt32.max, 2, 0) == .max)
    #expect(mulhi(uint2(0xffff_ffff, 2), uint2(0xffff_ffff, 3)) == uint2(0xffff_fffe, 0))
    #expect(madsat(int2(2, .max), int2(3, 2), int2(1, 0)) == int2(7, .max))
  }

  @Test("mul24 and mad24 multiply 24-bit operands")
  func twentyFourBit() {
    #expect(mul24(Int32(1000), 1000) == 1_000_000 && mul24(Int32(-4), 5) == -20)
    #expect(mad24(UInt32(0xff_ffff), 1, 1) == 0x100_0000)
    #expect(mul24(int2(3, -3), int2(3, 3)) == int2(9, -9))
  }

  @Test("reverse_bits and rotate move bits")
  func bitMoves() {
    #expect(reverse_bits(UInt32(1)) == 0x8000_0000 && reverse_bits(UInt32(0xf0)) == 0x0f00_0000)
    #expect(reverse_bits(Int32(1)) == .min && reverse_bits(UInt32(0x1234_5678)) == 0x1e6a_2c48)
    #expect(rotate(UInt32(0x8000_0001), 1) == 3 && rotate(UInt32(1), 33) == 2)  // 33 mod 32 = 1
    #expect(rotate(Int32(-2), 1) == -3)  // 0xFFFFFFFE rotated left: 0xFFFFFFFD
    #expect(rotate(uint2(1, 0x8000_0000), uint2(4, 1)) == uint2(16, 1))
    #expect(reverse_bits(uint3(0, 1, 2)) == uint3(0, 0x8000_0000, 0x4000_0000))
  }

  @Test("extract_bits zero- or sign-extends; insert_bits replaces a field")
  func bitFields() {
    #expect(extract_bits(UInt32(0xabcd), 4, 8) == 0xbc)
    #expect(extract_bits(Int32(0x00f0), 4, 4) == -1)  // 0b1111 as a signed 4-bit field
    #expect(extract_bits(Int32(0x0070), 4, 4) == 7 && extract_bits(UInt32(0xffff), 3, 0) == 0)
    #expect(extract_bits(Int32(-1), 0, 32) == -1 && extract_bits(UInt32(0xffff_ffff), 28, 4) == 15)
    #expect(insert_bits(UInt32(0xffff_ffff), 0, 8, 4) == 0xffff_f0ff)
    #expect(insert_bits(UInt32(0), 0xff, 28, 4) == 0xf000_0000)  // only the low 4 bits go in
    #expect(insert_bits(UInt32(7), 9, 0, 32) == 9 && insert_bits(Int32(5), 1, 3, 0) == 5)
    #expect(extract_bits(uint2(0xab, 0xcd), 4, 4) == uint2(0xa, 0xc))
    #expect(insert_bits(int2(0, -1), int2(1, 0), 1, 1) == int2(2, -3))
  }
}
