import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `luminanceToAlpha` against the W3C `feColorMatrix type="luminanceToAlpha"`: rgb 0, alpha
/// `0.2125 r + 0.7154 g + 0.0721 b` of the straight colour.
@Suite struct LuminanceToAlphaTests {
  static func reference(_ color: GoldenHarness.Color) -> GoldenHarness.Color {
    let a = color.w
    let rgb = a > 0 ? SIMD3(color.x, color.y, color.z) / a : .zero
    let luminance = 0.2125 * rgb.x + 0.7154 * rgb.y + 0.0721 * rgb.z
    return SIMD4(0, 0, 0, GoldenHarness.stored(luminance))
  }

  @Test("matches the W3C luminanceToAlpha matrix")
  func matchesW3CMatrix() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.luminanceToAlpha(), reference: Self.reference)
  }

  @Test(
    "matches the W3C matrix on a photo",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.luminanceToAlpha(), reference: Self.reference, photo: true)
  }

  @Test("white becomes opaque black: 0.2125 + 0.7154 + 0.0721 = 1 (hand calculation)")
  func whiteIsOpaque() throws {
    let white = Image(width: 1, height: 1, color: half4(1, 1, 1, 1))
    let out = try GoldenHarness.render(ShaderFunction.luminanceToAlpha(), white, kind: .color)
    #expect(out.pixels[0].x == 0 && out.pixels[0].y == 0 && out.pixels[0].z == 0)
    #expect(abs(out.pixels[0].w - 1) <= 1e-6)
  }
}
