import LayerFXMath

/// The positions of the eight pixels that a lane kernel shades at once, in points.
///
/// Lane `i` holds the position `(x[i], y[i])`; the renderer fills the lanes with consecutive
/// pixels of one row (origin top-left, y down, pixel centres as in semantics.md §2). Lanes past
/// the end of a row hold the positions that pixels there would have; their results are dropped.
public struct LanePosition: Sendable {
  /// The x coordinates, points.
  public var x: SIMD8<Float>
  /// The y coordinates, points.
  public var y: SIMD8<Float>

  /// Creates lane positions from their coordinates in points.
  @inlinable
  public init(x: SIMD8<Float>, y: SIMD8<Float>) {
    self.x = x
    self.y = y
  }
}
