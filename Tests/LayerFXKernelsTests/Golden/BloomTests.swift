import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// Bloom against a float64 evaluation of its doc formula (2-D Gaussian weights summed directly).
@Suite struct BloomTests {
  static func reference(radius: Double, threshold: Double, intensity: Double) -> (
    SIMD2<Double>, ReferenceLayer
  ) -> SIMD4<Double> {
    { position, layer in
      let k = Int(radius.rounded(.down))
      let sigma = radius / 2
      var glow = SIMD4<Double>.zero
      var total = 0.0
      for j in -k...k {
        for i in -k...k {
          let r2 = Double(i * i + j * j)
          let g = r2 == 0 ? 1 : Foundation.exp(-r2 / (2 * sigma * sigma))
          let s = layer.sample(position + SIMD2(Double(i), Double(j)))
          let bright = min(
            max((referenceLuma(s) - threshold) / max(1 - threshold, 1.0 / 255), 0), 1)
          glow += g * bright * s
          total += g
        }
      }
      let c = layer.sample(position) + intensity * glow / total
      return SIMD4(min(c.x, 1), min(c.y, 1), min(c.z, 1), min(c.w, 1))
    }
  }

  @Test(
    "both forms are within 1/255 of a float64 reference on 99.9 % of pixels, 3/255 on all",
    arguments: [(Float(4), Float(0.6), Float(1)), (1, 0.3, 3), (6.5, 0.9, 0.5), (0, 0.5, 2)])
  func matchesReference(radius: Float, threshold: Float, intensity: Float) throws {
    try LayerEffectGolden.expectMatchesReference(
      ShaderFunction.bloom(.float(radius), .float(threshold), .float(intensity)),
      maxSampleOffset: SIMD2(repeating: Double(radius)),
      Self.reference(
        radius: Double(radius), threshold: Double(threshold), intensity: Double(intensity)))
  }

  @Test("an image darker than the threshold is unchanged")
  func darkIsUnchanged() throws {
    let image = Image.testCard(width: 20, height: 10)
    let out = try LayerEffectGolden.render(
      ShaderFunction.bloom(.float(3), .float(1), .float(2)), image, lanes: true)
    // Threshold 1: no luma exceeds it, so the glow is 0 (the knee is 1/255 wide).
    #expect(out.pixels == image.pixels)
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try LayerEffectGolden.expectDeterministic(ShaderFunction.bloom())
  }

  @Test("every sample lies within maxSampleOffset at the default and the suggested extremes")
  func withinBounds() throws {
    for radius: Float in [4, 1, 10] {
      try LayerEffectGolden.expectWithinBounds(ShaderFunction.bloom(.float(radius)))
    }
  }
}
