import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `bulge` against `c + d (1 − strength (1 − u)²)`, `u = saturate(|d| / radius)`, in float64.
@Suite struct BulgeTests {
  static func reference(_ radius: Double, _ strength: Double) -> (Image) -> (
    DistortionHarness.Point
  ) -> DistortionHarness.Point {
    { image in
      let c = SIMD2<Double>(DistortionHarness.center(of: image))
      return { p in
        let d = p - c
        let u = min((d * d).sum().squareRoot() / radius, 1)
        return c + d * (1 - strength * (1 - u) * (1 - u))
      }
    }
  }

  static func shader(_ radius: Float, _ strength: Float) -> (Image) -> Shader {
    { image in
      ShaderFunction.bulge(
        .float2(DistortionHarness.center(of: image)), .float(radius), .float(strength))
    }
  }

  @Test("matches the formula", arguments: [(150.0, 0.5), (60, -1), (500, 1), (80, 0)])
  func matchesFormula(radius: Double, strength: Double) throws {
    try DistortionHarness.check(
      Self.shader(Float(radius), Float(strength)), reference: Self.reference(radius, strength))
  }

  @Test(
    "matches the formula on a photo at the defaults",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try DistortionHarness.check(
      { image in ShaderFunction.bulge(["center": .float2(DistortionHarness.center(of: image))]) },
      reference: Self.reference(150, 0.5), photo: true)
  }

  @Test("stays within maxSampleOffset at the defaults and the suggested extremes")
  func withinBounds() throws {
    for (radius, strength) in [(Float(150), Float(0.5)), (20, 1), (20, -1), (500, 1), (500, -1)] {
      try DistortionHarness.expectWithinBounds(
        Self.shader(radius, strength), "radius \(radius), strength \(strength)")
    }
  }
}
