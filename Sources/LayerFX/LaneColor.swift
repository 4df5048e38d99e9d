import LayerFXMath

/// Eight premultiplied RGBA colours, one per lane of a lane kernel's batch.
///
/// Stored as eight RGBA values (the layout of texels and of the destination), so a sample flows
/// to the store without a transpose. Kernels shade lane by lane with ``mapLanes(_:)`` (each
/// lane's colour is an ordinary `half4`, channels `Float` as LayerFX's `half` is), or read and
/// write whole channel planes through ``r``, ``g``, ``b`` and ``a`` (each a transpose).
public struct LaneColor: Sendable {
  @usableFromInline var c0, c1, c2, c3, c4, c5, c6, c7: half4

  /// Creates lane colours from eight RGBA colours, lane 0 first.
  @inlinable
  public init(
    _ c0: half4, _ c1: half4, _ c2: half4, _ c3: half4, _ c4: half4, _ c5: half4, _ c6: half4,
    _ c7: half4
  ) {
    (self.c0, self.c1, self.c2, self.c3) = (c0, c1, c2, c3)
    (self.c4, self.c5, self.c6, self.c7) = (c4, c5, c6, c7)
  }

  /// Creates lane colours from channel planes: lane `i` is `half4(r[i], g[i], b[i], a[i])`.
  @inlinable
  public init(r: SIMD8<Float>, g: SIMD8<Float>, b: SIMD8<Float>, a: SIMD8<Float>) {
    self.init(
      half4(r[0], g[0], b[0], a[0]), half4(r[1], g[1], b[1], a[1]),
      half4(r[2], g[2], b[2], a[2]), half4(r[3], g[3], b[3], a[3]),
      half4(r[4], g[4], b[4], a[4]), half4(r[5], g[5], b[5], a[5]),
      half4(r[6], g[6], b[6], a[6]), half4(r[7], g[7], b[7], a[7]))
  }

  /// Returns the colours with `transform(lane, colour)` applied to each lane, lane 0 first.
  @inlinable
  public func mapLanes(_ transform: (Int, half4) -> half4) -> LaneColor {
    LaneColor(
      transform(0, c0), transform(1, c1), transform(2, c2), transform(3, c3), transform(4, c4),
      transform(5, c5), transform(6, c6), transform(7, c7))
  }

  /// Lane `i`'s colour, `0 ≤ i < 8`.
  @inlinable
  public subscript(lane: Int) -> half4 {
    switch lane {
    case 0: c0
    case 1: c1
    case 2: c2
    case 3: c3
    case 4: c4
    case 5: c5
    case 6: c6
    default: c7
    }
  }

  /// The red plane, premultiplied.
  @inlinable public var r: SIMD8<Float> { plane(0) }
  /// The green plane, premultiplied.
  @inlinable public var g: SIMD8<Float> { plane(1) }
  /// The blue plane, premultiplied.
  @inlinable public var b: SIMD8<Float> { plane(2) }
  /// The alpha plane (coverage), 0…1.
  @inlinable public var a: SIMD8<Float> { plane(3) }

  @inlinable
  func plane(_ channel: Int) -> SIMD8<Float> {
    SIMD8(
      c0[channel], c1[channel], c2[channel], c3[channel], c4[channel], c5[channel], c6[channel],
      c7[channel])
  }

  /// Stores the first `count` lanes (all eight by default) at `destination`, lane 0 first.
  @_transparent
  public func store(to destination: UnsafeMutablePointer<half4>, count: Int = 8) {
    guard count >= 8 else {
      for lane in 0..<count { destination[lane] = self[lane] }
      return
    }
    (destination[0], destination[1], destination[2], destination[3]) = (c0, c1, c2, c3)
    (destination[4], destination[5], destination[6], destination[7]) = (c4, c5, c6, c7)
  }
}
