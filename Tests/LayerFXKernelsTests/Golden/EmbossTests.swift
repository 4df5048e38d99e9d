import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// Emboss against a float64 evaluation of its doc formula.
@Suite struct EmbossTests {
  static func reference(angle: Double, distance: Double, strength: Double) -> (
    SIMD2<Double>, ReferenceLayer
  ) -> SIMD4<Double> {
    { position, layer in
      let d = distance * SIMD2(Foundation.cos(angle), Foundation.sin(angle))
      let color = layer.sample(position)
      let relief =
        referenceLuma(layer.sample(position + d)) - referenceLuma(layer.sample(position - d))
      let g = min(max(0.5 + strength * relief, 0), 1)
      return SIMD4(g, g, g, 1) * color.w
    }
  }

  @Test(
    "both forms are within 1/255 of a float64 reference on 99.9 % of pixels, 3/255 on all",
    arguments: [(Float(0.7853982), Float(1), Float(2)), (0, 0.5, 8), (3, 4, 0.5), (5, 1.7, 3)])
  func matchesReference(angle: Float, distance: Float, strength: Float) throws {
    try LayerEffectGolden.expectMatchesReference(
      ShaderFunction.emboss(.float(angle), .float(distance), .float(strength)),
      maxSampleOffset: SIMD2(repeating: Double(distance.rounded(.up))),
      Self.reference(angle: Double(angle), distance: Double(distance), strength: Double(strength)))
  }

  @Test("a flat image is mid-grey, scaled by its alpha")
  func flatIsMidGrey() throws {
    let image = Image(width: 9, height: 9, color: half4(0.2, 0.3, 0.1, 0.5))
    let out = try LayerEffectGolden.render(ShaderFunction.emboss(), image, lanes: true)
    #expect(abs(out[4, 4] - half4(0.25, 0.25, 0.25, 0.5)).max() <= 1e-6)
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try LayerEffectGolden.expectDeterministic(ShaderFunction.emboss())
  }

  @Test("every sample lies within maxSampleOffset at the default and the suggested extremes")
  func withinBounds() throws {
    for distance: Float in [1, 0.5, 4, 1.3] {
      try LayerEffectGolden.expectWithinBounds(
        ShaderFunction.emboss(["distance": .float(distance), "angle": .float(0.4)]))
    }
  }
}
