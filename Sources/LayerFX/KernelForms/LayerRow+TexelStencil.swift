import LayerFXMath

extension LayerRow {
  /// Shades the run with a stencil: its pixels whose taps land on texel centres inside the image
  /// through ``TexelStencilEffect/shadeTexels(_:)``, the rest (near the image's edges, or the
  /// whole run where the taps are off texel centres) with the bilinear lanes at width `F`.
  @inlinable @inline(__always)
  func shade<K: TexelStencilEffect, F: PixelLanes>(stencil kernel: K, lanes: F.Type) {
    guard let spacing = kernel.tapSpacing,
      let (pixels, texels) = texelRun(spacing: spacing, reach: kernel.tapReach)
    else {
      shade(kernel, lanes: F.self)
      return
    }
    if pixels.lowerBound > 0 { part(0..<pixels.lowerBound).shade(kernel, lanes: F.self) }
    kernel.shadeTexels(texels)
    if pixels.upperBound < run.count {
      part(pixels.upperBound..<run.count).shade(kernel, lanes: F.self)
    }
  }

  /// The pixels `pixels` (offsets in the run) of the run, at their own positions.
  @usableFromInline
  func part(_ pixels: Range<Int>) -> LayerRow {
    LayerRow(
      layer: layer,
      run: RowRun(
        destination: run.destination + pixels.lowerBound, count: pixels.count,
        column: run.column + pixels.lowerBound, row: run.row, margin: run.margin,
        scale: run.scale))
  }

  /// The run's pixels (offsets in the run) whose taps, `(i, j) × spacing` points away for
  /// `|i| ≤ reach.x`, `|j| ≤ reach.y`, land on texel centres whose samples are their texels
  /// (``Layer/texelStride(spacing:reach:)``, ``LayerStorage/samplesAreTexels(row:columns:)``),
  /// and those pixels as a texel run; `nil` when they are fewer than eight, or on a padded
  /// destination or a checked render.
  @usableFromInline
  func texelRun(spacing: Float, reach: SIMD2<Int>) -> (Range<Int>, TexelRun)? {
    guard layer.probe == nil, run.margin == .zero,
      let stride = layer.texelStride(spacing: spacing, reach: reach.max())
    else { return nil }
    let span = reach &* stride
    let storage = layer.storage
    // Every tap and its right and lower neighbours inside the image: rows row − span.y …
    // row + span.y + 1, columns column − span.x … column + span.x + 1.
    guard run.row >= span.y, run.row + span.y + 1 < storage.height else { return nil }
    let first = Swift.max(run.column, span.x)
    let end = Swift.min(run.column + run.count, storage.width - 1 - span.x)
    guard end - first >= 8 else { return nil }
    let columns = (first - span.x)..<(end + span.x + 1)
    // Each tap row and the row below it, each row once (rows ascend; taps may share rows).
    var unchecked = Int.min
    for j in -reach.y...reach.y {
      let row = run.row + j * stride
      for checked in Swift.max(row, unchecked)..<(row + 2) {
        guard storage.samplesAreTexels(row: checked, columns: columns) else { return nil }
      }
      unchecked = row + 2
    }
    let offset = first - run.column
    return (
      offset..<(end - run.column),
      TexelRun(
        count: end - first, stride: stride, origin: layer.pointer(row: run.row, column: first),
        rowLength: storage.rowLength, destination: run.destination + offset)
    )
  }
}
