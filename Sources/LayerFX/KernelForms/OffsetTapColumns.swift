import CLaneShuffle
import LayerFXMath
import Synchronization

/// Where an offset-tap effect's taps read along x (``OffsetTapEffect``), for each shape of run
/// it has shaded: made for the first row of a shape and kept, since it depends on the run's
/// columns, the layer's width, padding and scale and the taps, not on the row (at 3840 × 2160
/// the weights made again for every row took a fifth of emboss's time).
///
/// One per prepared shader's lane form, shared by its threads.
@usableFromInline
final class OffsetTapColumns: Sendable {
  /// The shapes seen, at most ``capacity`` (a render in small tiles has one per tile column).
  private let layouts = Mutex<[Key: Layout]>([:])
  private static var capacity: Int { 1024 }

  @usableFromInline init() {}

  /// What a run's shape depends on: the run's columns, the layer's width, clamp bounds and
  /// scale, and the taps' x offsets, as bit patterns.
  private struct Key: Hashable {
    let column: Int
    let count: Int
    let width: Int
    let bounds: SIMD2<UInt32>
    let scale: UInt32
    let offsets: [UInt32]
  }

  /// Each tap's cells along x over a run's whole batches, and the batches every tap reads
  /// inside.
  struct Layout: Sendable {
    /// Per tap, the image column of the run's first pixel's cell.
    let columns: [Int]
    /// Per tap, the weight across of each pixel of the whole batches, tap after tap.
    let weights: [Float]
    /// The pixels (offsets in the run) whose batches every tap reads inside: whole batches.
    let pixels: Range<Int>

    /// The leftmost tap's column.
    var leftmostColumn: Int { columns.min() ?? 0 }
    /// Columns from the leftmost tap's cells to the rightmost's.
    var columnSpread: Int { (columns.max() ?? 0) - leftmostColumn }
  }

  /// The most texel columns between the leftmost and the rightmost tap's cells of a pixel for
  /// which a run's texel rows are transposed (further apart, the bilinear lanes read only the
  /// texels they blend).
  private static var largestColumnSpread: Int { 1024 }

  /// The layout of `row`'s run for taps `offsets` (points), made if new; `nil` when no batch of
  /// eight reads the image's interior translated along x for every tap, or the taps' columns
  /// lie too far apart.
  func layout(of row: LayerRow, offsets: [float2]) -> Layout? {
    let layer = row.layer
    let key = Key(
      column: row.run.column, count: row.run.count, width: layer.width,
      bounds: SIMD2(layer.lowerBound.x.bitPattern, layer.upperBound.x.bitPattern),
      scale: row.run.scale.bitPattern, offsets: offsets.map(\.x.bitPattern))
    if let layout = layouts.withLock({ $0[key] }) { return layout }
    let layout = Self.makeLayout(of: row, offsets: offsets)
    layouts.withLock { layouts in
      if layouts.count >= Self.capacity { layouts.removeAll(keepingCapacity: true) }
      layouts[key] = layout
    }
    return layout
  }

  /// Each tap's cells along x from the lane sampler's own arithmetic (``Layer/axisCells(_:_:_:)``)
  /// on the positions ``RowRun/forEachPosition(in:laneOffsets:_:)`` gives the body, plus the
  /// offset, so the weights are the body's samples' bit for bit.
  private static func makeLayout(of row: LayerRow, offsets: [float2]) -> Layout? {
    let (layer, run) = (row.layer, row.run)
    let batches = run.count / 8
    let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
    var weights = [Float](repeating: 0, count: offsets.count * batches * 8)
    var columns: [Int] = []
    var (first, end) = (0, batches)
    for (tap, offset) in offsets.enumerated() {
      // The image column of pixel 0's cell, as a float (exact: the layer is below 2²² wide).
      var column: Float?
      var (tapFirst, tapEnd, passed) = (batches, 0, false)
      for batch in 0..<batches {
        let pixel = batch * 8
        let x =
          ((SIMD8(repeating: Float(run.column + pixel)) + lanes) - Float(run.margin.x) + 0.5)
          / run.scale + offset.x
        let cells = layer.axisCells(x, layer.lowerBound.x, layer.upperBound.x)
        for lane in 0..<8 { weights[(tap * batches + batch) * 8 + lane] = cells.weight[lane] }
        // Batches reading outside the image only before and after those inside. Compared as
        // floats, whose lane compares vectorise (Layer.cells(x:y:)).
        let cell = cells.cell
        let inside = (cell .>= 0) .& (cell .< layer.storage.lastInteriorCell.x)
        guard lfx_all_lanes(unsafeBitCast(inside, to: SIMD8<Int32>.self)) != 0 else {
          passed = tapEnd > 0
          continue
        }
        // Inside, every batch reads the eight columns from the same one relative to its pixels.
        let origin = column ?? (cell[0] - Float(pixel))
        let translated = cell .== SIMD8(repeating: origin + Float(pixel)) + lanes
        guard !passed, lfx_all_lanes(unsafeBitCast(translated, to: SIMD8<Int32>.self)) != 0
        else { return nil }
        column = origin
        if tapEnd == 0 { tapFirst = batch }
        tapEnd = batch + 1
      }
      guard let column else { return nil }
      (first, end) = (Swift.max(first, tapFirst), Swift.min(end, tapEnd))
      columns.append(Int(column))
    }
    guard first < end else { return nil }
    let layout = Layout(columns: columns, weights: weights, pixels: (first * 8)..<(end * 8))
    return layout.columnSpread <= largestColumnSpread ? layout : nil
  }
}
