import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `sepia` against the W3C `sepia()` matrix, written here in float64 from the spec's
/// `feColorMatrix` equivalent (in terms of `[1 − amount]`).
@Suite struct SepiaTests {
  static func reference(amount: Double) -> (GoldenHarness.Color) -> GoldenHarness.Color {
    let k = 1 - amount
    let matrix = [
      [0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k],
      [0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k],
      [0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k],
    ]
    return { GoldenHarness.straight($0) { GoldenHarness.apply(matrix, $0) } }
  }

  @Test("matches the W3C matrix", arguments: [0, 0.5, 1.0])
  func matchesW3CMatrix(amount: Double) throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.sepia(.float(Float(amount))), reference: Self.reference(amount: amount))
  }

  @Test(
    "matches the W3C matrix on a photo at the default",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.sepia(), reference: Self.reference(amount: 1), photo: true)
  }

  @Test("sepia(1) of mid-grey 0.5 is (0.6755, 0.6015, 0.4685) (hand calculation)")
  func greyBecomesSepia() throws {
    let grey = Image(width: 1, height: 1, color: half4(0.5, 0.5, 0.5, 1))
    let out = try GoldenHarness.render(ShaderFunction.sepia(.float(1)), grey, kind: .color)
    // Row sums 1.351, 1.203, 0.937, halved.
    let expected: [Float] = [0.6755, 0.6015, 0.4685]
    for c in 0..<3 { #expect(abs(out.pixels[0][c] - expected[c]) <= 1e-5) }
  }
}
