import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// The box blur against a float64 mean over the square window (BoxBlur's doc formula).
@Suite struct BoxBlurTests {
  /// The reference: the plain mean of the (2k + 1)² samples one point apart, k = floor(radius).
  static func reference(radius: Double) -> (SIMD2<Double>, ReferenceLayer) -> SIMD4<Double> {
    { position, layer in
      let k = Int(radius.rounded(.down))
      var sum = SIMD4<Double>.zero
      for j in -k...k {
        for i in -k...k { sum += layer.sample(position + SIMD2(Double(i), Double(j))) }
      }
      return sum / Double((2 * k + 1) * (2 * k + 1))
    }
  }

  @Test(
    "both forms are within 1/255 of a float64 box mean on 99.9 % of pixels, 3/255 on all",
    arguments: [Float(3), 1, 0, 4.5])
  func matchesReference(radius: Float) throws {
    try LayerEffectGolden.expectMatchesReference(
      ShaderFunction.boxBlur(.float(radius)),
      maxSampleOffset: SIMD2(repeating: Double(radius)),
      Self.reference(radius: Double(radius)))
  }

  @Test("a radius-1 box over one white pixel spreads it into a 3 × 3 square of 1/9")
  func handCalculation() throws {
    var pixels = [half4](repeating: half4(0, 0, 0, 1), count: 25)
    pixels[12] = half4(1, 1, 1, 1)
    let image = Image(width: 5, height: 5, pixels: pixels)
    let out = try LayerEffectGolden.render(ShaderFunction.boxBlur(.float(1)), image, lanes: true)
    for y in 0..<5 {
      for x in 0..<5 {
        let inside = abs(x - 2) <= 1 && abs(y - 2) <= 1
        let expectedGrey: Float = inside ? 1.0 / 9 : 0
        // Alpha: opaque everywhere except where the window reaches the transparent padding.
        let opaqueNeighbours = Float(
          (-1...1).flatMap { j in (-1...1).map { i in (x + i, y + j) } }
            .filter { (0..<5).contains($0.0) && (0..<5).contains($0.1) }.count)
        #expect(abs(out[x, y].x - expectedGrey) <= 1e-6, "(\(x), \(y))")
        #expect(abs(out[x, y].w - opaqueNeighbours / 9) <= 1e-6, "(\(x), \(y))")
      }
    }
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try LayerEffectGolden.expectDeterministic(ShaderFunction.boxBlur())
  }

  @Test("every sample lies within maxSampleOffset at the default and the suggested extremes")
  func withinBounds() throws {
    for radius: Float in [3, 1, 10] {
      try LayerEffectGolden.expectWithinBounds(ShaderFunction.boxBlur(.float(radius)))
    }
  }
}
