import LayerFXMath

/// Eight premultiplied RGBA colours, one per lane, stored as four channel planes.
///
/// Lane `i`'s colour is `half4(r[i], g[i], b[i], a[i])`. Channels are `Float` lanes, as
/// LayerFX's `half` is (see `LayerFXMath.half`).
public struct LaneColor: Sendable {
  /// Red, premultiplied.
  public var r: SIMD8<Float>
  /// Green, premultiplied.
  public var g: SIMD8<Float>
  /// Blue, premultiplied.
  public var b: SIMD8<Float>
  /// Alpha (coverage), 0…1.
  public var a: SIMD8<Float>

  /// Creates lane colours from their channel planes.
  @inlinable
  public init(r: SIMD8<Float>, g: SIMD8<Float>, b: SIMD8<Float>, a: SIMD8<Float>) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// Creates lane colours from eight RGBA colours, lane 0 first (a transpose).
  @inlinable
  public init(
    _ c0: half4, _ c1: half4, _ c2: half4, _ c3: half4, _ c4: half4, _ c5: half4, _ c6: half4,
    _ c7: half4
  ) {
    r = SIMD8(c0.x, c1.x, c2.x, c3.x, c4.x, c5.x, c6.x, c7.x)
    g = SIMD8(c0.y, c1.y, c2.y, c3.y, c4.y, c5.y, c6.y, c7.y)
    b = SIMD8(c0.z, c1.z, c2.z, c3.z, c4.z, c5.z, c6.z, c7.z)
    a = SIMD8(c0.w, c1.w, c2.w, c3.w, c4.w, c5.w, c6.w, c7.w)
  }

  /// Stores the first `count` lanes (all eight by default) as RGBA colours at `destination`,
  /// lane 0 first (a transpose).
  @inlinable
  public func store(to destination: UnsafeMutablePointer<half4>, count: Int = 8) {
    guard count >= 8 else {
      for lane in 0..<count { destination[lane] = self[lane] }
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

  /// Lane `i`'s colour.
  @inlinable
  public subscript(lane: Int) -> half4 {
    get { half4(r[lane], g[lane], b[lane], a[lane]) }
    set {
      r[lane] = newValue.x
      g[lane] = newValue.y
      b[lane] = newValue.z
      a[lane] = newValue.w
    }
  }
}
