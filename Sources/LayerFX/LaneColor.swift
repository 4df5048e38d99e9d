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
