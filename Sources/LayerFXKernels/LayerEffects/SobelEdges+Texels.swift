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
        Self.store(Self.luma(top), at: north + column)
        Self.store(Self.luma(centre), at: middle + column)
        Self.store(Self.luma(bottom), at: south + column)
        Self.store(centre.w, at: alpha + column)
      }
      TexelRun.forEachBatch(of: run.count) { pixel in
        // The pixel's own column is `pixel + k` in the rows; its neighbours are k either side.
        let (west, own, east) = (pixel, pixel + k, pixel + 2 * k)
        let colour = edge(
          nw: Self.load(north + west), n: Self.load(north + own), ne: Self.load(north + east),
          w: Self.load(middle + west), e: Self.load(middle + east), sw: Self.load(south + west),
          s: Self.load(south + own), se: Self.load(south + east), alpha: Self.load(alpha + own))
        run.store(colour, at: pixel)
      }
    }
  }

  @inline(__always)
  private static func load(_ source: UnsafePointer<Float>) -> FloatLanes8 {
    FloatLanes8(UnsafeRawPointer(source).loadUnaligned(as: SIMD8<Float>.self))
  }

  @inline(__always)
  private static func store(_ lanes: FloatLanes8, at destination: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(destination).storeBytes(of: lanes.simd, as: SIMD8<Float>.self)
  }
}
