import CLaneShuffle
import LayerFXMath

extension Layer {
  /// Returns the layer's colours at sixteen positions: ``sampleLanes(x:y:)`` of each half, bit
  /// for bit, as sixteen-lane channel planes.
  ///
  /// Where the sixteen cells are one translated run (each half is one, and the upper half's
  /// cells follow the lower half's with the same weights) and the CPU has AVX-512 F, the run is
  /// blended four cells per 512-bit register (`lfx_blend_run16`): sixteen loads and a transpose
  /// for the sixteen lanes, against two eight-lane runs of eighteen 128-bit loads, their
  /// inserts and two transposes.
  ///
  /// - Parameter position: Sixteen positions, points.
  /// - Returns: Sixteen premultiplied RGBA colours as channel planes.
  ///
  /// Source: `Documentation/Semantics.md` §4.
  @usableFromInline @inline(never)
  func sampleLanes(_ position: Vector2<FloatLanes16>) -> Vector4<FloatLanes16> {
    let low = cells(x: position.x.low.simd, y: position.y.low.simd)
    let high = cells(x: position.x.high.simd, y: position.y.high.simd)
    #if arch(x86_64)
      if storage.blendsRunsAt512Bits, let run = Self.run(low, high) {
        return withUnsafeTemporaryAllocation(of: Vector4<FloatLanes16>.self, capacity: 1) {
          planes in
          let base = UnsafeMutableRawPointer(planes.baseAddress.unsafelyUnwrapped)
          lfx_blend_run16(
            UnsafeRawPointer(storage.texels + run.texel).assumingMemoryBound(to: Float.self),
            4 &* storage.rowLength, run.weightX, run.weightY,
            base.assumingMemoryBound(to: Float.self))
          return base.load(as: Vector4<FloatLanes16>.self)
        }
      }
    #endif
    let a = colors(of: low) { _planes($0, $1, $2, $3, $4, $5, $6, $7) }
    let b = colors(of: high) { _planes($0, $1, $2, $3, $4, $5, $6, $7) }
    return Vector4(
      FloatLanes16(low: a.x, high: b.x), FloatLanes16(low: a.y, high: b.y),
      FloatLanes16(low: a.z, high: b.z), FloatLanes16(low: a.w, high: b.w))
  }

  /// Stores the layer's colours at sixteen positions (``sampleLanes(_:)``'s, bit for bit) as the
  /// first `count` pixels at `destination`, lane 0 first.
  ///
  /// - Parameters:
  ///   - position: Sixteen positions, points.
  ///   - destination: Where lane 0's colour goes (premultiplied RGBA).
  ///   - count: How many lanes to store, 0…16.
  ///
  /// Source: `Documentation/Semantics.md` §4.
  @usableFromInline @inline(never)
  func storeSampleLanes(
    _ position: Vector2<FloatLanes16>, to destination: UnsafeMutablePointer<half4>, count: Int
  ) {
    let low = cells(x: position.x.low.simd, y: position.y.low.simd)
    let high = cells(x: position.x.high.simd, y: position.y.high.simd)
    #if arch(x86_64)
      if count == 16, storage.blendsRunsAt512Bits, let run = Self.run(low, high) {
        lfx_blend_run16_pixels(
          UnsafeRawPointer(storage.texels + run.texel).assumingMemoryBound(to: Float.self),
          4 &* storage.rowLength, run.weightX, run.weightY,
          UnsafeMutableRawPointer(destination).assumingMemoryBound(to: Float.self))
        return
      }
    #endif
    colors(of: low) { c0, c1, c2, c3, c4, c5, c6, c7 in
      Self.store(c0, c1, c2, c3, c4, c5, c6, c7, to: destination, count: min(count, 8))
    }
    guard count > 8 else { return }
    colors(of: high) { c0, c1, c2, c3, c4, c5, c6, c7 in
      Self.store(c0, c1, c2, c3, c4, c5, c6, c7, to: destination + 8, count: count &- 8)
    }
  }

  /// The first cell's top-left texel and the weights, when two groups of eight cells make one
  /// translated run of sixteen: each is one inside the image (``LaneCells/isTranslatedRun``),
  /// and `high`'s first cell is eight texels right of `low`'s with the same weights.
  @inline(__always)
  private static func run(_ low: LaneCells, _ high: LaneCells) -> (
    texel: Int, weightX: Float, weightY: Float
  )? {
    guard low.isTranslatedRun, high.isTranslatedRun else { return nil }
    let (weightX, weightY) = (low.weightX[0], low.weightY[0])
    guard high.index[0] == low.index[0] &+ 8,
      high.weightX[0].bitPattern == weightX.bitPattern,
      high.weightY[0].bitPattern == weightY.bitPattern
    else { return nil }
    return (Int(low.index[0]), weightX, weightY)
  }
}
