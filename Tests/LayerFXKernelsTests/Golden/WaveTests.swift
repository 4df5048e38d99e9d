import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `wave` against `y + A sin(2π (x − v t) / λ)` in float64 and the re-implemented sampler.
@Suite struct WaveTests {
  static func reference(_ a: Double, _ lambda: Double, _ v: Double, _ t: Double)
    -> (Image) -> (DistortionHarness.Point) -> DistortionHarness.Point
  {
    { _ in
      { p in DistortionHarness.Point(p.x, p.y + a * sin(2 * Double.pi * (p.x - v * t) / lambda)) }
    }
  }

  static func shader(_ a: Float, _ lambda: Float, _ v: Float, _ t: Float) -> Shader {
    ShaderFunction.wave(.float(a), .float(lambda), .float(v), .float(t))
  }

  @Test(
    "matches the formula",
    arguments: [(8.0, 80.0, 40.0, 0.0), (30, 20, 200, 0.7), (3, 300, 0, 2)])
  func matchesFormula(a: Double, lambda: Double, v: Double, t: Double) throws {
    try DistortionHarness.check(
      { _ in Self.shader(Float(a), Float(lambda), Float(v), Float(t)) },
      reference: Self.reference(a, lambda, v, t))
  }

  @Test(
    "matches the formula on a photo at the defaults",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try DistortionHarness.check(
      { _ in ShaderFunction.wave() }, reference: Self.reference(8, 80, 40, 0), photo: true)
  }

  @Test("stays within maxSampleOffset at the defaults and the suggested extremes")
  func withinBounds() throws {
    for (a, lambda) in [(Float(8), Float(80)), (30, 20), (30, 300), (0, 20)] {
      try DistortionHarness.expectWithinBounds(
        { _ in Self.shader(a, lambda, 200, 0.3) }, "amplitude \(a), wavelength \(lambda)")
    }
  }
}
