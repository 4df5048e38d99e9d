import LayerFXMath

/// Sixteen pixels per call: two batches of ``FloatLanes8``'s storage primitives, one per half,
/// so the colours are those of the eight-lane forms bit for bit.
extension FloatLanes16: PixelLanes {
  /// 0, 1, …, 15.
  @inlinable public static var _laneOffsets: FloatLanes16 {
    FloatLanes16(SIMD16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
  }

  /// The sixteen-lane sampler (``Layer/sampleLanes(_:)``): the eight-lane one's colours.
  @inlinable @inline(__always)
  public static func _sample(_ layer: Layer, at position: Vector2<FloatLanes16>)
    -> Vector4<FloatLanes16>
  {
    layer.sampleLanes(position)
  }

  /// The sixteen-lane sampler's stores (``Layer/storeSampleLanes(_:to:count:)``).
  @inlinable @inline(__always)
  public static func _storeSample(
    _ layer: Layer, at position: Vector2<FloatLanes16>,
    to destination: UnsafeMutablePointer<half4>, count: Int
  ) {
    layer.storeSampleLanes(position, to: destination, count: count)
  }

  /// Sixteen pixels, or the first `count`: the eight-lane store of each half.
  @inlinable @inline(__always)
  public static func _store(
    _ color: Vector4<FloatLanes16>, to destination: UnsafeMutablePointer<half4>, count: Int
  ) {
    FloatLanes8._store(
      Vector4(color.x.low, color.y.low, color.z.low, color.w.low), to: destination,
      count: Swift.min(count, 8))
    guard count > 8 else { return }
    FloatLanes8._store(
      Vector4(color.x.high, color.y.high, color.z.high, color.w.high), to: destination + 8,
      count: count &- 8)
  }

  /// ``FloatLanes8/_planeLaneOffsets`` for each half: 0, 2, 4, 6, 1, 3, 5, 7, 8, 10, ….
  @inlinable public static var _planeLaneOffsets: FloatLanes16 {
    FloatLanes16(SIMD16(0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15))
  }

  /// ``FloatLanes8/_loadPlanes(_:count:into:)`` into the same memory, then each pair of its
  /// batches reordered into one batch of sixteen-lane planes.
  @inlinable @inline(never)
  public static func _loadPlanes(
    _ source: UnsafePointer<half4>, count: Int, into planes: UnsafeMutablePointer<FloatLanes16>
  ) {
    // A batch of sixteen is two of eight: planes 4k…4k+3 of eight lanes are the low halves,
    // 4k+4…4k+7 the high ones, which is the memory layout of the interleaved halves below.
    let batches = (count &+ 15) &>> 4
    planes.withMemoryRebound(to: FloatLanes8.self, capacity: 8 &* batches) { eight in
      FloatLanes8._loadPlanes(source, count: count, into: eight)
      // A last batch of eight or fewer pixels: its high half is transparent black.
      if count &- 16 &* (batches &- 1) <= 8 {
        (eight + (8 &* batches &- 4)).initialize(repeating: FloatLanes8(0), count: 4)
      }
      for batch in 0..<batches { _pairHalves(eight + 8 &* batch) }
    }
  }

  /// The inverse of ``_loadPlanes(_:count:into:)``.
  @inlinable @inline(never)
  public static func _storePlanes(
    _ planes: UnsafePointer<FloatLanes16>, count: Int, to destination: UnsafeMutablePointer<half4>,
    streaming: Bool
  ) {
    let batches = (count &+ 15) &>> 4
    UnsafeMutablePointer(mutating: planes).withMemoryRebound(
      to: FloatLanes8.self, capacity: 8 &* batches
    ) { eight in
      for batch in 0..<batches { _splitHalves(eight + 8 &* batch) }
      FloatLanes8._storePlanes(eight, count: count, to: destination, streaming: streaming)
    }
  }
}

/// Reorders eight eight-lane planes (r, g, b, a of pixels 0…7, then of 8…15) into four
/// sixteen-lane ones (r of 0…15, g, b, a), in place.
@inlinable @inline(__always)
func _pairHalves(_ p: UnsafeMutablePointer<FloatLanes8>) {
  let (r0, g0, b0, a0, r1, g1, b1, a1) = (p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])
  (p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]) = (r0, r1, g0, g1, b0, b1, a0, a1)
}

/// The inverse of ``_pairHalves(_:)``.
@inlinable @inline(__always)
func _splitHalves(_ p: UnsafeMutablePointer<FloatLanes8>) {
  let (r0, r1, g0, g1, b0, b1, a0, a1) = (p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])
  (p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]) = (r0, g0, b0, a0, r1, g1, b1, a1)
}
