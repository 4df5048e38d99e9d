import Foundation
import LayerFX
import LayerFXMath
import LayerFXMetal
import Testing

/// The row function the runner generates (`MetalGlue`): the user's helper functions inlined
/// into the pixel loop give, in every SIMD lane and in the loop's remainder, the values worked
/// by hand; a recursive helper, which cannot be inlined all the way, and a loop with an early
/// exit still compile and give theirs.
@Suite("MetalGlue")
struct MetalGlueTests {
  /// 40 pixels: two groups of sixteen (the row loop's width at every CPU level) and a remainder
  /// of 8, which runs the scalar loop.
  static let width = 40

  static let helpers = """
    #include <metal_stdlib>
    using namespace metal;
    static float quarter(float x) { return x * 0.25; }
    float shifted(float x) { return quarter(x) + 1.0; }
    inline float3 spread(float x) { return float3(shifted(x), x - 0.5, -x); }
    [[ stitchable ]] half4 helpers(float2 position) {
      float3 v = spread(position.x);
      return half4(v.x, v.y, v.z, v.x > 5.0 ? 1.0 : 0.0);
    }
    """

  @Test("helpers calling helpers give the hand-computed value at every pixel of the row")
  func nestedHelpers() throws {
    let pixels = try StandInProbe.pixels(Self.helpers, function: "helpers", width: Self.width)
    #expect(pixels.count == Self.width)
    for (i, pixel) in pixels.enumerated() {
      // Pixel i is at x = i + 0.5 (Semantics §2.3); x / 4 + 1 is exact in binary32 here.
      let x = Float(i) + 0.5
      let shifted = x / 4 + 1
      // shifted > 5 from x > 16, pixel 16 on (x = 16.5).
      let expected = half4(shifted, Float(i), -x, i >= 16 ? 1 : 0)
      #expect(pixel == expected, "pixel \(i): \(pixel) vs \(expected)")
    }
    // Spot checks worked by hand: pixel 0 is x = 0.5, 0.125 + 1; pixel 39 is x = 39.5, 9.875 + 1.
    #expect(pixels[0].x == 1.125 && pixels[39].x == 10.875)
  }

  static let controlFlow = """
    #include <metal_stdlib>
    using namespace metal;
    int digits(int n) { return n < 10 ? 1 : 1 + digits(n / 10); }
    float doublings(float x) {
      float n = 0.0;
      for (int i = 0; i < 64; i++) {
        if (x >= 100.0) break;
        x *= 2.0;
        n += 1.0;
      }
      return n;
    }
    [[ stitchable ]] half4 controlFlow(float2 position) {
      if (position.x > 38.0) return half4(-1.0);
      return half4(float(digits(int(position.x * 100.0))), doublings(position.x), 0.0, 1.0);
    }
    """

  @Test("a recursive helper, a loop with a break and an early return give their hand values")
  func recursionAndLoops() throws {
    let pixels = try StandInProbe.pixels(
      Self.controlFlow, function: "controlFlow", width: Self.width)
    // digits(100x) for x = i + 0.5: 50 has 2 digits; 150 … 950 (pixels 1–9) 3; 1050 … 3850 4.
    // doublings(x): the least n with x·2ⁿ ≥ 100: pixel 0 (0.5 → 128) 8, pixel 12 (12.5 → 100)
    // 3, pixel 24 (24.5 → 98 → 196) 3, pixel 37 (37.5 → 150) 2.
    let hand: [Int: (Float, Float)] = [
      0: (2, 8), 1: (3, 7), 9: (3, 4), 10: (4, 4), 12: (4, 3), 24: (4, 3), 37: (4, 2),
    ]
    for (i, (digits, doublings)) in hand {
      #expect(pixels[i] == half4(digits, doublings, 0, 1), "pixel \(i): \(pixels[i])")
    }
    for (i, pixel) in pixels.enumerated() {
      let x = Double(i) + 0.5
      if x > 38 {
        // The early return: pixels 38 and 39.
        #expect(pixel == half4(-1, -1, -1, -1), "pixel \(i): \(pixel)")
        continue
      }
      let digits = Float(String(Int(x * 100)).count)
      let doublings = Float(max(0, Int((log2(100 / x)).rounded(.up))))
      #expect(pixel == half4(digits, doublings, 0, 1), "pixel \(i): \(pixel)")
    }
  }
}
