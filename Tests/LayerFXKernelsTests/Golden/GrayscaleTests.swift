import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `grayscale` against the W3C `grayscale()` matrix, written here in float64 from the spec's
/// `feColorMatrix` equivalent (in terms of `[1 − amount]`).
@Suite struct GrayscaleTests {
  static func reference(amount: Double) -> (GoldenHarness.Color) -> GoldenHarness.Color {
    let k = 1 - amount
    let matrix = [
      [0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k],
      [0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k],
      [0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k],
    ]
    return { GoldenHarness.straight($0) { GoldenHarness.apply(matrix, $0) } }
  }

  @Test("matches the W3C matrix", arguments: [0, 0.3, 1.0])
  func matchesW3CMatrix(amount: Double) throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.grayscale(.float(Float(amount))), reference: Self.reference(amount: amount))
  }

  @Test(
    "matches the W3C matrix on a photo at the default",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.grayscale(), reference: Self.reference(amount: 1), photo: true)
  }

  @Test("grayscale(1) turns opaque red into its Rec. 709 luma, 0.2126 (hand calculation)")
  func redBecomesLuma() throws {
    let red = Image(width: 1, height: 1, color: half4(1, 0, 0, 1))
    let out = try GoldenHarness.render(ShaderFunction.grayscale(.float(1)), red, kind: .color)
    for c in 0..<3 { #expect(abs(out.pixels[0][c] - 0.2126) <= 1e-5) }
    #expect(out.pixels[0].w == 1)
  }

  @Test("an amount above 1 is refused")
  func amountAboveOneIsRefused() {
    #expect(throws: ShaderArgumentError.self) {
      try ShaderFunction.grayscale(.float(1.5)).prepared(sizeInPoints: float2(1, 1))
    }
  }
}
