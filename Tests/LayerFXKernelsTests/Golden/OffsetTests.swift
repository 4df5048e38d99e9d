import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `offset` against `p − (x, y)` in float64.
@Suite struct OffsetTests {
  static func reference(_ x: Double, _ y: Double) -> (Image) -> (DistortionHarness.Point)
    -> DistortionHarness.Point
  {
    { _ in { p in p - DistortionHarness.Point(x, y) } }
  }

  @Test("matches the formula", arguments: [(20.0, 10.0), (-100, 100), (0.25, -3.5)])
  func matchesFormula(x: Double, y: Double) throws {
    try DistortionHarness.check(
      { _ in ShaderFunction.offset(.float(Float(x)), .float(Float(y))) },
      reference: Self.reference(x, y))
  }

  @Test(
    "matches the formula on a photo at the defaults",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try DistortionHarness.check(
      { _ in ShaderFunction.offset() }, reference: Self.reference(20, 10), photo: true)
  }

  @Test("stays within maxSampleOffset at the defaults and the suggested extremes")
  func withinBounds() throws {
    for (x, y) in [(Float(20), Float(10)), (-100, -100), (100, 100)] {
      try DistortionHarness.expectWithinBounds(
        { _ in ShaderFunction.offset(.float(x), .float(y)) }, "offset \(x), \(y)")
    }
  }
}
