import LayerFX
import LayerFXMath
import LayerFXMetal
import Testing

/// The stand-in's MSL 3.2 §6 functions that LayerFX added for real shaders (modf and its
/// kin, the integer and relational functions, `as_type`, a shorter vector from a longer one),
/// each against a value worked by hand from the spec's definition.
@Suite("stand-in functions")
struct StandInFunctionTests {
  static let source = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 functions(float2 position) {
      float i1, i2, c;
      int e;
      float f1 = modf(2.75, i1), f2 = modf(-2.75, i2);
      float m = frexp(12.0, e);
      float s = sincos(0.0, c);
      float2 iv;
      float2 fv = modf(float2(1.5, -0.25), iv);
      switch (int(position.x)) {
      case 0: return half4(f1, i1, f2, i2);
      case 1: return half4(m, float(e), ldexp(0.75, 4), float(ilogb(12.0)));
      case 2: return half4(s, c, fmedian3(3.0, 1.0, 2.0), divide(1.0, 4.0));
      case 3: return half4(fmin3(3.0, 1.0, 2.0), fmax3(3.0, 1.0, 2.0), sign(-2.0), (nextafter(1.0, 2.0) - 1.0) * 8388608.0);
      case 4: return half4(fv, iv);
      case 5: return half4(float(clz(1u)), float(ctz(8u)), float(popcount(0xF0u)), float(reverse_bits(1u) == 0x80000000u));
      case 6: return half4(float(rotate(0x80000001u, 1u)), float(absdiff(3, -5)), float(clz(ushort(1))), float(ctz(0u)));
      case 7: return half4(float(addsat(uchar(250), uchar(10))), float(subsat(uchar(5), uchar(10))),
                           float(addsat(char(120), char(10))), float(subsat(char(-120), char(10))));
      case 8: return half4(float(hadd(7, 8)), float(rhadd(7, 8)), float(mulhi(0x80000000u, 4u)), float(mulhi(-2, 0x40000000)));
      case 9: return half4(float(madhi(0x80000000u, 4u, 1u)), float(mul24(0x1000002, 3)), float(mul24(0xFFFFFF, 5)), float(mad24(2, 3, 4)));
      case 10: return half4(float(extract_bits(0xABCDu, 4u, 8u)), float(extract_bits(0xF0, 4u, 4u)),
                            float(insert_bits(0xFFFFu, 0u, 4u, 8u)), float(madsat(uchar(20), uchar(20), uchar(1))));
      case 11: return half4(half2(popcount(uint2(3u, 7u))), half2(absdiff(int2(1, 5), int2(4, 2))));
      case 12: return half4(float(isnormal(1e-40)), float(isnormal(1.0)), float(signbit(-0.0)), float(isordered(1.0, NAN)));
      case 13: return half4(float(isunordered(1.0, NAN)), float(all(not(bool2(false, false)))), float(any(isnan(float2(1.0, NAN)))),
                            float(all(isfinite(float3(1.0, INFINITY, 0.0)))));
      case 14: return half4(float(as_type<uint>(1.0f)) / 65536.0, as_type<float>(0x40000000u), half2(float2(float4(5, 6, 7, 8))));
      case 15: return half4(half3(half4(1.0h, 2.0h, 3.0h, 4.0h)), 9.0h);
      case 16: return half4(unpack_unorm4x8_to_float(0xFF8000FFu));
      case 17: return half4(unpack_snorm4x8_to_float(0x80FF7F01u));
      default: return half4(float(pack_float_to_unorm4x8(float4(1.0, 0.0, 0.5, 2.0)) == 0xFF8000FFu),
                            float(pack_float_to_snorm2x16(float2(-1.0, 1.0)) == 0x7FFF8001u),
                            unpack_unorm2x16_to_float(0xFFFF0000u));

      }
    }
    """

  @Test("modf, frexp, integer, relational functions and conversions give the spec's values")
  func values() throws {
    let pixels = try StandInProbe.pixels(Self.source, function: "functions", width: 19)
    let expected: [half4] = [
      half4(0.75, 2, -0.75, -2),  // modf: the fraction keeps x's sign, i = trunc x
      half4(0.75, 4, 12, 3),  // 12 = 0.75 · 2⁴; 0.75 · 2⁴; ⌊log₂ 12⌋
      half4(0, 1, 2, 0.25),  // sin 0, cos 0; median of 3, 1, 2; 1 / 4
      half4(1, 3, -1, 1),  // min, max of three; sign; one ulp above 1 is 2⁻²³
      half4(0.5, -0.25, 1, -0),  // modf per component
      half4(31, 3, 4, 1),  // leading zeros of 1, trailing of 8, ones of 0xF0, bit 0 → bit 31
      half4(3, 8, 15, 32),  // 0x80000001 rotated left by 1; |3 − (−5)|; 16-bit clz; ctz(0) = 32
      half4(255, 0, 127, -128),  // saturated to uchar and char ranges
      half4(7, 8, 2, -1),  // ⌊15/2⌋, ⌈15/2⌉; (2³¹ · 4) >> 32; −2³¹ >> 32 = −1
      half4(3, 6, -5, 10),  // 2 + 1; low 24 bits 2 · 3; 0xFFFFFF is −1 as 24-bit int; 2·3 + 4
      // Bits 4…11 of 0xABCD; 0xF sign-extended; bits 4…11 of 0xFFFF cleared; 401 → 255.
      half4(0xBC, -1, 0xF00F, 255),
      half4(2, 3, 3, 3),  // popcount per component; |1 − 4|, |5 − 2|
      half4(0, 1, 1, 0),  // 1e-40 is subnormal; 1 is normal; −0 has its sign bit; NaN is unordered
      half4(1, 1, 1, 0),  // isunordered; not; any isnan; not all finite
      half4(16256, 2, 5, 6),  // 0x3F800000 / 2¹⁶; 0x40000000 is 2.0; float2(float4) keeps x, y
      half4(1, 2, 3, 9),  // half3(half4) keeps x, y, z
      half4(1, 0, 128.0 / 255, 1),  // bytes 0xFF, 0x00, 0x80, 0xFF from the lowest up, / 255
      half4(1.0 / 127, 1, -1.0 / 127, -1),  // 0x01, 0x7F, 0xFF = −1, 0x80 = −128 → −1 (clamped)
      // 1 → 0xFF, 0.5 → rint(127.5) = 128 (ties to even), 2 clamps to 0xFF; −1 → −32767 =
      // 0x8001; 0x0000 and 0xFFFF as 16-bit unorm.
      half4(1, 1, 0, 1),
    ]
    for (i, value) in expected.enumerated() {
      #expect(pixels[i] == value, "case \(i): \(pixels[i]) vs \(value)")
    }
  }

  static let powSource = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 powers(float2 position, float y) {
      float x = position.x * 1.37 - 40.0;
      switch (int(position.y)) {
      case 0: return half4(float(pow(x, 2.0) == x * x), float(pow(x, 4.0) == (x * x) * (x * x)),
                           float(pow(x, 3.0) == x * (x * x)), float(pow(x, -2.0) == 1.0 / (x * x)));
      default: return half4(pow(-2.0, 3.0), pow(-2.0, y), pow(float2(-3.0), float2(2.0)).x, pow(x, 0.0));
      }
    }
    """

  @Test("pow folds a constant integral exponent into multiplications; a variable one keeps NaN")
  func pow() throws {
    let library = try MetalLibrary(
      source: Self.powSource, path: "powers.metal", options: MetalTestSupport.options)
    let prepared = try library.library.powers(.float(3)).prepared(sizeInPoints: float2(64, 2))
    let pixels = Renderer().render(RenderRequest(prepared, source: .fill(width: 64, height: 2)))
      .image.pixels
    // Row 0: every comparison holds bit for bit (the folded forms are exactly these products).
    #expect(pixels[0..<64].allSatisfy { $0 == half4(1, 1, 1, 1) })
    for pixel in pixels[64..<128] {
      // (−2)³ = −8 folded; (−2)^y with y = 3 from an argument is exp(y log x) = NaN; (−3)² = 9;
      // x⁰ = 1.
      #expect(pixel.x == -8 && pixel.y.isNaN && pixel.z == 9 && pixel.w == 1, "\(pixel)")
    }
  }

  static let includedHeader = """
    inline half halfOf(half x) { return x * 0.5h; }
    inline half tenth() { return 0.1h; }
    inline float bridged(float x) { return max(x, 0.25) + clamp(x, 0.0, 1.0) * 2.0 + pow(x, 2.0); }
    """

  static let includingSource = """
    #include <metal_stdlib>
    using namespace metal;
    #include "helpers.h"
    [[ stitchable ]] half4 including(float2 position) {
      return half4(halfOf(3.0h), float(tenth() == 0.1h), bridged(0.5), bridged(-1.0));
    }
    """

  @Test(
    "a half literal and a double literal in an included file compile as in the main file",
    arguments: [MetalCompileOptions.HalfPrecision.float, .binary16])
  func includedLiterals(half: MetalCompileOptions.HalfPrecision) throws {
    let pixels = try StandInProbe.pixels(
      Self.includingSource, function: "including", files: ["helpers.h": Self.includedHeader],
      half: half)
    // 3 · 0.5; 0.1h in the header is the main file's 0.1h bit for bit; max(0.5, 0.25) +
    // 0.5 · 2 + 0.25 = 1.75; max(−1, 0.25) + 0 + 1 = 1.25.
    #expect(pixels[0] == half4(1.5, 1, 1.75, 1.25))
  }
}
