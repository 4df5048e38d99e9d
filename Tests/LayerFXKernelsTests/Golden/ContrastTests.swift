import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `contrast` against the W3C `contrast()` transfer: slope amount, intercept
/// `−0.5 · amount + 0.5`, on straight colour.
@Suite struct ContrastTests {
  static func reference(amount: Double) -> (GoldenHarness.Color) -> GoldenHarness.Color {
    { GoldenHarness.straight($0) { $0 * amount + (0.5 - 0.5 * amount) } }
  }

  @Test("matches the W3C transfer", arguments: [0, 0.5, 1.5, 3.0, -1])
  func matchesW3CTransfer(amount: Double) throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.contrast(.float(Float(amount))), reference: Self.reference(amount: amount))
  }

  @Test("contrast(1) leaves the image unchanged (SwiftUI)")
  func oneIsIdentity() throws {
    try GoldenHarness.checkColorEffect(ShaderFunction.contrast(.float(1))) { $0 }
  }

  @Test("contrast(0) makes every pixel mid-grey 0.5, premultiplied (hand calculation)")
  func zeroIsGrey() throws {
    try GoldenHarness.checkColorEffect(ShaderFunction.contrast(.float(0))) {
      SIMD4(0.5 * $0.w, 0.5 * $0.w, 0.5 * $0.w, $0.w)
    }
  }

  @Test(
    "matches the W3C transfer on a photo at the default",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.contrast(), reference: Self.reference(amount: 1.5), photo: true)
  }
}
