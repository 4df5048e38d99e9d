import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `water` against `p + A (sin(k y + ω t), cos(k x + ω t))`, `k = 2π / λ`, in float64.
@Suite struct WaterTests {
  static func reference(_ a: Double, _ lambda: Double, _ w: Double, _ t: Double)
    -> (Image) -> (DistortionHarness.Point) -> DistortionHarness.Point
  {
    let k = 2 * Double.pi / lambda
    return { _ in
      { p in p + a * DistortionHarness.Point(sin(k * p.y + w * t), cos(k * p.x + w * t)) }
    }
  }

  static func shader(_ a: Float, _ lambda: Float, _ w: Float, _ t: Float) -> Shader {
    ShaderFunction.water(.float(a), .float(lambda), .float(w), .float(t))
  }

  @Test(
    "matches the formula", arguments: [(4.0, 50.0, 3.0, 0.0), (12, 10, 10, 1.3), (1, 200, 0, 0)])
  func matchesFormula(a: Double, lambda: Double, w: Double, t: Double) throws {
    try DistortionHarness.check(
      { _ in Self.shader(Float(a), Float(lambda), Float(w), Float(t)) },
      reference: Self.reference(a, lambda, w, t))
  }

  @Test(
    "matches the formula on a photo at the defaults",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try DistortionHarness.check(
      { _ in ShaderFunction.water() }, reference: Self.reference(4, 50, 3, 0), photo: true)
  }

  @Test("stays within maxSampleOffset at the defaults and the suggested extremes")
  func withinBounds() throws {
    for (a, lambda) in [(Float(4), Float(50)), (12, 10), (12, 200), (0, 10)] {
      try DistortionHarness.expectWithinBounds(
        { _ in Self.shader(a, lambda, 10, 0.4) }, "amplitude \(a), wavelength \(lambda)")
    }
  }
}
