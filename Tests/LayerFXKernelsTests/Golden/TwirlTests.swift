import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `twirl` against the turn by `angle · saturate(1 − r / radius)²` about the centre, in float64.
@Suite struct TwirlTests {
  static func reference(_ radius: Double, _ angle: Double) -> (Image) -> (
    DistortionHarness.Point
  ) -> DistortionHarness.Point {
    { image in
      let c = SIMD2<Double>(DistortionHarness.center(of: image))
      return { p in
        let d = p - c
        let r = (d * d).sum().squareRoot()
        let t = min(max(1 - r / radius, 0), 1)
        let phi = angle * t * t
        return c
          + DistortionHarness.Point(
            d.x * cos(phi) - d.y * sin(phi), d.x * sin(phi) + d.y * cos(phi))
      }
    }
  }

  static func shader(_ radius: Float, _ angle: Float) -> (Image) -> Shader {
    { image in
      ShaderFunction.twirl(
        .float2(DistortionHarness.center(of: image)), .float(radius), .float(angle))
    }
  }

  @Test("matches the formula", arguments: [(150.0, 2.0), (40, -6.3), (500, 6.3)])
  func matchesFormula(radius: Double, angle: Double) throws {
    try DistortionHarness.check(
      Self.shader(Float(radius), Float(angle)), reference: Self.reference(radius, angle))
  }

  @Test(
    "matches the formula on a photo at the defaults",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try DistortionHarness.check(
      { image in ShaderFunction.twirl(["center": .float2(DistortionHarness.center(of: image))]) },
      reference: Self.reference(150, 2), photo: true)
  }

  @Test("stays within maxSampleOffset at the defaults and the suggested extremes")
  func withinBounds() throws {
    for (radius, angle) in [(Float(150), Float(2)), (20, 6.3), (20, -6.3), (500, 6.3), (500, 0.5)] {
      try DistortionHarness.expectWithinBounds(
        Self.shader(radius, angle), "radius \(radius), angle \(angle)")
    }
  }
}
