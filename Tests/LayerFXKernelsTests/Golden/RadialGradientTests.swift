import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// The radial gradient against a float64 distance ramp.
@Suite struct RadialGradientTests {
  static let start = half4(1, 1, 1, 1)
  static let end = half4(0, 0.2, 0, 0.2)

  @Test(
    "both forms are within 1/255 of a float64 ramp on 99.9 % of pixels, 3/255 on all",
    arguments: [
      (float2(0.5, 0.5), Float(0), Float(128)), (float2(0.2, 0.7), 10, 40),
      (float2(1, 0), 30, 30), (float2(0.5, 0.5), 60, 20),
    ])
  func matchesReference(center: float2, startRadius: Float, endRadius: Float) throws {
    try FillGolden.expectMatchesReference({ size in
      ShaderFunction.radialGradient(
        .float2(size), .float2(center), .float(startRadius), .float(endRadius),
        .color(Self.start), .color(Self.end))
    }) { p, size in
      let c = SIMD2(Double(center.x), Double(center.y)) * size
      let d = ((p - c) * (p - c)).sum().squareRoot()
      let (r0, r1) = (Double(startRadius), Double(endRadius))
      let t = r1 > r0 ? min(max((d - r0) / (r1 - r0), 0), 1) : (d < r1 ? 0 : 1)
      return referenceMix(Self.start, Self.end, t)
    }
  }

  @Test("halfway between the radii the colour is the mean")
  func handCalculation() throws {
    // 101 × 1, centre at x = 50.5 (pixel 50); pixel 75 at x = 75.5 is 25 points away.
    let image = try FillGolden.render(
      ShaderFunction.radialGradient(
        .float2(float2(101, 1)), .float2(float2(0.5, 0.5)), .float(0), .float(50),
        .color(half4(0, 0, 0, 1)), .color(half4(1, 1, 1, 1))), width: 101, height: 1,
      lanes: true)
    #expect(abs(image[75, 0].x - 0.5) <= 1e-6)
    #expect(image[50, 0].x == 0)
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try FillGolden.expectDeterministic(ShaderFunction.radialGradient(.float2(float2(67, 45))))
  }
}
