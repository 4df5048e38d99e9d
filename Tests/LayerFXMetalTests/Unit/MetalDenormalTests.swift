import LayerFX
import LayerFXMath
import Testing

/// A compiled shader runs with single-precision denormals flushed to zero, as operands and as
/// results (Documentation/Semantics.md §8.8).
@Suite struct MetalDenormalTests {
  /// At pixel 0 (x = 0.5): `tiny` (an argument) times 10³⁸ reads a denormal operand; 0.5 ×
  /// 2·10⁻³⁸ = 10⁻³⁸ is a denormal result (below 2⁻¹²⁶ ≈ 1.18·10⁻³⁸); 0.5 × 4·10⁻³⁸ = 2·10⁻³⁸
  /// is normal, the control.
  static let source = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 flush(float2 position, float tiny) {
      float operand = tiny * 1e38f;
      float result = (position.x * 2e-38f) * 1e38f;
      float normal = (position.x * 4e-38f) * 1e38f;
      return half4(operand, result, normal, 1.0h);
    }
    """

  @Test("a denormal operand reads as 0 and a denormal result is stored as 0; normals are kept")
  func flushedToZero() throws {
    // 10⁻³⁹ is a denormal binary32 (IEEE 754: below 2⁻¹²⁶); with IEEE gradual underflow the
    // three channels would be about 0.1, 1 and 2.
    let pixel = try #require(
      StandInProbe.pixels(
        Self.source, function: "flush", arguments: [.float(Float(1e-39 as Double))]
      ).first)
    #expect(pixel.x == 0)
    #expect(pixel.y == 0)
    // 0.5 × 4·10⁻³⁸ × 10³⁸, each product rounded to binary32: 2 within a few ulp.
    #expect(abs(pixel.z - 2) < 1e-6)
  }
}
