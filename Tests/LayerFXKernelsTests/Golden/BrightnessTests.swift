import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `brightness` against SwiftUI's additive brightness: `c + amount` on straight colour, clamped,
/// premultiplied again.
@Suite struct BrightnessTests {
  static func reference(amount: Double) -> (GoldenHarness.Color) -> GoldenHarness.Color {
    { GoldenHarness.straight($0) { $0 + amount } }
  }

  @Test("adds amount to straight colour", arguments: [0.2, 0.5, -0.3])
  func addsAmount(amount: Double) throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.brightness(.float(Float(amount))), reference: Self.reference(amount: amount))
  }

  @Test("brightness(0) leaves the image unchanged (SwiftUI: no effect)")
  func zeroIsIdentity() throws {
    try GoldenHarness.checkColorEffect(ShaderFunction.brightness(.float(0))) { $0 }
  }

  @Test("brightness(1) makes every pixel white at its own alpha (SwiftUI: full white)")
  func oneIsWhite() throws {
    try GoldenHarness.checkColorEffect(ShaderFunction.brightness(.float(1))) {
      SIMD4($0.w, $0.w, $0.w, $0.w)
    }
  }

  @Test(
    "adds amount on a photo at the default",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.brightness(), reference: Self.reference(amount: 0.2), photo: true)
  }
}
