import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// The Gaussian blur against a float64 Gaussian-weighted mean (GaussianBlur's doc formula:
/// σ = radius, cut at 3σ, weights normalised over the window).
@Suite struct GaussianBlurTests {
  /// The reference: Σ g(i, j) sample / Σ g(i, j) with g = exp(−(i² + j²) / 2σ²) in 2-D directly.
  static func reference(radius: Double) -> (SIMD2<Double>, ReferenceLayer) -> SIMD4<Double> {
    { position, layer in
      let k = Int((3 * radius).rounded(.down))
      var sum = SIMD4<Double>.zero
      var total = 0.0
      for j in -k...k {
        for i in -k...k {
          let r2 = Double(i * i + j * j)
          let g = r2 == 0 ? 1 : Foundation.exp(-r2 / (2 * radius * radius))
          sum += g * layer.sample(position + SIMD2(Double(i), Double(j)))
          total += g
        }
      }
      return sum / total
    }
  }

  @Test(
    "both forms are within 1/255 of a float64 Gaussian on 99.9 % of pixels, 3/255 on all",
    arguments: [Float(2), 0.5, 0, 1.3])
  func matchesReference(radius: Float) throws {
    try LayerEffectGolden.expectMatchesReference(
      ShaderFunction.gaussianBlur(.float(radius)),
      maxSampleOffset: SIMD2(repeating: 3 * Double(radius)),
      Self.reference(radius: Double(radius)))
  }

  @Test("σ = 1 over one white pixel gives the normalised Gaussian's centre weight 1/(Σ w)²")
  func handCalculation() throws {
    // 1-D weights for σ = 1, k = 3: 1, e^−½, e^−2, e^−4.5 on each side.
    let oneD = 1 + 2 * (Foundation.exp(-0.5) + Foundation.exp(-2) + Foundation.exp(-4.5))
    var pixels = [half4](repeating: .zero, count: 81)
    pixels[40] = half4(1, 1, 1, 1)
    let image = Image(width: 9, height: 9, pixels: pixels)
    let out = try LayerEffectGolden.render(
      ShaderFunction.gaussianBlur(.float(1)), image, lanes: true)
    #expect(abs(Double(out[4, 4].w) - 1 / (oneD * oneD)) <= 1e-6)
    #expect(abs(Double(out[5, 4].w) - Foundation.exp(-0.5) / (oneD * oneD)) <= 1e-6)
    #expect(abs(Double(out[6, 6].w) - Foundation.exp(-4) / (oneD * oneD)) <= 1e-6)
  }

  @Test("a flat opaque image stays flat away from its edges")
  func flatStaysFlat() throws {
    let image = Image(width: 30, height: 20, color: half4(0.3, 0.5, 0.7, 1))
    let out = try LayerEffectGolden.render(
      ShaderFunction.gaussianBlur(.float(2)), image, lanes: true)
    let centre = out[15, 10]
    #expect(abs(centre - half4(0.3, 0.5, 0.7, 1)).max() <= 1e-6)
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try LayerEffectGolden.expectDeterministic(ShaderFunction.gaussianBlur())
  }

  @Test("every sample lies within maxSampleOffset at the default and the suggested extremes")
  func withinBounds() throws {
    for radius: Float in [2, 0.5, 6] {
      try LayerEffectGolden.expectWithinBounds(ShaderFunction.gaussianBlur(.float(radius)))
    }
  }
}
