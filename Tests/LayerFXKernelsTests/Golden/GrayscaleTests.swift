import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `grayscale` by hand calculation; the W3C matrix itself is checked in
/// ``W3CColorMatrixTests``.
@Suite struct GrayscaleTests {
  @Test("grayscale(1) turns opaque red into its Rec. 709 luma, 0.2126 (hand calculation)")
  func redBecomesLuma() throws {
    let red = Image(width: 1, height: 1, color: half4(1, 0, 0, 1))
    let out = try GoldenHarness.render(ShaderFunction.grayscale(.float(1)), red, kind: .color)
    for c in 0..<3 { #expect(abs(out.pixels[0][c] - 0.2126) <= 1e-5) }
    #expect(out.pixels[0].w == 1)
  }
}
