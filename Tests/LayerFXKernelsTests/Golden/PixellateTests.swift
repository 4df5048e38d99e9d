import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `pixellate` against `(floor(p / s) + 0.5) s` in float64.
@Suite struct PixellateTests {
  static func reference(_ s: Double) -> (Image) -> (DistortionHarness.Point)
    -> DistortionHarness.Point
  {
    { _ in { p in ((p / s).rounded(.down) + 0.5) * s } }
  }

  @Test("matches the formula", arguments: [8.0, 2, 5, 64])
  func matchesFormula(cellSize: Double) throws {
    try DistortionHarness.check(
      { _ in ShaderFunction.pixellate(.float(Float(cellSize))) },
      reference: Self.reference(cellSize))
  }

  @Test(
    "matches the formula on a photo at the default",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try DistortionHarness.check(
      { _ in ShaderFunction.pixellate() }, reference: Self.reference(8), photo: true)
  }

  @Test("stays within maxSampleOffset at the default and the suggested extremes")
  func withinBounds() throws {
    for cellSize: Float in [8, 2, 64] {
      try DistortionHarness.expectWithinBounds(
        { _ in ShaderFunction.pixellate(.float(cellSize)) }, "cellSize \(cellSize)")
    }
  }
}
