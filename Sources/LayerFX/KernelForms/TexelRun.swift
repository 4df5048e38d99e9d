import LayerFXMath

/// A run of destination pixels of one row whose taps land on texel centres
/// (``TexelStencilEffect``): the layer's texels around it, read in place, and where its colours
/// go.
///
/// Tap `(i, j)` of the run's pixel `p` (`0 ≤ p < count`) is the texel at column `p + i × stride`
/// and row `j × stride` relative to the pixel's own; its bilinear sample is that texel, bit for
/// bit, for `|i| ≤ tapReach.x` and `|j| ≤ tapReach.y`.
///
/// Source: `Documentation/Semantics.md` §4.2.
public struct TexelRun {
  /// The run's pixels, at least 8.
  public let count: Int
  /// Texels between neighbouring taps: `tapSpacing × scale`, a whole number ≥ 0.
  public let stride: Int
  /// The texel under the run's first pixel.
  @usableFromInline let origin: UnsafePointer<half4>
  /// Texels from one row of the image to the next.
  @usableFromInline let rowLength: Int
  /// Where the run's first pixel is stored (premultiplied RGBA).
  @usableFromInline let destination: UnsafeMutablePointer<half4>

  /// The samples at eight neighbouring taps as channel planes: lane `k` the texel at column
  /// `column + k` and row `row` relative to the run's first pixel.
  ///
  /// - Parameters:
  ///   - column: Texels from the first pixel; the eight must lie within the taps of the run's
  ///     pixels, `−tapReach.x × stride … count − 1 + tapReach.x × stride` (not checked).
  ///   - row: Texels from the run's row, within `±tapReach.y × stride` (not checked).
  /// - Returns: Premultiplied RGBA, one texel per lane, lane 0 the leftmost.
  @inlinable @inline(__always)
  public func planes(column: Int, row: Int) -> Vector4<FloatLanes8> {
    let t = origin + row * rowLength + column
    return _planes(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7])
  }

  /// Stores eight colours as the run's pixels `offset … offset + 7`, lane 0 first.
  ///
  /// - Parameters:
  ///   - colour: Premultiplied RGBA as channel planes.
  ///   - offset: The first pixel, `0 … count − 8` (not checked).
  @inlinable @inline(__always)
  public func store(_ colour: Vector4<FloatLanes8>, at offset: Int) {
    FloatLanes8._store(colour, to: destination + offset, count: 8)
  }

  /// Runs `body(first)` for batches of eight of `count` (≥ 8) items from 0, the last batch
  /// moved back to end at `count` (overlapping the one before, whose items it computes again
  /// alike): eight pixels of a run, or eight taps of a row.
  ///
  /// - Parameters:
  ///   - count: Items, at least 8.
  ///   - body: Called with each batch's first item.
  @inlinable @inline(__always)
  public static func forEachBatch(of count: Int, _ body: (Int) -> Void) {
    var first = 0
    while first + 8 <= count {
      body(first)
      first += 8
    }
    if first < count { body(count - 8) }
  }
}
