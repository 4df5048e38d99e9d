import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `colorMultiply` against the component-wise product of premultiplied colours.
@Suite struct ColorMultiplyTests {
  static func reference(_ tint: half4) -> (GoldenHarness.Color) -> GoldenHarness.Color {
    { $0 * GoldenHarness.Color(tint) }
  }

  @Test(
    "multiplies by the colour",
    arguments: [half4(1, 0.6, 0.2, 1), half4(0.2, 0.4, 0.3, 0.5), half4(1, 1, 1, 1)])
  func multiplies(tint: half4) throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.colorMultiply(.color(tint)), reference: Self.reference(tint))
  }

  @Test(
    "multiplies on a photo at the default",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.colorMultiply(), reference: Self.reference(half4(1, 0.6, 0.2, 1)),
      photo: true)
  }

  @Test("white multiplied by a colour is that colour (hand calculation)")
  func whiteBecomesTint() throws {
    let white = Image(width: 1, height: 1, color: half4(1, 1, 1, 1))
    let tint = half4(0.1, 0.2, 0.3, 0.5)
    let out = try GoldenHarness.render(
      ShaderFunction.colorMultiply(.color(tint)), white, kind: .color)
    for c in 0..<4 { #expect(abs(out.pixels[0][c] - tint[c]) <= 1e-6) }
  }
}
