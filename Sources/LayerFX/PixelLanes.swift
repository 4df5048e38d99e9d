import CLaneShuffle
import LayerFXMath

/// A lane width the renderer can shade at: `Float` for one pixel per call, ``FloatLanes8`` for
/// eight pixels of a row per call.
///
/// Adds to ``FloatLanes`` what needs the engine's storage: reading the layer
/// (``Layer/sample(_:)-(Vector2<F>)``), loading a run of source pixels and storing a run of
/// destination pixels. A kernel body is generic over `F: PixelLanes`; its underscored
/// requirements are the renderer's, not the kernel's.
///
/// Source: `Documentation/Semantics.md` §4 (sampling).
public protocol PixelLanes: FloatLanes {
  /// Lane `i` holds `i`: the column offsets of a batch within a row.
  static var _laneOffsets: Self { get }

  /// Returns the layer's bilinear samples at `position` (points), lane by lane exactly as
  /// ``Layer/sample(_:)-(float2)``.
  static func _sample(_ layer: Layer, at position: Vector2<Self>) -> Vector4<Self>

  /// Returns the first `count` pixels at `source` (premultiplied RGBA), lane 0 first; lanes
  /// from `count` on are transparent black. Reads only those `count` pixels.
  static func _load(_ source: UnsafePointer<half4>, count: Int) -> Vector4<Self>

  /// Stores the first `count` lanes of `color` at `destination`, lane 0 first.
  static func _store(
    _ color: Vector4<Self>, to destination: UnsafeMutablePointer<half4>, count: Int)
}

extension Layer {
  /// Returns the layer's colour at each lane's position: ``sample(_:)-(float2)`` lane by lane.
  ///
  /// - Parameter position: The points to read, in points.
  /// - Returns: Premultiplied RGBA, one colour per lane.
  ///
  /// Source: `Documentation/Semantics.md` §4.
  @inlinable @inline(__always)
  public func sample<F: PixelLanes>(_ position: Vector2<F>) -> Vector4<F> {
    F._sample(self, at: position)
  }
}

/// One pixel per call: the closure form's width.
extension Float: PixelLanes {
  /// 0.
  @inlinable public static var _laneOffsets: Float { 0 }

  /// The scalar bilinear sample.
  @inlinable @inline(__always)
  public static func _sample(_ layer: Layer, at position: Vector2<Float>) -> Vector4<Float> {
    Vector4(layer.sample(position.simd))
  }

  /// The pixel at `source` (or transparent black when `count` is 0).
  @inlinable @inline(__always)
  public static func _load(_ source: UnsafePointer<half4>, count: Int) -> Vector4<Float> {
    Vector4(count > 0 ? source[0] : .zero)
  }

  /// Stores the pixel when `count` is 1.
  @inlinable @inline(__always)
  public static func _store(
    _ color: Vector4<Float>, to destination: UnsafeMutablePointer<half4>, count: Int
  ) {
    if count > 0 { destination[0] = color.simd }
  }
}

/// Eight pixels per call.
extension FloatLanes8: PixelLanes {
  /// 0, 1, …, 7.
  @inlinable public static var _laneOffsets: FloatLanes8 {
    FloatLanes8(SIMD8(0, 1, 2, 3, 4, 5, 6, 7))
  }

  /// The lane sampler: coordinates in SIMD, then per lane two 32-byte loads and the blend,
  /// bit-identical to the scalar sample.
  @inlinable @inline(__always)
  public static func _sample(_ layer: Layer, at position: Vector2<FloatLanes8>)
    -> Vector4<FloatLanes8>
  {
    layer.sampleLanes(x: position.x.simd, y: position.y.simd)
  }

  /// Eight pixels, or fewer with transparent black after them.
  @inlinable @inline(__always)
  public static func _load(_ source: UnsafePointer<half4>, count: Int) -> Vector4<FloatLanes8> {
    guard count >= 8 else {
      var pixels = (half4.zero, half4.zero, half4.zero, half4.zero)
      var more = (half4.zero, half4.zero, half4.zero, half4.zero)
      if count > 0 { pixels.0 = source[0] }
      if count > 1 { pixels.1 = source[1] }
      if count > 2 { pixels.2 = source[2] }
      if count > 3 { pixels.3 = source[3] }
      if count > 4 { more.0 = source[4] }
      if count > 5 { more.1 = source[5] }
      if count > 6 { more.2 = source[6] }
      return _planes(pixels.0, pixels.1, pixels.2, pixels.3, more.0, more.1, more.2, more.3)
    }
    return _planes(
      source[0], source[1], source[2], source[3], source[4], source[5], source[6], source[7])
  }

  /// Eight pixels, or the first `count`.
  @inlinable @inline(__always)
  public static func _store(
    _ color: Vector4<FloatLanes8>, to destination: UnsafeMutablePointer<half4>, count: Int
  ) {
    let (r, g, b, a) = (color.x.simd, color.y.simd, color.z.simd, color.w.simd)
    guard count >= 8 else {
      for lane in 0..<count { destination[lane] = half4(r[lane], g[lane], b[lane], a[lane]) }
      return
    }
    // The transpose of `_planes`, as two-source shuffles: (r, g) and (b, a) interleaved, then
    // 64-bit pairs; each 256-bit result holds pixels i and i + 4.
    let rg0 = _interleaveLow(r, g)
    let rg1 = _interleaveHigh(r, g)
    let ba0 = _interleaveLow(b, a)
    let ba1 = _interleaveHigh(b, a)
    let p04 = _pairsLow(rg0, ba0)
    let p15 = _pairsHigh(rg0, ba0)
    let p26 = _pairsLow(rg1, ba1)
    let p37 = _pairsHigh(rg1, ba1)
    destination[0] = p04.lowHalf
    destination[1] = p15.lowHalf
    destination[2] = p26.lowHalf
    destination[3] = p37.lowHalf
    destination[4] = p04.highHalf
    destination[5] = p15.highHalf
    destination[6] = p26.highHalf
    destination[7] = p37.highHalf
  }
}

/// Returns eight RGBA colours as four channel planes (a transpose).
///
/// Pixels i and i + 4 share a 256-bit register; within each 128-bit half a 4 × 4 transpose of
/// two-source shuffles (`unpcklps`, `unpckhps`, `unpcklpd`, `unpckhpd` on x86), so the eight
/// colours become planes in twelve instructions instead of per-lane inserts.
@inlinable @inline(__always)
func _planes(
  _ c0: half4, _ c1: half4, _ c2: half4, _ c3: half4, _ c4: half4, _ c5: half4, _ c6: half4,
  _ c7: half4
) -> Vector4<FloatLanes8> {
  let p04 = SIMD8(lowHalf: c0, highHalf: c4)
  let p15 = SIMD8(lowHalf: c1, highHalf: c5)
  let p26 = SIMD8(lowHalf: c2, highHalf: c6)
  let p37 = SIMD8(lowHalf: c3, highHalf: c7)
  // (r0 r1 g0 g1 | r4 r5 g4 g5), (b0 b1 a0 a1 | b4 b5 a4 a5), and the same for 2, 3, 6, 7.
  let t0 = _interleaveLow(p04, p15)
  let t1 = _interleaveHigh(p04, p15)
  let t2 = _interleaveLow(p26, p37)
  let t3 = _interleaveHigh(p26, p37)
  return Vector4(
    FloatLanes8(_pairsLow(t0, t2)), FloatLanes8(_pairsHigh(t0, t2)),
    FloatLanes8(_pairsLow(t1, t3)), FloatLanes8(_pairsHigh(t1, t3)))
}

/// `(a0 b0 a1 b1 | a4 b4 a5 b5)`: x86 `unpcklps` on each 128-bit half.
@inlinable @inline(__always)
func _interleaveLow(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
  lfx_interleave_low(a, b)
}

/// `(a2 b2 a3 b3 | a6 b6 a7 b7)`: x86 `unpckhps` on each 128-bit half.
@inlinable @inline(__always)
func _interleaveHigh(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
  lfx_interleave_high(a, b)
}

/// `(a0 a1 b0 b1 | a4 a5 b4 b5)`: x86 `unpcklpd` on each 128-bit half.
@inlinable @inline(__always)
func _pairsLow(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
  lfx_pairs_low(a, b)
}

/// `(a2 a3 b2 b3 | a6 a7 b6 b7)`: x86 `unpckhpd` on each 128-bit half.
@inlinable @inline(__always)
func _pairsHigh(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
  lfx_pairs_high(a, b)
}

/// `(a0 a1 a2 a3 | b0 b1 b2 b3)`: the two low halves.
@inlinable @inline(__always)
func _lowHalves(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
  lfx_low_halves(a, b)
}

/// `(a4 a5 a6 a7 | b4 b5 b6 b7)`: the two high halves.
@inlinable @inline(__always)
func _highHalves(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
  lfx_high_halves(a, b)
}
