import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `threshold` against `luma ≥ level ? white : black` on straight colour, in float64.
@Suite struct ThresholdTests {
  static func luma(_ color: GoldenHarness.Color) -> Double {
    guard color.w > 0 else { return 0 }
    return (0.2126 * color.x + 0.7152 * color.y + 0.0722 * color.z) / color.w
  }

  static func reference(level: Double) -> (GoldenHarness.Color) -> GoldenHarness.Color {
    { color in
      let v = luma(color) >= level ? color.w : 0
      return SIMD4(v, v, v, color.w)
    }
  }

  @Test("matches the luma threshold", arguments: [0.5, 0.2, 0.8, 0, 1])
  func matchesThreshold(level: Double) throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.threshold(.float(Float(level))), reference: Self.reference(level: level),
      isAmbiguous: { abs(Self.luma($0) - level) < 1e-5 })
  }

  @Test(
    "matches the luma threshold on a photo at the default",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.threshold(), reference: Self.reference(level: 0.5), photo: true,
      isAmbiguous: { abs(Self.luma($0) - 0.5) < 1e-5 })
  }
}
