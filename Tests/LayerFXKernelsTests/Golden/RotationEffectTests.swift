import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `rotationEffect` against the inverse turn `a + R(−θ)(p − a)` in float64; positive θ turns
/// the content clockwise on screen (y down), as SwiftUI's `rotationEffect` does.
@Suite struct RotationEffectTests {
  static func reference(_ degrees: Double, _ anchor: SIMD2<Double>) -> (Image) -> (
    DistortionHarness.Point
  ) -> DistortionHarness.Point {
    { image in
      let a = anchor * SIMD2<Double>(image.sizeInPoints)
      let theta = degrees * Double.pi / 180
      return { p in
        let d = p - a
        return a
          + DistortionHarness.Point(
            cos(theta) * d.x + sin(theta) * d.y, -sin(theta) * d.x + cos(theta) * d.y)
      }
    }
  }

  static func shader(_ degrees: Float, _ anchor: float2) -> (Image) -> Shader {
    { image in
      ShaderFunction.rotationEffect(.float2(image.sizeInPoints), .float(degrees), .float2(anchor))
    }
  }

  @Test(
    "matches the formula",
    arguments: [(30.0, SIMD2(0.5, 0.5)), (-180, SIMD2(0, 0)), (75, SIMD2(1, 0.3))])
  func matchesFormula(degrees: Double, anchor: SIMD2<Double>) throws {
    try DistortionHarness.check(
      Self.shader(Float(degrees), float2(anchor)), reference: Self.reference(degrees, anchor))
  }

  @Test("90° turns the top-middle pixel to the right-middle: clockwise on screen")
  func quarterTurnIsClockwise() throws {
    // Hand calculation: clockwise on screen (y down) maps the offset (x, y) from the anchor to
    // (−y, x). About the centre (2.5, 2.5) of a 5 × 5 image, the top-middle pixel's centre
    // (2.5, 0.5), offset (0, −2), lands at offset (2, 0): (4.5, 2.5), pixel (4, 2).
    var image = Image(width: 5, height: 5, color: half4(0, 0, 0, 1))
    image[2, 0] = half4(1, 1, 1, 1)
    let shader = ShaderFunction.rotationEffect(.float2(image.sizeInPoints), .float(90))
    let out = try GoldenHarness.render(shader, image, kind: .distortion)
    #expect(abs(out[4, 2].x - 1) <= 1e-4)
    #expect(abs(out[2, 0].x) <= 1e-4)
  }

  @Test("stays within maxSampleOffset at the defaults and the suggested extremes")
  func withinBounds() throws {
    let cases: [(Float, float2)] = [
      (30, float2(0.5, 0.5)), (180, float2(0.5, 0.5)), (-180, float2(0, 0)), (90, float2(1, 1)),
    ]
    for (degrees, anchor) in cases {
      try DistortionHarness.expectWithinBounds(
        Self.shader(degrees, anchor), "degrees \(degrees), anchor \(anchor)")
    }
  }
}
