import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `colorInvert` against W3C `invert(1)`: `c' = 1 − c` on straight colour, alpha kept.
@Suite struct ColorInvertTests {
  static func reference(_ color: GoldenHarness.Color) -> GoldenHarness.Color {
    GoldenHarness.straight(color) { SIMD3(repeating: 1) - $0 }
  }

  @Test("matches 1 − c on straight colour")
  func matchesInversion() throws {
    try GoldenHarness.checkColorEffect(ShaderFunction.colorInvert(), reference: Self.reference)
  }

  @Test(
    "matches 1 − c on a photo",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.colorInvert(), reference: Self.reference, photo: true)
  }

  @Test("half-transparent grey (0.25, 0.25, 0.25, 0.5) stays itself: straight 0.5 ↦ 0.5")
  func halfGreyIsFixed() throws {
    let image = Image(width: 1, height: 1, color: half4(0.25, 0.25, 0.25, 0.5))
    let out = try GoldenHarness.render(ShaderFunction.colorInvert(), image, kind: .color)
    for c in 0..<4 { #expect(abs(out.pixels[0][c] - image.pixels[0][c]) <= 1e-6) }
  }
}
