import LayerFXMath

extension LayerRow {
  /// Shades the run with an offset-tap effect: its pixels whose taps read the layer's interior
  /// translated through ``OffsetTapEffect/shadeOffsetTaps(_:)``, the rest (near the image's
  /// edges, or the whole run where the taps vary) with the bilinear lanes at width `F`.
  @inlinable @inline(__always)
  func shade<K: OffsetTapEffect, F: PixelLanes>(
    offsetTaps kernel: K, columns: OffsetTapColumns, lanes: F.Type
  ) {
    guard let pixels = withOffsetTapRuns(kernel.tapOffsets, columns, kernel.shadeOffsetTaps)
    else {
      shade(kernel, lanes: F.self)
      return
    }
    if pixels.lowerBound > 0 { part(0..<pixels.lowerBound).shade(kernel, lanes: F.self) }
    if pixels.upperBound < run.count {
      part(pixels.upperBound..<run.count).shade(kernel, lanes: F.self)
    }
  }

  /// Pixels of one ``OffsetTapRun``: the texel rows' channel planes (4 KiB a row) stay in the
  /// L1 cache while every tap reads them.
  @usableFromInline static var offsetTapRunLength: Int { 256 }

  /// Calls `shade` with ``OffsetTapRun``s covering the run's pixels (offsets in the run) whose
  /// taps, `offsets` points from each pixel's position, read the layer's interior translated,
  /// and returns those pixels; `nil` when they are no whole batch of eight, the taps are `nil`,
  /// more than eight or too far apart, or on a padded destination or a checked render.
  ///
  /// A batch of eight pixels takes part where every tap's cells lie inside the image on
  /// consecutive columns, the same columns relative to the pixels in every batch
  /// (``OffsetTapColumns``); each tap's row and weight down come from the lane sampler's
  /// arithmetic (``Layer/axisCells(_:_:_:)``) on the body's position plus the offset.
  @usableFromInline
  func withOffsetTapRuns(
    _ offsets: [float2]?, _ columns: OffsetTapColumns, _ shade: (OffsetTapRun) -> Void
  ) -> Range<Int>? {
    guard layer.probe == nil, run.margin == .zero, let offsets, (1...8).contains(offsets.count),
      run.count >= 8, let layout = columns.layout(of: self, offsets: offsets),
      let taps = offsetTapRows(offsets, layout)
    else { return nil }
    shadeOffsetTaps(taps, layout, shade)
    return layout.pixels
  }

  /// Each tap's top row, weight down and column, or `nil` when a tap's cells leave the image
  /// along y.
  private func offsetTapRows(_ offsets: [float2], _ layout: OffsetTapColumns.Layout)
    -> [OffsetTap]?
  {
    // RowRun.forEachPosition's position, plus each tap's offset.
    let y = (Float(run.row) - Float(run.margin.y) + 0.5) / run.scale
    var taps: [OffsetTap] = []
    for (offset, column) in zip(offsets, layout.columns) {
      let rows = layer.axisCells(
        SIMD8(repeating: y + offset.y), layer.lowerBound.y, layer.upperBound.y)
      guard rows.cell[0] >= 0, rows.cell[0] < layer.storage.lastInteriorCell.y else {
        return nil
      }
      taps.append(OffsetTap(row: Int(rows.index[0]), weightY: rows.weight[0], column: column))
    }
    return taps
  }

  /// Runs `shade` over `layout.pixels` in ``OffsetTapRun``s of up to ``offsetTapRunLength``
  /// pixels, each run's texel rows transposed into channel planes first.
  private func shadeOffsetTaps(
    _ taps: [OffsetTap], _ layout: OffsetTapColumns.Layout, _ shade: (OffsetTapRun) -> Void
  ) {
    // The texel rows the taps read, ascending: each tap's row and the row below.
    let rows = Set(taps.flatMap { [$0.row, $0.row + 1] }).sorted()
    let (leftmost, spread) = (layout.leftmostColumn, layout.columnSpread)
    let planeLength = Self.offsetTapRunLength + spread + 1
    let rowLength = 4 * planeLength
    let weightsLength = layout.weights.count / taps.count
    withUnsafeTemporaryAllocation(of: Float.self, capacity: rows.count * rowLength) { buffer in
      withUnsafeTemporaryAllocation(of: OffsetTapCells.self, capacity: taps.count) { cells in
        layout.weights.withUnsafeBufferPointer { weights in
          guard let planes = buffer.baseAddress, let cells = cells.baseAddress,
            let weights = weights.baseAddress
          else { return }
          var start = layout.pixels.lowerBound
          while start < layout.pixels.upperBound {
            let end = Swift.min(start + Self.offsetTapRunLength, layout.pixels.upperBound)
            // Columns leftmost + start … rightmost + end: each tap's cells and the texels right
            // of them.
            let span = end - start + spread + 1
            for (slot, row) in rows.enumerated() {
              let source = layer.pointer(row: row, column: leftmost + start)
              let plane = planes + slot * rowLength
              TexelRun.forEachBatch(of: span) { column in
                let t = source + column
                let colour = _planes(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7])
                colour.x.store(to: plane + column)
                colour.y.store(to: plane + planeLength + column)
                colour.z.store(to: plane + 2 * planeLength + column)
                colour.w.store(to: plane + 3 * planeLength + column)
              }
            }
            for (index, tap) in taps.enumerated() {
              let column = tap.column - leftmost
              let top = rows.firstIndex(of: tap.row).unsafelyUnwrapped * rowLength + column
              let bottom = rows.firstIndex(of: tap.row + 1).unsafelyUnwrapped * rowLength + column
              (cells + index).initialize(
                to: OffsetTapCells(
                  top: planes + top, bottom: planes + bottom,
                  weightX: weights + index * weightsLength + start, weightY: tap.weightY))
            }
            shade(
              OffsetTapRun(
                count: end - start, taps: cells, planeLength: planeLength,
                destination: run.destination + start))
            start = end
          }
        }
      }
    }
  }
}

/// One tap of a row's offset-tap runs: its cells' top row and weight down, and the image
/// column of the run's first pixel's cell.
private struct OffsetTap {
  let row: Int
  let weightY: Float
  let column: Int
}
