import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `kaleidoscope` against the mirrored wedge fold in float64.
@Suite struct KaleidoscopeTests {
  static func reference(_ segments: Double, _ radius: Double) -> (Image) -> (
    DistortionHarness.Point
  ) -> DistortionHarness.Point {
    { image in
      let c = SIMD2<Double>(DistortionHarness.center(of: image))
      let sector = 2 * Double.pi / segments
      return { p in
        let d = p - c
        let r = (d * d).sum().squareRoot()
        guard r < radius else { return p }
        var a = atan2(d.y, d.x)
        a -= sector * (a / sector).rounded(.down)
        let folded = sector / 2 - abs(a - sector / 2)
        return c + r * DistortionHarness.Point(cos(folded), sin(folded))
      }
    }
  }

  static func shader(_ segments: Float, _ radius: Float) -> (Image) -> Shader {
    { image in
      ShaderFunction.kaleidoscope(
        .float2(DistortionHarness.center(of: image)), .float(segments), .float(radius))
    }
  }

  // Radii chosen so that no pixel centre lies within float rounding of the rim.
  @Test("matches the formula", arguments: [(6.0, 200.0), (2, 45.3), (16, 70.7)])
  func matchesFormula(segments: Double, radius: Double) throws {
    try DistortionHarness.check(
      Self.shader(Float(segments), Float(radius)), reference: Self.reference(segments, radius))
  }

  @Test(
    "matches the formula on a photo at the defaults",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try DistortionHarness.check(
      { image in
        ShaderFunction.kaleidoscope(["center": .float2(DistortionHarness.center(of: image))])
      }, reference: Self.reference(6, 200), photo: true)
  }

  @Test("stays within maxSampleOffset at the defaults and the suggested extremes")
  func withinBounds() throws {
    for (segments, radius) in [(Float(6), Float(200)), (2, 50), (16, 500)] {
      try DistortionHarness.expectWithinBounds(
        Self.shader(segments, radius), "segments \(segments), radius \(radius)")
    }
  }
}
