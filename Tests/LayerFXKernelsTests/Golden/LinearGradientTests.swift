import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// The linear gradient against a float64 projection onto the gradient line.
@Suite struct LinearGradientTests {
  static let start = half4(0, 0.5, 1, 1)
  static let end = half4(0.4, 0, 0, 0.4)

  @Test(
    "both forms are within 1/255 of a float64 projection on 99.9 % of pixels, 3/255 on all",
    arguments: [
      (float2(0, 0.5), float2(1, 0.5)), (float2(0, 0), float2(1, 1)),
      (float2(0.8, 0.2), float2(0.3, 0.9)), (float2(0.5, 0.5), float2(0.5, 0.5)),
    ])
  func matchesReference(startPoint: float2, endPoint: float2) throws {
    try FillGolden.expectMatchesReference({ size in
      ShaderFunction.linearGradient(
        .float2(size), .float2(startPoint), .float2(endPoint), .color(Self.start), .color(Self.end))
    }) { p, size in
      let a = SIMD2(Double(startPoint.x), Double(startPoint.y)) * size
      let b = SIMD2(Double(endPoint.x), Double(endPoint.y)) * size
      let line = b - a
      let l2 = (line * line).sum()
      let t = l2 > 0 ? min(max(((p - a) * line).sum() / l2, 0), 1) : 0
      return referenceMix(Self.start, Self.end, t)
    }
  }

  @Test("the middle of a leading-to-trailing gradient is the mean of its colours")
  func handCalculation() throws {
    // 100 × 1, centre of pixel 49 at x = 49.5: t = 0.495.
    let image = try FillGolden.render(
      ShaderFunction.linearGradient(
        .float2(float2(100, 1)), .float2(float2(0, 0.5)), .float2(float2(1, 0.5)),
        .color(half4(0, 0, 0, 1)), .color(half4(1, 1, 1, 1))), width: 100, height: 1,
      lanes: true)
    #expect(abs(image[49, 0].x - 0.495) <= 1e-6)
    #expect(image[49, 0].w == 1)
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try FillGolden.expectDeterministic(ShaderFunction.linearGradient(.float2(float2(67, 45))))
  }
}
