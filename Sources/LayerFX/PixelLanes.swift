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
  static func _store(_ color: Vector4<Self>, to destination: UnsafeMutablePointer<half4>, count: Int)
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
  @inlinable public static var _laneOffsets: FloatLanes8 { FloatLanes8(SIMD8(0, 1, 2, 3, 4, 5, 6, 7)) }

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
    destination[0] = half4(r[0], g[0], b[0], a[0])
    destination[1] = half4(r[1], g[1], b[1], a[1])
    destination[2] = half4(r[2], g[2], b[2], a[2])
    destination[3] = half4(r[3], g[3], b[3], a[3])
    destination[4] = half4(r[4], g[4], b[4], a[4])
    destination[5] = half4(r[5], g[5], b[5], a[5])
    destination[6] = half4(r[6], g[6], b[6], a[6])
    destination[7] = half4(r[7], g[7], b[7], a[7])
  }
}

/// Returns eight RGBA colours as four channel planes (a transpose).
@inlinable @inline(__always)
func _planes(
  _ c0: half4, _ c1: half4, _ c2: half4, _ c3: half4, _ c4: half4, _ c5: half4, _ c6: half4,
  _ c7: half4
) -> Vector4<FloatLanes8> {
  Vector4(
    FloatLanes8(SIMD8(c0.x, c1.x, c2.x, c3.x, c4.x, c5.x, c6.x, c7.x)),
    FloatLanes8(SIMD8(c0.y, c1.y, c2.y, c3.y, c4.y, c5.y, c6.y, c7.y)),
    FloatLanes8(SIMD8(c0.z, c1.z, c2.z, c3.z, c4.z, c5.z, c6.z, c7.z)),
    FloatLanes8(SIMD8(c0.w, c1.w, c2.w, c3.w, c4.w, c5.w, c6.w, c7.w)))
}
