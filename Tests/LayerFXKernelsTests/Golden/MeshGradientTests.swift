import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// The 3 × 3 mesh gradient against a float64 model: each cell's bilinear map inverted by
/// Newton's method (not the kernel's closed form), then Catmull-Rom weights.
@Suite struct MeshGradientTests {
  typealias P = SIMD2<Double>

  /// Catmull-Rom weights of nodes 0, 1, 2 at s in [0, 2], from the spline's basis matrix.
  static func weights(_ s: Double) -> [Double] {
    let segment = s < 1 ? 0 : 1
    let t = s - Double(segment)
    let basis = [
      (-t * t * t + 2 * t * t - t) / 2, (3 * t * t * t - 5 * t * t + 2) / 2,
      (-3 * t * t * t + 4 * t * t + t) / 2, (t * t * t - t * t) / 2,
    ]
    // The four control nodes of the segment, the end node repeated.
    let nodes = segment == 0 ? [0, 0, 1, 2] : [0, 1, 2, 2]
    var w = [0.0, 0.0, 0.0]
    for (node, b) in zip(nodes, basis) { w[node] += b }
    return w
  }

  /// (u, v) with a + u e + v f + u v g = p, by Newton's method from the cell's centre.
  static func invert(_ p: P, _ a: P, _ b: P, _ c: P, _ d: P) -> (Double, Double)? {
    var (u, v) = (0.5, 0.5)
    for _ in 0..<50 {
      let q = a * (1 - u) * (1 - v) + b * u * (1 - v) + c * u * v + d * (1 - u) * v
      let du = (b - a) * (1 - v) + (c - d) * v
      let dv = (d - a) * (1 - u) + (c - b) * u
      let r = q - p
      let det = du.x * dv.y - du.y * dv.x
      guard det != 0 else { return nil }
      u -= (r.x * dv.y - r.y * dv.x) / det
      v -= (du.x * r.y - du.y * r.x) / det
    }
    // Converged (Newton may wander off for a point outside the cell), and inside.
    let q = a * (1 - u) * (1 - v) + b * u * (1 - v) + c * u * v + d * (1 - u) * v
    guard ((q - p) * (q - p)).sum() < 1e-12 else { return nil }
    let e = 1e-4
    return u >= -e && u <= 1 + e && v >= -e && v <= 1 + e ? (u, v) : nil
  }

  static func reference(points: [float2], colors: [half4]) -> (P, P) -> SIMD4<Double> {
    { position, size in
      let p = points.map { P(Double($0.x), Double($0.y)) * size }
      for (r, c) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let k = 3 * r + c
        guard let (u, v) = invert(position, p[k], p[k + 1], p[k + 4], p[k + 3]) else { continue }
        let wx = weights(Double(c) + min(max(u, 0), 1))
        let wy = weights(Double(r) + min(max(v, 0), 1))
        var sum = SIMD4<Double>.zero
        for j in 0..<3 {
          for i in 0..<3 {
            let color = colors[3 * j + i]
            sum +=
              wx[i] * wy[j]
              * SIMD4(Double(color.x), Double(color.y), Double(color.z), Double(color.w))
          }
        }
        return SIMD4(
          min(max(sum.x, 0), 1), min(max(sum.y, 0), 1), min(max(sum.z, 0), 1), min(max(sum.w, 0), 1)
        )
      }
      return .zero
    }
  }

  static let regular: [float2] = [
    float2(0, 0), float2(0.5, 0), float2(1, 0), float2(0, 0.5), float2(0.5, 0.5), float2(1, 0.5),
    float2(0, 1), float2(0.5, 1), float2(1, 1),
  ]
  static let moved: [float2] = [
    float2(0, 0), float2(0.4, 0), float2(1, 0), float2(0, 0.6), float2(0.7, 0.35),
    float2(1, 0.5), float2(0, 1), float2(0.55, 1), float2(1, 1),
  ]
  /// Inset edges: the mesh does not reach the view's border, which stays transparent.
  static let inset: [float2] = [
    float2(0.1, 0.1), float2(0.5, 0.05), float2(0.9, 0.1), float2(0.05, 0.5), float2(0.45, 0.55),
    float2(0.95, 0.5), float2(0.1, 0.9), float2(0.5, 0.95), float2(0.9, 0.9),
  ]
  /// A sheared grid, `(1/16 + 3/8 column + 1/16 row, 1/8 + 1/16 column + 3/8 row)`: its cells
  /// are parallelograms with slanted edges, exactly in binary32 at every test size, except the
  /// bottom right one, whose corner point8 is moved off the grid.
  static let sheared: [float2] = [
    float2(0.0625, 0.125), float2(0.4375, 0.1875), float2(0.8125, 0.25),
    float2(0.125, 0.5), float2(0.5, 0.5625), float2(0.875, 0.625),
    float2(0.1875, 0.875), float2(0.5625, 0.9375), float2(0.95, 0.97),
  ]
  static let colors: [half4] = [
    half4(1, 0, 0, 1), half4(0.5, 0, 0.5, 1), half4(0, 0, 1, 1), half4(1, 0.5, 0, 1),
    half4(1, 1, 1, 1), half4(0, 0.3, 0.6, 0.6), half4(1, 1, 0, 1), half4(0, 0.5, 0, 0.5),
    half4(0, 0.8, 0.8, 1),
  ]

  static func shader(size: float2, points: [float2], colors: [half4]) -> Shader {
    Shader(
      function: ShaderFunction.meshGradient,
      arguments: [.float2(size)] + points.map { .float2($0) } + colors.map { .color($0) })
  }

  @Test(
    "both forms are within 1/255 of a float64 Newton-inverse model on 99.9 %, 3/255 on all",
    arguments: [0, 1, 2, 3])
  func matchesReference(index: Int) throws {
    let points = [Self.regular, Self.moved, Self.inset, Self.sheared][index]
    try FillGolden.expectMatchesReference(
      { size in Self.shader(size: size, points: points, colors: Self.colors) },
      Self.reference(points: points, colors: Self.colors))
  }

  @Test("on a regular grid the colour at each mesh point is that point's colour")
  func meshPointsHaveTheirColours() throws {
    // 5 × 5 pixels at scale 1 over a 4 × 4-point view would miss the points; use a view of
    // 201 × 201 pixels, whose pixel centres 0.5, 100.5, 200.5 are the points ±0.5 points.
    let image = try FillGolden.render(
      Self.shader(size: float2(201, 201), points: Self.regular, colors: Self.colors),
      width: 201, height: 201, lanes: true)
    #expect(abs(image[100, 100] - Self.colors[4]).max() <= 0.01)
    #expect(abs(image[0, 0] - Self.colors[0]).max() <= 0.01)
    #expect(abs(image[200, 200] - Self.colors[8]).max() <= 0.01)
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try FillGolden.expectDeterministic(
      Self.shader(size: float2(67, 45), points: Self.moved, colors: Self.colors))
  }

  @Test(
    "rows of 601 pixels (blocks of 256, the last partial) give the bytes of 7-pixel tiles",
    arguments: [0, 3])
  func wideRowsMatchTiles(index: Int) throws {
    // The renderer fills this kernel's rows in blocks of 32 batches where a run is longer than
    // 64 pixels, and of 8 in shorter runs; Documentation/Semantics.md §8.5: the bytes do not
    // depend on the tile size.
    let shader = Self.shader(
      size: float2(601, 9), points: [Self.regular, Self.moved, Self.inset, Self.sheared][index],
      colors: Self.colors)
    for lanes in [true, false] {
      let rows = try FillGolden.render(shader, width: 601, height: 9, lanes: lanes)
      let tiles = try FillGolden.render(shader, width: 601, height: 9, lanes: lanes, tileSize: 7)
      #expect(rows.pixels == tiles.pixels, "lanes \(lanes)")
    }
  }
}
