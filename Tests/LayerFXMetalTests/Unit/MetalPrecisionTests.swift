import LayerFX
import LayerFXMath
import LayerFXMetal
import Testing

@Suite("half precision modes")
struct MetalPrecisionTests {
  // 2049 is not a binary16 value: the spacing between 2048 and 4096 is 2, and 2049 rounds to
  // even, 2048 (IEEE 754 round-to-nearest-even). As float it is exact. So a − 2048 is 1 as float
  // and 0 as binary16.
  static let source = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 rounding(float2 position, half4 color, float big) {
      half a = half(big);
      half d = a - 2048.0h;
      return half4(d, d, d, 1.0h);
    }
    """

  @Test(
    "half is float by default and binary16 when asked",
    arguments: [(MetalCompileOptions.HalfPrecision.float, Float(1)), (.binary16, Float(0))])
  func rounding(half: MetalCompileOptions.HalfPrecision, expected: Float) throws {
    var options = MetalTestSupport.options
    options.half = half
    let library = try MetalLibrary(source: Self.source, path: "rounding.metal", options: options)
    let image = Image(width: 3, height: 1, color: half4(0, 0, 0, 1))
    let out = try image.colorEffect(library.library.rounding(.float(2049)))
    #expect(out.pixels.allSatisfy { $0 == half4(expected, expected, expected, 1) })
  }
}
