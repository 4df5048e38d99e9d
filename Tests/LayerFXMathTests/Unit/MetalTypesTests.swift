import LayerFXMath
import Testing

// Binary16 has 10 fraction bits, so a value in [2^e, 2^(e+1)) rounds to a multiple of 2^(e−10),
// ties to even; its largest finite value is 65504 = (2 − 2⁻¹⁰) · 2¹⁵ (IEEE 754-2019 §3.6, §4.3.1).

@Suite("roundedToHalf")
struct MetalTypesTests {
  @Test("roundedToHalf rounds to the nearest binary16 value")
  func roundsToNearest() {
    // 0.1 = 1.6 · 2⁻⁴; 1.6 · 1024 = 1638.4 → 1638; 1638 / 1024 · 2⁻⁴ = 1638 / 16384
    // 1/3 = 1.333… · 2⁻²; 1.333… · 1024 = 1365.33 → 1365; 1365 / 4096
    let rounded = half4(0.1, 1.0 / 3.0, 0.5, 1).roundedToHalf()
    #expect(rounded == half4(0.099_975_585_937_5, 0.333_251_953_125, 0.5, 1))
  }

  @Test("roundedToHalf breaks ties to even")
  func tiesToEven() {
    // In [2048, 4096) the spacing is 2: 2049 lies midway between 2048 (fraction 0, even) and
    // 2050 (fraction 1, odd); 2051 between 2050 (odd) and 2052 (even).
    #expect(float2(2049, 2051).roundedToHalf() == float2(2048, 2052))
  }

  @Test("roundedToHalf overflows past 65504 to infinity and flushes tiny values to zero")
  func range() {
    // 65520 is midway between 65504 (fraction 0x3FF, odd) and 65536 (= 2¹⁶, out of range):
    // ties-to-even rounds up, i.e. to infinity. 65519 is below the midpoint.
    let big = float4(65519, 65520, -65520, 1e-8).roundedToHalf()
    #expect(big[0] == 65504)
    #expect(big[1] == .infinity)
    #expect(big[2] == -.infinity)
    // The smallest subnormal is 2⁻²⁴ ≈ 5.96e-8; 1e-8 is below half of it.
    #expect(big[3] == 0)
  }
}
