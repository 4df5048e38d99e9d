import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `saturation` against the W3C `saturate()` matrix (`feColorMatrix type="saturate"`),
/// written here in float64 from the spec.
@Suite struct SaturationTests {
  static func reference(amount s: Double) -> (GoldenHarness.Color) -> GoldenHarness.Color {
    let matrix = [
      [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
      [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
      [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s],
    ]
    return { GoldenHarness.straight($0) { GoldenHarness.apply(matrix, $0) } }
  }

  @Test("matches the W3C matrix", arguments: [0, 0.5, 2.0, 3.0])
  func matchesW3CMatrix(amount: Double) throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.saturation(.float(Float(amount))), reference: Self.reference(amount: amount))
  }

  @Test("saturation(1) leaves the image unchanged (SwiftUI: 1 is the original)")
  func oneIsIdentity() throws {
    try GoldenHarness.checkColorEffect(ShaderFunction.saturation(.float(1))) { $0 }
  }

  @Test(
    "matches the W3C matrix on a photo at the default",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.saturation(), reference: Self.reference(amount: 0.5), photo: true)
  }
}
