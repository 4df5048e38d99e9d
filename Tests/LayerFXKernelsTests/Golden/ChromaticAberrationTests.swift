import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// Chromatic aberration against a float64 evaluation of its doc formula.
@Suite struct ChromaticAberrationTests {
  static func reference(amount: Double, angle: Double) -> (SIMD2<Double>, ReferenceLayer) ->
    SIMD4<Double>
  {
    { position, layer in
      let shift = amount * SIMD2(Foundation.cos(angle), Foundation.sin(angle))
      let red = layer.sample(position + shift)
      let green = layer.sample(position)
      let blue = layer.sample(position - shift)
      return SIMD4(red.x, green.y, blue.z, max(red.w, green.w, blue.w))
    }
  }

  @Test(
    "both forms are within 1/255 of a float64 reference on 99.9 % of pixels, 3/255 on all",
    arguments: [(Float(3), Float(0)), (1, 2), (12, 0.7), (2.5, 4)])
  func matchesReference(amount: Float, angle: Float) throws {
    try LayerEffectGolden.expectMatchesReference(
      ShaderFunction.chromaticAberration(.float(amount), .float(angle)),
      maxSampleOffset: SIMD2(repeating: Double(amount.rounded(.up))),
      Self.reference(amount: Double(amount), angle: Double(angle)))
  }

  @Test("a 2-point horizontal split reads red 2 pixels right and blue 2 pixels left")
  func handCalculation() throws {
    // A row whose red, green and blue channels are the column index / 10.
    let pixels = (0..<10).map { x in
      half4(repeating: Float(x) / 10) + half4(0, 0, 0, 1 - Float(x) / 10)
    }
    let image = Image(width: 10, height: 1, pixels: pixels)
    let out = try LayerEffectGolden.render(
      ShaderFunction.chromaticAberration(.float(2), .float(0)), image, lanes: true)
    #expect(abs(out[4, 0].x - 0.6) <= 1e-6)
    #expect(abs(out[4, 0].y - 0.4) <= 1e-6)
    #expect(abs(out[4, 0].z - 0.2) <= 1e-6)
    #expect(abs(out[4, 0].w - 1) <= 1e-6)
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try LayerEffectGolden.expectDeterministic(
      ShaderFunction.chromaticAberration(.float(3), .float(1)))
  }

  @Test("every sample lies within maxSampleOffset at the default and the suggested extremes")
  func withinBounds() throws {
    for (amount, angle): (Float, Float) in [(3, 0), (1, 0), (12, 0), (12, 6.2831855), (2.3, 0.9)] {
      try LayerEffectGolden.expectWithinBounds(
        ShaderFunction.chromaticAberration(.float(amount), .float(angle)))
    }
  }
}
