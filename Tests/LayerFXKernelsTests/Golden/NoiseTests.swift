import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// Value noise against an integer-arithmetic hash and a float64 blend written in the test.
@Suite struct NoiseTests {
  /// Noise's documented hash, in Int arithmetic.
  static func hash(_ i: Int, _ j: Int, seed: Int) -> Double {
    func mod(_ a: Int) -> Int { ((a % 4093) + 4093) % 4093 }
    let (x, y, s) = (mod(i), mod(j), mod(seed))
    let h1 = mod(1021 * x + y + 7 * s)
    let h2 = mod(mod(h1 * h1) + x)
    let h3 = mod(mod(h2 * h2) + y + 1)
    let h4 = mod(mod(h3 * h3) + x + 1)
    return Double(h4) / 4092
  }

  static func reference(cellSize: Double, seed: Int) -> (SIMD2<Double>, SIMD2<Double>) ->
    SIMD4<Double>
  {
    { p, _ in
      let q = p / cellSize
      let (cx, cy) = (q.x.rounded(.down), q.y.rounded(.down))
      let (fx, fy) = (q.x - cx, q.y - cy)
      let (ux, uy) = (fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy))
      let (i, j) = (Int(cx), Int(cy))
      let top = hash(i, j, seed: seed) * (1 - ux) + hash(i + 1, j, seed: seed) * ux
      let bottom = hash(i, j + 1, seed: seed) * (1 - ux) + hash(i + 1, j + 1, seed: seed) * ux
      let v = top * (1 - uy) + bottom * uy
      return SIMD4(v, v, v, 1)
    }
  }

  @Test(
    "both forms are within 1/255 of the integer hash blended in float64 on 99.9 %, 3/255 on all",
    arguments: [(Float(8), Float(0)), (1, 3), (64, 100), (2.5, 4092)])
  func matchesReference(cellSize: Float, seed: Float) throws {
    try FillGolden.expectMatchesReference(
      { _ in
        ShaderFunction.noise(.float(cellSize), .float(seed))
      }, Self.reference(cellSize: Double(cellSize), seed: Int(seed)))
  }

  @Test("at cell corners the noise is the hash itself, exactly, in both forms")
  func cornersAreTheHash() throws {
    // cellSize 0.5 at scale 1: pixel centres x + 0.5 are whole multiples of 0.5, so f = 0 and
    // every pixel (i, j) shows h(2i + 1, 2j + 1).
    for lanes in [true, false] {
      let image = try FillGolden.render(
        ShaderFunction.noise(.float(0.5), .float(7)), width: 13, height: 5, lanes: lanes)
      for j in 0..<5 {
        for i in 0..<13 {
          let expected = Float(Self.hash(2 * i + 1, 2 * j + 1, seed: 7))
          #expect(abs(image[i, j].x - expected) <= 1e-6, "(\(i), \(j)), lanes \(lanes)")
        }
      }
    }
  }

  @Test("different seeds give different patterns, and the corner values cover 0…1")
  func seedsDiffer() throws {
    let a = try FillGolden.render(
      ShaderFunction.noise(.float(0.5), .float(0)), width: 64, height: 64, lanes: true)
    let b = try FillGolden.render(
      ShaderFunction.noise(.float(0.5), .float(1)), width: 64, height: 64, lanes: true)
    #expect(a.pixels != b.pixels)
    // cellSize 0.5: every pixel shows one hash value (see above), uniform over 0…1.
    let values = a.pixels.map(\.x)
    #expect((values.min() ?? 1) < 0.05 && (values.max() ?? 0) > 0.95)
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try FillGolden.expectDeterministic(ShaderFunction.noise(.float(3), .float(5)))
  }
}
