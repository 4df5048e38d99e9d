import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// The test-card fill against `Image.testCard`, the picture it reproduces.
@Suite struct TestCardTests {
  static func shader(width: Int, height: Int) -> Shader {
    ShaderFunction.testCard(.float2(float2(Float(width), Float(height))))
  }

  @Test(
    "at scale 1 the fill is Image.testCard pixel for pixel, in both forms",
    arguments: [(203, 117), (256, 192), (1, 1), (64, 64), (31, 200)])
  func matchesImageTestCard(width: Int, height: Int) throws {
    let expected = Image.testCard(width: width, height: height)
    for lanes in [true, false] {
      let fill = try FillGolden.render(
        Self.shader(width: width, height: height), width: width, height: height, lanes: lanes)
      #expect(fill.pixels == expected.pixels, "\(width)×\(height), lanes \(lanes)")
    }
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try FillGolden.expectDeterministic(Self.shader(width: 67, height: 45))
  }
}
