import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// Sobel edges against a float64 convolution with the Sobel kernels.
@Suite struct SobelEdgesTests {
  /// The Sobel kernels as matrices (rows are y = −1, 0, 1; columns x = −1, 0, 1).
  static let kx: [[Double]] = [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]]
  static let ky: [[Double]] = [[-1, -2, -1], [0, 0, 0], [1, 2, 1]]

  static func reference(distance: Double, strength: Double) -> (SIMD2<Double>, ReferenceLayer) ->
    SIMD4<Double>
  {
    { position, layer in
      var gx = 0.0
      var gy = 0.0
      for j in -1...1 {
        for i in -1...1 {
          let l = referenceLuma(
            layer.sample(position + distance * SIMD2(Double(i), Double(j))))
          gx += kx[j + 1][i + 1] * l
          gy += ky[j + 1][i + 1] * l
        }
      }
      let m = min(max(strength * (gx * gx + gy * gy).squareRoot() / 4, 0), 1)
      return SIMD4(m, m, m, 1) * layer.sample(position).w
    }
  }

  @Test(
    "both forms are within 1/255 of a float64 reference on 99.9 % of pixels, 3/255 on all",
    arguments: [(Float(1), Float(1)), (0.5, 8), (4, 0.5), (2, 3)])
  func matchesReference(distance: Float, strength: Float) throws {
    try LayerEffectGolden.expectMatchesReference(
      ShaderFunction.sobelEdges(.float(distance), .float(strength)),
      maxSampleOffset: SIMD2(repeating: Double(distance.rounded(.up))),
      Self.reference(distance: Double(distance), strength: Double(strength)))
  }

  @Test("a vertical black-to-white step gives magnitude 1 beside it and 0 far from it")
  func handCalculation() throws {
    // Columns 0…4 black, 5…9 white, opaque: at x = 4 the column to the right is white, so
    // gx = (1 + 2 + 1) − 0 = 4 and gy = 0: m = 4 / 4 = 1.
    let pixels = (0..<50).map { index in index % 10 < 5 ? half4(0, 0, 0, 1) : half4(1, 1, 1, 1) }
    let image = Image(width: 10, height: 5, pixels: pixels)
    let out = try LayerEffectGolden.render(ShaderFunction.sobelEdges(), image, lanes: true)
    #expect(abs(out[4, 2] - half4(1, 1, 1, 1)).max() <= 1e-5)
    #expect(abs(out[1, 2] - half4(0, 0, 0, 1)).max() <= 1e-6)
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try LayerEffectGolden.expectDeterministic(ShaderFunction.sobelEdges())
  }

  @Test("every sample lies within maxSampleOffset at the default and the suggested extremes")
  func withinBounds() throws {
    for distance: Float in [1, 0.5, 4, 0.3] {
      try LayerEffectGolden.expectWithinBounds(ShaderFunction.sobelEdges(.float(distance)))
    }
  }
}
