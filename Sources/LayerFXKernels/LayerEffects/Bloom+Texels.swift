import LayerFX
import LayerFXMath

// Bloom on texel centres: at a power-of-two scale ≥ 1 its (2k + 1)² taps, whole points apart,
// are texels. Each texel's colour planes and bright pass are computed once per row of taps,
// for a chunk of the run at a time, instead of once per tap of every pixel (81 bilinear samples
// and bright passes a pixel at radius 4); the taps are then summed eight pixels at a time in
// the body's order with its weights, so the bytes are the bilinear lanes'.
extension Bloom {
  /// One point: the taps lie at whole points.
  public var tapSpacing: Float? { 1 }
  /// `floor(radius)` taps on each side, along both axes.
  public var tapReach: SIMD2<Int> { SIMD2(repeating: reach) }

  /// Pixels a chunk of the run holds, so that its rows of planes stay in the caches.
  private static var chunkPixels: Int { 256 }

  /// Shades the run from its taps' texels, a chunk at a time.
  ///
  /// - Parameter run: At least eight pixels whose taps land on texel centres.
  public func shadeTexels(_ run: TexelRun) {
    let reach = self.reach
    // The body's weights and their sum, in its order.
    var products = [Float]()
    var total: Float = 0
    for j in -reach...reach {
      let wy = weight(j)
      total += wy
      for i in -reach...reach { products.append(weight(i) * wy) }
    }
    var first = 0
    while first < run.count {
      // Every chunk has at least eight pixels: the last one moved back if need be.
      let start = Swift.min(first, run.count - 8)
      let end = Swift.min(start + Self.chunkPixels, run.count)
      shadeChunk(run, start..<end, products: products, total: total)
      first = end
    }
  }

  /// Shades the run's pixels `pixels` (at least eight).
  private func shadeChunk(
    _ run: TexelRun, _ pixels: Range<Int>, products: [Float], total: Float
  ) {
    let k = reach
    let step = run.stride
    let margin = k * step
    // Tap columns pixels.lowerBound − margin … pixels.upperBound − 1 + margin; five planes
    // (red, green, blue, alpha, bright) for each of the 2k + 1 tap rows.
    let span = pixels.count + 2 * margin
    let rows = 2 * k + 1
    withUnsafeTemporaryAllocation(of: Float.self, capacity: 5 * rows * span) { buffer in
      guard let base = buffer.baseAddress else { return }
      func plane(_ row: Int, _ channel: Int) -> UnsafeMutablePointer<Float> {
        base + (row * 5 + channel) * span
      }
      // The colour planes of tap row `row` at `column`, eight taps.
      func colour(_ row: Int, _ column: Int) -> Vector4<FloatLanes8> {
        Vector4(
          FloatLanes8(loadingFrom: plane(row, 0) + column),
          FloatLanes8(loadingFrom: plane(row, 1) + column),
          FloatLanes8(loadingFrom: plane(row, 2) + column),
          FloatLanes8(loadingFrom: plane(row, 3) + column))
      }
      for row in 0..<rows {
        TexelRun.forEachBatch(of: span) { column in
          let s = run.planes(
            column: pixels.lowerBound - margin + column, row: (row - k) * step)
          s.x.store(to: plane(row, 0) + column)
          s.y.store(to: plane(row, 1) + column)
          s.z.store(to: plane(row, 2) + column)
          s.w.store(to: plane(row, 3) + column)
          bright(s).store(to: plane(row, 4) + column)
        }
      }
      TexelRun.forEachBatch(of: pixels.count) { pixel in
        var glow = Vector4<FloatLanes8>(0)
        var tap = 0
        for row in 0..<rows {
          for i in -k...k {
            let column = pixel + margin + i * step
            let bright = FloatLanes8(loadingFrom: plane(row, 4) + column)
            glow += colour(row, column) * (bright * FloatLanes8(products[tap]))
            tap += 1
          }
        }
        let color = colour(k, pixel + margin)
        run.store(composite(color, glow: glow, total: total), at: pixels.lowerBound + pixel)
      }
    }
  }
}
