import LayerFXMath

// The convolution's lane form on texel centres. With q = position × scale − 0.5 an exact whole
// number on both axes, the bilinear sample of Documentation/Semantics.md §4.2 is
// t + (t′ − t) × 0 per row and then per column: for finite texels whose differences are finite
// that is t itself (up to the sign of a zero, which a sum started from +0 never keeps), so
// summing texels read in place, in the same order with the same operations, gives the bilinear
// lanes' bytes.
extension ConvolutionPass {
  /// The texels between neighbouring taps in `layer` when every tap of every pixel lands on a
  /// texel centre and reading texels in place gives the bilinear sample's bytes; `nil`
  /// otherwise.
  ///
  /// That holds when the taps land on texel centres (`Layer.texelStride(spacing:reach:)`) and
  /// every texel channel has a magnitude of at most 2¹²⁶ (finite, with finite differences, so
  /// `(t′ − t) × 0` is a zero).
  ///
  /// - Complexity: O(width × height) reads of the layer's texels, once per pass and render.
  func texelStride(in layer: Layer) -> Int? {
    guard let stride = layer.texelStride(spacing: spacing, reach: reach) else { return nil }
    return layer.storage.hasBoundedTexels ? stride : nil
  }

  /// Shades a run of a row from texels read in place, taps `stride` texels apart; a run with a
  /// margin (a padded destination) takes the bilinear lanes.
  func shadeTexels(_ row: LayerRow, stride: Int) {
    let run = row.run
    guard run.margin == .zero, run.row >= 0, run.row < row.layer.height else {
      row.shade(self, lanes: FloatLanes8.self)
      return
    }
    weights.withUnsafeBufferPointer { weights in
      switch axis {
      case .horizontal:
        TexelRow(row, weights, stride: stride, isPadded: row.layer.padding.x > 0)
          .convolveAlongRow()
      case .vertical:
        TexelRow(row, weights, stride: stride, isPadded: row.layer.padding.y > 0)
          .convolveAlongColumns()
      }
    }
  }
}

/// One run's texel-centre convolution: the layer's texels, the run, the taps.
private struct TexelRow {
  let storage: LayerStorage
  let run: RowRun
  let weights: UnsafeBufferPointer<Float>
  let stride: Int
  /// Whether the pass's axis is padded: taps beyond the image read transparent black there,
  /// and the image's edge texel (clamp to edge) along an axis without padding.
  let isPadded: Bool

  init(_ row: LayerRow, _ weights: UnsafeBufferPointer<Float>, stride: Int, isPadded: Bool) {
    storage = row.layer.storage
    run = row.run
    self.weights = weights
    self.stride = stride
    self.isPadded = isPadded
  }

  var reach: Int { weights.count / 2 }

  /// Texel `index` of a line of `count` texels along the pass's axis, or `nil` for a
  /// transparent one: clamped to the line when the axis has no padding.
  func line(_ index: Int, count: Int) -> Int? {
    guard index < 0 || index >= count else { return index }
    return isPadded ? nil : Swift.min(Swift.max(index, 0), count - 1)
  }

  /// A horizontal pass: pixels whose taps all lie inside the row are summed eight at a time,
  /// the rest one at a time.
  func convolveAlongRow() {
    let width = storage.width
    let rowTexels = storage.texels + run.row * storage.rowLength
    let span = reach * stride
    let first = run.column
    let end = run.column + run.count
    // The pixels whose taps all lie inside the row: span ≤ column < width − span.
    let lower = Swift.min(Swift.max(first, span), end)
    let interior = lower..<Swift.max(lower, Swift.min(end, width - span))
    for column in first..<interior.lowerBound { pixelAlongRow(column, rowTexels, width: width) }
    var column = interior.lowerBound
    while column + 8 <= interior.upperBound {
      sumTexels(count: 8, at: column - first) { tap in rowTexels + column + (tap - reach) * stride }
      column += 8
    }
    while column + 2 <= interior.upperBound {
      sumTexels(count: 2, at: column - first) { tap in rowTexels + column + (tap - reach) * stride }
      column += 2
    }
    for column in column..<end { pixelAlongRow(column, rowTexels, width: width) }
  }

  private func pixelAlongRow(_ column: Int, _ rowTexels: UnsafePointer<half4>, width: Int) {
    var sum = half4.zero
    for tap in 0..<weights.count {
      guard let x = line(column + (tap - reach) * stride, count: width) else { continue }
      sum = sum + rowTexels[x] * weights[tap]
    }
    run.destination[column - run.column] = sum
  }

  /// A vertical pass: every pixel's taps are rows of the same column, so the run is summed
  /// eight pixels at a time across its whole length, skipping taps on transparent rows.
  func convolveAlongColumns() {
    let height = storage.height
    withUnsafeTemporaryAllocation(of: Int.self, capacity: weights.count) { rows in
      for tap in 0..<weights.count {
        rows[tap] = line(run.row + (tap - reach) * stride, count: height) ?? -1
      }
      let base = storage.texels + run.column
      var done = 0
      while done + 8 <= run.count {
        sumColumns(count: 8, at: done, base: base, rows: rows)
        done += 8
      }
      while done + 2 <= run.count {
        sumColumns(count: 2, at: done, base: base, rows: rows)
        done += 2
      }
      if done < run.count { sumColumns(count: 1, at: done, base: base, rows: rows) }
    }
  }

  private func sumColumns(
    count: Int, at offset: Int, base: UnsafePointer<half4>, rows: UnsafeMutableBufferPointer<Int>
  ) {
    if count == 1 {
      var sum = half4.zero
      for tap in 0..<weights.count where rows[tap] >= 0 {
        sum = sum + base[rows[tap] * storage.rowLength + offset] * weights[tap]
      }
      run.destination[offset] = sum
      return
    }
    sumTexels(count: count, at: offset, skipping: { rows[$0] < 0 }) { tap in
      base + rows[tap] * storage.rowLength + offset
    }
  }

  /// Stores at destination offset `offset` the sums over taps of `count` (2 or 8) consecutive
  /// texels from `texels(tap)` times the tap's weight, in tap order from 0, two texels per
  /// 8-float vector (channels interleaved, so each channel sums as the bilinear lanes do).
  @inline(__always)
  private func sumTexels(
    count: Int, at offset: Int, skipping skips: (Int) -> Bool = { _ in false },
    _ texels: (Int) -> UnsafePointer<half4>
  ) {
    let destination = UnsafeMutableRawPointer(run.destination + offset)
    var s0 = SIMD8<Float>(), s1 = SIMD8<Float>(), s2 = SIMD8<Float>(), s3 = SIMD8<Float>()
    for tap in 0..<weights.count where !skips(tap) {
      let w = SIMD8<Float>(repeating: weights[tap])
      let p = UnsafeRawPointer(texels(tap))
      s0 = s0 + p.loadUnaligned(as: SIMD8<Float>.self) * w
      if count == 8 {
        s1 = s1 + p.loadUnaligned(fromByteOffset: 32, as: SIMD8<Float>.self) * w
        s2 = s2 + p.loadUnaligned(fromByteOffset: 64, as: SIMD8<Float>.self) * w
        s3 = s3 + p.loadUnaligned(fromByteOffset: 96, as: SIMD8<Float>.self) * w
      }
    }
    destination.storeBytes(of: s0, as: SIMD8<Float>.self)
    guard count == 8 else { return }
    destination.storeBytes(of: s1, toByteOffset: 32, as: SIMD8<Float>.self)
    destination.storeBytes(of: s2, toByteOffset: 64, as: SIMD8<Float>.self)
    destination.storeBytes(of: s3, toByteOffset: 96, as: SIMD8<Float>.self)
  }
}
