import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `sepia` by hand calculation; the W3C matrix itself is checked in
/// ``W3CColorMatrixTests``.
@Suite struct SepiaTests {
  @Test("sepia(1) of mid-grey 0.5 is (0.6755, 0.6015, 0.4685) (hand calculation)")
  func greyBecomesSepia() throws {
    let grey = Image(width: 1, height: 1, color: half4(0.5, 0.5, 0.5, 1))
    let out = try GoldenHarness.render(ShaderFunction.sepia(.float(1)), grey, kind: .color)
    // Row sums 1.351, 1.203, 0.937, halved.
    let expected: [Float] = [0.6755, 0.6015, 0.4685]
    for c in 0..<3 { #expect(abs(out.pixels[0][c] - expected[c]) <= 1e-5) }
  }
}
