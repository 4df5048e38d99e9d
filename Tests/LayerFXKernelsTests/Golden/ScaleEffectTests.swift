import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `scaleEffect` against `a + (p − a) / scale`, `a = anchor · size`, in float64.
@Suite struct ScaleEffectTests {
  static func reference(_ scale: SIMD2<Double>, _ anchor: SIMD2<Double>) -> (Image) -> (
    DistortionHarness.Point
  ) -> DistortionHarness.Point {
    { image in
      let a = anchor * SIMD2<Double>(image.sizeInPoints)
      return { p in a + (p - a) / scale }
    }
  }

  static func shader(_ scale: float2, _ anchor: float2) -> (Image) -> Shader {
    { image in
      ShaderFunction.scaleEffect(.float2(image.sizeInPoints), .float2(scale), .float2(anchor))
    }
  }

  @Test(
    "matches the formula",
    arguments: [
      (SIMD2(1.5, 1.5), SIMD2(0.5, 0.5)), (SIMD2(0.5, 2), SIMD2(0, 0)),
      (SIMD2(3, 0.8), SIMD2(1, 0.25)),
    ])
  func matchesFormula(scale: SIMD2<Double>, anchor: SIMD2<Double>) throws {
    try DistortionHarness.check(
      Self.shader(float2(scale), float2(anchor)), reference: Self.reference(scale, anchor))
  }

  @Test(
    "matches the formula on a photo at the defaults",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try DistortionHarness.check(
      { image in ShaderFunction.scaleEffect(["size": .float2(image.sizeInPoints)]) },
      reference: Self.reference(SIMD2(1.5, 1.5), SIMD2(0.5, 0.5)), photo: true)
  }

  @Test("stays within maxSampleOffset at the defaults and at strong shrinks and zooms")
  func withinBounds() throws {
    let cases: [(float2, float2)] = [
      (float2(1.5, 1.5), float2(0.5, 0.5)), (float2(0.5, 0.5), float2(0, 0)),
      (float2(4, 0.25), float2(1, 1)), (float2(0.3, 3), float2(0.2, 0.9)),
    ]
    for (scale, anchor) in cases {
      try DistortionHarness.expectWithinBounds(
        Self.shader(scale, anchor), "scale \(scale), anchor \(anchor)")
    }
  }
}
