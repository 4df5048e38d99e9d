import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `gradientMap` against `mix(dark, light, luma) · a` in float64.
@Suite struct GradientMapTests {
  static func reference(_ dark: half4, _ light: half4) -> (GoldenHarness.Color) ->
    GoldenHarness
    .Color
  {
    let (d, l) = (GoldenHarness.Color(dark), GoldenHarness.Color(light))
    return { color in
      let a = color.w
      let t = a > 0 ? (0.2126 * color.x + 0.7152 * color.y + 0.0722 * color.z) / a : 0
      return (d + (l - d) * min(max(t, 0), 1)) * a
    }
  }

  @Test(
    "matches the mix",
    arguments: [
      (half4(0.1, 0, 0.3, 1), half4(1, 0.85, 0.4, 1)), (half4(0, 0, 0, 0), half4(0.5, 0.5, 0, 0.5)),
    ])
  func matchesMix(dark: half4, light: half4) throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.gradientMap(.color(dark), .color(light)),
      reference: Self.reference(dark, light))
  }

  @Test(
    "matches the mix on a photo at the defaults",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.gradientMap(),
      reference: Self.reference(half4(0.1, 0, 0.3, 1), half4(1, 0.85, 0.4, 1)), photo: true)
  }
}
