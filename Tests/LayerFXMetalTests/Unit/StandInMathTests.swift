import Foundation
import LayerFX
import LayerFXMath
import LayerFXMetal
import Testing

/// The stand-in's inlined polynomial math against glibc's double-precision functions (an
/// independent implementation), through a compiled shader.
@Suite("stand-in math against glibc")
struct StandInMathTests {
  static let source = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 math(float2 position, float which) {
      float x = (position.x - 512.0) * 0.05;
      int w = int(which);
      if (w == 0) return half4(sin(x), cos(x), tan(x * 0.05), 1.0);
      if (w == 1) return half4(exp(x * 0.125), log(position.x), exp2(x * 0.1), log2(position.x));
      if (w == 3) return half4(atan(x), atan2(x, position.x - 600.0), asin(x * 0.039), acos(x * 0.039));
      return half4(pow(position.x, 0.37), fract(x), fmod(x, 1.7), smoothstep(-3.0, 3.0, x));
    }
    """

  /// |actual − expected| ≤ 4 ulp of the expected value, or 2⁻²³ absolute near zero.
  static func close(_ actual: Float, _ expected: Double) -> Bool {
    let tolerance = max(4 * Double(Float(expected).ulp), 1.0 / 8_388_608)
    return abs(Double(actual) - expected) <= tolerance
  }

  @Test(
    "sin, cos, tan, exp, exp2, log, log2, pow, fract, fmod, smoothstep, atan, atan2, asin, acos within 4 ulp"
  )
  func accuracy() throws {
    let library = try MetalLibrary(
      source: Self.source, path: "math.metal", options: MetalTestSupport.options)
    let renderer = Renderer()
    var rows: [[half4]] = []
    for which in 0..<4 {
      let prepared = try library.library.math(.float(Float(which)))
        .prepared(sizeInPoints: float2(1024, 1))
      rows.append(
        renderer.render(RenderRequest(prepared, source: .fill(width: 1024, height: 1))).image.pixels
      )
    }
    for i in 0..<1024 {
      let px = Double(i) + 0.5
      let x = Double(Float((Float(px) - 512) * 0.05))
      let expected: [[Double]] = [
        [sin(x), cos(x), tan(Double(Float(x) * 0.05)), 1],
        [exp(Double(Float(x) * 0.125)), log(px), exp2(Double(Float(x) * 0.1)), log2(px)],
        [
          pow(px, Double(Float(0.37))), x - floor(x), fmod(x, Double(Float(1.7))),
          {
            let t = min(max((x + 3) / 6, 0), 1); return t * t * (3 - 2 * t)
          }(),
        ],
        // atan2 over all four quadrants (the second argument from −599.5 to 423.5); asin and
        // acos over [−0.9984, 0.9984].
        [
          atan(x), atan2(x, px - 600), asin(Double(Float(x) * 0.039)),
          acos(Double(Float(x) * 0.039)),
        ],
      ]
      for row in 0..<4 {
        for channel in 0..<4 {
          let actual = rows[row][i][channel]
          #expect(
            Self.close(actual, expected[row][channel]),
            "row \(row) channel \(channel) at x = \(x): \(actual) vs \(expected[row][channel])")
        }
      }
    }
  }
}
