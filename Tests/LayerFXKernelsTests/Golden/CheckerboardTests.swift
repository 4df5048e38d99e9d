import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// The checkerboard against an integer parity computed in the test.
@Suite struct CheckerboardTests {
  static let first = half4(1, 0, 0, 1)
  static let second = half4(0, 0, 0.25, 0.5)

  @Test(
    "both forms match floor(x / size) + floor(y / size) parity",
    arguments: [Float(16), 5, 2.5, 1])
  func matchesReference(squareSize: Float) throws {
    let shader = ShaderFunction.checkerboard(
      .float(squareSize), .color(Self.first), .color(Self.second))
    try FillGolden.expectMatchesReference({ _ in shader }) { p, _ in
      let cx = Int((p.x / Double(squareSize)).rounded(.down))
      let cy = Int((p.y / Double(squareSize)).rounded(.down))
      return referenceMix(Self.first, Self.second, (cx + cy) % 2 == 0 ? 0 : 1)
    }
  }

  @Test("the square at the origin has the first colour and its neighbours the second")
  func handCalculation() throws {
    let image = try FillGolden.render(
      ShaderFunction.checkerboard(), width: 40, height: 40, lanes: true)
    #expect(image[0, 0] == half4(0.9, 0.9, 0.9, 1))
    #expect(image[16, 0] == half4(0.6, 0.6, 0.6, 1))
    #expect(image[15, 16] == half4(0.6, 0.6, 0.6, 1))
    #expect(image[16, 16] == half4(0.9, 0.9, 0.9, 1))
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try FillGolden.expectDeterministic(ShaderFunction.checkerboard(.float(3)))
  }
}
