import LayerFXMath
import Testing

// MSL 3.2 §6.5 Tables 6.5 and 6.6. Each `_F` constant is the binary32 value nearest the real
// constant; the bit patterns are the IEEE 754 encodings of those values (sign 0, biased exponent,
// 23-bit fraction), e.g. π = 1.5707963… × 2¹ → 0x40490FDB.

@Suite("Math constants (MSL §6.5, Tables 6.5 and 6.6)")
struct MathConstantsTests {
  @Test("the single-precision constants are the nearest binary32 values")
  func singlePrecision() {
    let expected: [(Float, UInt32)] = [
      (M_E_F, 0x402D_F854), (M_LOG2E_F, 0x3FB8_AA3B), (M_LOG10E_F, 0x3EDE_5BD9),
      (M_LN2_F, 0x3F31_7218), (M_LN10_F, 0x4013_5D8E), (M_PI_F, 0x4049_0FDB),
      (M_PI_2_F, 0x3FC9_0FDB), (M_PI_4_F, 0x3F49_0FDB), (M_1_PI_F, 0x3EA2_F983),
      (M_2_PI_F, 0x3F22_F983), (M_2_SQRTPI_F, 0x3F90_6EBB), (M_SQRT2_F, 0x3FB5_04F3),
      (M_SQRT1_2_F, 0x3F35_04F3),
    ]
    for (value, bits) in expected {
      #expect(value.bitPattern == bits, "\(value)")
    }
  }

  @Test("the half constants are the same Float values, since half is backed by Float")
  func halfPrecision() {
    #expect(M_PI_H == M_PI_F && M_E_H == M_E_F && M_SQRT2_H == M_SQRT2_F && M_LN2_H == M_LN2_F)
    #expect(M_1_PI_H == M_1_PI_F && M_PI_2_H == M_PI_2_F && M_SQRT1_2_H == M_SQRT1_2_F)
  }

  @Test("the limits: MAXFLOAT, MAXHALF, infinities and NaN")
  func limits() {
    #expect(MAXFLOAT.bitPattern == 0x7F7F_FFFF)  // (2 − 2⁻²³) × 2¹²⁷
    #expect(MAXHALF == 65504)  // (2 − 2⁻¹⁰) × 2¹⁵
    #expect(HUGE_VALF == .infinity && INFINITY == .infinity && HUGE_VALH == .infinity)
    #expect(NAN.isNaN)
  }
}
