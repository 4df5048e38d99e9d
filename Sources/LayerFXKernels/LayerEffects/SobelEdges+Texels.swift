import LayerFX
import LayerFXMath

// Sobel on texel centres: each texel's luma once per row instead of once per neighbour. A pixel
// reads the luma of the three tap rows at columns −stride, 0 and +stride from its own; the
// luma of a row is computed once, eight texels at a time, for every column any pixel of the
// run reads, then combined eight pixels at a time by the body's own arithmetic (`edge`), so
// the bytes are the bilinear lanes'. At 3840 × 2160 the body samples nine times a pixel, each
// a bilinear blend and a transpose into planes.
extension SobelEdges {
  /// `distance` points between the neighbours.
  public var tapSpacing: Float? { distance }
  /// One neighbour on each side, along both axes.
  public var tapReach: SIMD2<Int> { SIMD2(1, 1) }

  /// Shades the run from its texels: the luma of the taps' three rows, then the gradient.
  ///
  /// - Parameter run: At least eight pixels whose neighbours land on texel centres.
  public func shadeTexels(_ run: TexelRun) {
    let k = run.stride
    // Tap columns −k … count − 1 + k, relative to the run's first pixel.
    let span = run.count + 2 * k
    withUnsafeTemporaryAllocation(of: Float.self, capacity: 4 * span) { buffer in
      guard let base = buffer.baseAddress else { return }
      let (north, middle, south, alpha) = (base, base + span, base + 2 * span, base + 3 * span)
      TexelRun.forEachBatch(of: span) { column in
        let top = run.planes(column: column - k, row: -k)
        let centre = run.planes(column: column - k, row: 0)
        let bottom = run.planes(column: column - k, row: k)
        Self.luma(top).store(to: north + column)
        Self.luma(centre).store(to: middle + column)
        Self.luma(bottom).store(to: south + column)
        centre.w.store(to: alpha + column)
      }
      TexelRun.forEachBatch(of: run.count) { pixel in
        // The pixel's own column is `pixel + k` in the rows; its neighbours are k either side.
        let (west, own, east) = (pixel, pixel + k, pixel + 2 * k)
        let at = { (row: UnsafeMutablePointer<Float>) in FloatLanes8(loadingFrom: row) }
        let colour = edge(
          nw: at(north + west), n: at(north + own), ne: at(north + east), w: at(middle + west),
          e: at(middle + east), sw: at(south + west), s: at(south + own), se: at(south + east),
          alpha: at(alpha + own))
        run.store(colour, at: pixel)
      }
    }
  }
}
