import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXComposition

@Suite struct ChainRendererClampTests {
  @Test(
    "between stacked passes each premultiplied channel clamps to [0, 1] and NaN becomes 0",
    arguments: [
      // Documentation/Semantics.md §3: a normalised target holds [0, 1]; values inside pass unchanged.
      (half4(3, 3, 3, 6), half4(1, 1, 1, 1)),
      (half4(1.3, 0.5, -0.2, 0.8), half4(1, 0.5, 0, 0.8)),
      (half4(.nan, -.nan, .signalingNaN, 0.5), half4(0, 0, 0, 0.5)),
      (half4(0.25, 0.5, 0.75, .nan), half4(0.25, 0.5, 0.75, 0)),
      (half4(.infinity, -.infinity, 0, 1), half4(1, 0, 0, 1)),
      (half4(0, 0.125, 1, 1), half4(0, 0.125, 1, 1)),
    ])
  func clampsBetweenPasses(pixel: half4, expected: half4) {
    // Exact equality is the claim: a clamp selects 0, 1 or the value itself.
    var image = Image(width: 1, height: 1, pixels: [pixel])
    image.clampPremultiplied()
    #expect(image.pixels == [expected])
  }
}
