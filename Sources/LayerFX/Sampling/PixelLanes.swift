import CLaneShuffle
import LayerFXMath

/// A lane width the renderer can shade at: `Float` for one pixel per call, `FloatLanes8` and
/// `FloatLanes16` for eight and sixteen pixels of a row per call.
///
/// Adds to `FloatLanes` what needs the engine's storage: reading the layer
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

  /// Stores the layer's bilinear samples at `position` (points), ``_sample(_:at:)``'s colours
  /// bit for bit, as the first `count` pixels at `destination`, lane 0 first: a distortion
  /// effect's store, without the colours' round trip through channel planes.
  static func _storeSample(
    _ layer: Layer, at position: Vector2<Self>, to destination: UnsafeMutablePointer<half4>,
    count: Int)

  /// Stores the first `count` lanes of `color` at `destination`, lane 0 first.
  static func _store(
    _ color: Vector4<Self>, to destination: UnsafeMutablePointer<half4>, count: Int)

  /// Lane `i` holds the column offset, within its batch, of the pixel that
  /// ``_loadPlanes(_:count:into:)`` puts in lane `i`.
  static var _planeLaneOffsets: Self { get }

  /// Loads `count` pixels at `source` (premultiplied RGBA) as channel planes: batch `k`
  /// (pixels `k × laneCount` on) goes to `planes[4k]` (red) … `planes[4k + 3]` (alpha), pixel
  /// `k × laneCount + _planeLaneOffsets[i]` in lane `i`; lanes past `count` are transparent
  /// black. `planes` holds `4 × ⌈count / laneCount⌉` values.
  static func _loadPlanes(
    _ source: UnsafePointer<half4>, count: Int, into planes: UnsafeMutablePointer<Self>)

  /// Stores `count` pixels from channel planes laid out as ``_loadPlanes(_:count:into:)``
  /// writes them; with `streaming`, whole batches past the caches (non-temporal stores, to be
  /// ordered by `lfx_stream_fence()` before another thread reads them).
  static func _storePlanes(
    _ planes: UnsafePointer<Self>, count: Int, to destination: UnsafeMutablePointer<half4>,
    streaming: Bool)
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

  /// The scalar bilinear sample, stored when `count` is 1.
  @inlinable @inline(__always)
  public static func _storeSample(
    _ layer: Layer, at position: Vector2<Float>, to destination: UnsafeMutablePointer<half4>,
    count: Int
  ) {
    if count > 0 { destination[0] = layer.sample(position.simd) }
  }

  /// Stores the pixel when `count` is 1.
  @inlinable @inline(__always)
  public static func _store(
    _ color: Vector4<Float>, to destination: UnsafeMutablePointer<half4>, count: Int
  ) {
    if count > 0 { destination[0] = color.simd }
  }

  /// 0.
  @inlinable public static var _planeLaneOffsets: Float { 0 }

  /// One pixel per batch: its four channels in turn.
  @inlinable @inline(__always)
  public static func _loadPlanes(
    _ source: UnsafePointer<half4>, count: Int, into planes: UnsafeMutablePointer<Float>
  ) {
    for pixel in 0..<count {
      for channel in 0..<4 { planes[4 &* pixel &+ channel] = source[pixel][channel] }
    }
  }

  /// One pixel per batch.
  @inlinable @inline(__always)
  public static func _storePlanes(
    _ planes: UnsafePointer<Float>, count: Int, to destination: UnsafeMutablePointer<half4>,
    streaming: Bool
  ) {
    for pixel in 0..<count {
      let plane = planes + 4 &* pixel
      destination[pixel] = half4(plane[0], plane[1], plane[2], plane[3])
    }
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

  /// The lane sampler's colours stored pixel by pixel as they come out of the blend.
  @inlinable @inline(__always)
  public static func _storeSample(
    _ layer: Layer, at position: Vector2<FloatLanes8>,
    to destination: UnsafeMutablePointer<half4>, count: Int
  ) {
    layer.storeSampleLanes(
      x: position.x.simd, y: position.y.simd, to: destination, count: count)
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

  /// 0, 2, 4, 6, 1, 3, 5, 7: the order in which four 256-bit loads of two pixels each come out
  /// of one 4 × 4 transpose per 128-bit half.
  @inlinable public static var _planeLaneOffsets: FloatLanes8 {
    FloatLanes8(SIMD8(0, 2, 4, 6, 1, 3, 5, 7))
  }

  /// Whole batches as four 256-bit loads (pixels 0 and 1, 2 and 3, …) and eight shuffles; the
  /// last, partial batch through a zeroed copy.
  ///
  /// Kept out of line: where LLVM sees these shuffles next to a kernel's arithmetic it
  /// scalarises both (measured: colorInvert's lane form went from 12 to 31 instructions per
  /// pixel), so a colour effect's body reads and writes plain planes.
  @inlinable @inline(never)
  public static func _loadPlanes(
    _ source: UnsafePointer<half4>, count: Int, into planes: UnsafeMutablePointer<FloatLanes8>
  ) {
    let whole = _forEachWholeBatch(count) { first in
      _planes(ofPairs: UnsafeRawPointer(source + first), into: planes + first &>> 1)
    }
    guard whole < count else { return }
    _withEightPixels { last in
      last.update(from: source + whole, count: count &- whole)
      _planes(ofPairs: UnsafeRawPointer(last), into: planes + whole &>> 1)
    }
  }

  /// The inverse of `_loadPlanes`: eight shuffles and four 256-bit stores per whole batch; the
  /// last, partial batch through a copy of which the first pixels are stored.
  @inlinable @inline(never)
  public static func _storePlanes(
    _ planes: UnsafePointer<FloatLanes8>, count: Int, to destination: UnsafeMutablePointer<half4>,
    streaming: Bool
  ) {
    let whole =
      streaming
      ? _forEachWholeBatch(count) { first in
        _streamPairs(ofPlanes: planes + first &>> 1, into: destination + first)
      }
      : _forEachWholeBatch(count) { first in
        _pairs(ofPlanes: planes + first &>> 1, into: UnsafeMutableRawPointer(destination + first))
      }
    guard whole < count else { return }
    _withEightPixels { last in
      _pairs(ofPlanes: planes + whole &>> 1, into: UnsafeMutableRawPointer(last))
      (destination + whole).update(from: last, count: count &- whole)
    }
  }
}

/// Runs `body(first pixel)` for each whole batch of eight of `count` pixels (its planes start at
/// `first / 2`: four per eight pixels) and returns the number of pixels in whole batches.
@inlinable @inline(__always)
func _forEachWholeBatch(_ count: Int, _ body: (Int) -> Void) -> Int {
  let whole = count & ~7
  for first in stride(from: 0, to: whole, by: 8) { body(first) }
  return whole
}

/// Runs `body` with eight transparent black pixels on the stack: a partial batch's stand-in.
@inlinable @inline(__always)
func _withEightPixels(_ body: (UnsafeMutablePointer<half4>) -> Void) {
  withUnsafeTemporaryAllocation(of: half4.self, capacity: 8) { pixels in
    guard let base = pixels.baseAddress else { return }
    base.initialize(repeating: .zero, count: 8)
    body(base)
  }
}

/// Transposes the eight pixels at `pixels` (RGBA, 16 bytes each) into the four planes at
/// `planes`, lanes in the order of ``FloatLanes8/_planeLaneOffsets``.
///
/// Each 256-bit load holds pixels `2i` and `2i + 1`; within each 128-bit half, a 4 × 4 transpose
/// of two-source shuffles leaves pixels 0, 2, 4, 6 in the low half and 1, 3, 5, 7 in the high one.
@inlinable @inline(__always)
func _planes(ofPairs pixels: UnsafeRawPointer, into planes: UnsafeMutablePointer<FloatLanes8>) {
  let p01 = pixels.loadUnaligned(fromByteOffset: 0, as: SIMD8<Float>.self)
  let p23 = pixels.loadUnaligned(fromByteOffset: 32, as: SIMD8<Float>.self)
  let p45 = pixels.loadUnaligned(fromByteOffset: 64, as: SIMD8<Float>.self)
  let p67 = pixels.loadUnaligned(fromByteOffset: 96, as: SIMD8<Float>.self)
  // (r0 r2 g0 g2 | r1 r3 g1 g3), (b0 b2 a0 a2 | b1 b3 a1 a3), and the same for 4 to 7.
  let t0 = _interleaveLow(p01, p23)
  let t1 = _interleaveHigh(p01, p23)
  let t2 = _interleaveLow(p45, p67)
  let t3 = _interleaveHigh(p45, p67)
  planes[0] = FloatLanes8(_pairsLow(t0, t2))
  planes[1] = FloatLanes8(_pairsHigh(t0, t2))
  planes[2] = FloatLanes8(_pairsLow(t1, t3))
  planes[3] = FloatLanes8(_pairsHigh(t1, t3))
}

/// The inverse of ``_planes(ofPairs:into:)``: four planes back into eight RGBA pixels.
@inlinable @inline(__always)
func _pairs(ofPlanes planes: UnsafePointer<FloatLanes8>, into pixels: UnsafeMutableRawPointer) {
  let (r, g, b, a) = (planes[0].simd, planes[1].simd, planes[2].simd, planes[3].simd)
  // (r0 g0 r2 g2 | r1 g1 r3 g3), (b0 a0 b2 a2 | b1 a1 b3 a3), and the same for 4 to 7.
  let rg0 = _interleaveLow(r, g)
  let rg1 = _interleaveHigh(r, g)
  let ba0 = _interleaveLow(b, a)
  let ba1 = _interleaveHigh(b, a)
  pixels.storeBytes(of: _pairsLow(rg0, ba0), toByteOffset: 0, as: SIMD8<Float>.self)
  pixels.storeBytes(of: _pairsHigh(rg0, ba0), toByteOffset: 32, as: SIMD8<Float>.self)
  pixels.storeBytes(of: _pairsLow(rg1, ba1), toByteOffset: 64, as: SIMD8<Float>.self)
  pixels.storeBytes(of: _pairsHigh(rg1, ba1), toByteOffset: 96, as: SIMD8<Float>.self)
}

/// ``_pairs(ofPlanes:into:)`` with non-temporal stores: the eight pixels go to memory without
/// their cache lines being read in first.
@inlinable @inline(__always)
func _streamPairs(
  ofPlanes planes: UnsafePointer<FloatLanes8>, into pixels: UnsafeMutablePointer<half4>
) {
  let (r, g, b, a) = (planes[0].simd, planes[1].simd, planes[2].simd, planes[3].simd)
  let rg0 = _interleaveLow(r, g)
  let rg1 = _interleaveHigh(r, g)
  let ba0 = _interleaveLow(b, a)
  let ba1 = _interleaveHigh(b, a)
  // Each result holds two neighbouring pixels; a half4 is 16-byte aligned, as movntps needs.
  let pairs = (_pairsLow(rg0, ba0), _pairsHigh(rg0, ba0), _pairsLow(rg1, ba1), _pairsHigh(rg1, ba1))
  lfx_stream4(pixels, pairs.0.lowHalf)
  lfx_stream4(pixels + 1, pairs.0.highHalf)
  lfx_stream4(pixels + 2, pairs.1.lowHalf)
  lfx_stream4(pixels + 3, pairs.1.highHalf)
  lfx_stream4(pixels + 4, pairs.2.lowHalf)
  lfx_stream4(pixels + 5, pairs.2.highHalf)
  lfx_stream4(pixels + 6, pairs.3.lowHalf)
  lfx_stream4(pixels + 7, pairs.3.highHalf)
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
