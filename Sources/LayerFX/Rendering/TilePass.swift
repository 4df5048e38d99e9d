import LayerFXMath

/// One render's per-tile work: shades the pixels of a tile into the shared destination (or into
/// a worker's scratch tile, for a destination of other elements), with the kernel's closure form
/// or its lane form.
///
/// Pixel `(x, y)` of the destination sits at `((x − margin.x + 0.5) / s, (y − margin.y + 0.5) / s)`
/// points; both forms compute it with the same operations, so their positions are identical.
struct TilePass: Sendable {
  let shader: PreparedShader
  let source: TileSource
  /// The destination's margin around the source (pixels per side).
  let margin: SIMD2<Int>
  let scale: Float
  /// Where the shaded colours go: the whole destination, or one tile's scratch buffer.
  let output: TileBuffer<half4>
  /// The destination pixel that `output[0]` holds (column, row).
  let outputOrigin: SIMD2<Int>
  /// Pixels per row of `output`.
  let outputRowLength: Int

  /// The index in `output` of destination pixel `(x, y)`.
  private func outputIndex(_ x: Int, _ y: Int) -> Int {
    (y - outputOrigin.y) * outputRowLength + (x - outputOrigin.x)
  }

  /// Counts the pixels of `columns × rows`, once shaded, with a NaN or infinite channel.
  func nonFiniteCount(columns: Range<Int>, rows: Range<Int>) -> Int {
    var count = 0
    forEachRow(columns: columns, rows: rows) { row, _ in
      count += SampleBoundsReport.nonFiniteCount(in: row)
    }
    return count
  }

  /// Calls `body` with each row of the shaded tile `columns × rows` and the row's index.
  func forEachRow(
    columns: Range<Int>, rows: Range<Int>, _ body: (UnsafeBufferPointer<half4>, Int) -> Void
  ) {
    for y in rows {
      output.withPointer(at: outputIndex(columns.lowerBound, y), count: columns.count) {
        body(UnsafeBufferPointer(start: $0, count: $1), y)
      }
    }
  }

  /// Shades `columns × rows` pixel by pixel with the closure form, recording samples in
  /// `probe`; stores the colours only when `stores` is set (a lane render that checks sample
  /// bounds runs this pass for the record alone), and calls `finished` with each pixel once
  /// its samples are recorded (before the next pixel begins).
  func shadePixels(
    columns: Range<Int>, rows: Range<Int>, probe: SampleProbe?, stores: Bool,
    finished: ((SIMD2<Int>) -> Void)? = nil
  ) {
    if case .native(let kernel) = shader.lanes, let batch = kernel.pixels {
      shadeBatches(
        batch, allocate: kernel.allocateTexels, columns: columns, rows: rows, probe: probe,
        stores: stores, finished: finished)
      return
    }
    // The kernel's closure is taken out of the enum once per tile: doing it per pixel copies it,
    // and the reference counting of a context shared by every thread stops the cores scaling.
    switch (shader.kernel, source) {
    case (.layer(let body), .layer(var layer)):
      layer.probe = probe
      forEachPixel(columns, rows, probe: probe, stores: stores, finished: finished) { position, _ in
        body(position, layer)
      }
    case (.distortion(let body), .layer(var layer)):
      layer.probe = probe
      forEachPixel(columns, rows, probe: probe, stores: stores, finished: finished) { position, _ in
        layer.sample(body(position))
      }
    case (.color(let body), _):
      forEachPixel(columns, rows, probe: probe, stores: stores, finished: finished) {
        position, pixel in
        body(position, source.pixel(pixel &- margin))
      }
    case (.fill(let body), _):
      forEachPixel(columns, rows, probe: probe, stores: stores, finished: finished) { position, _ in
        body(position)
      }
    case (.layer, _), (.distortion, _):
      preconditionFailure("a layer or distortion effect renders from a layer")
    }
  }

  private func forEachPixel(
    _ columns: Range<Int>, _ rows: Range<Int>, probe: SampleProbe?, stores: Bool,
    finished: ((SIMD2<Int>) -> Void)?, _ shade: (float2, SIMD2<Int>) -> half4
  ) {
    for y in rows {
      for x in columns {
        let position = position(x, y)
        probe?.begin(pixel: SIMD2(x, y), position: position)
        let color = shade(position, SIMD2(x, y))
        if stores { output[outputIndex(x, y)] = color }
        finished?(SIMD2(x, y))
      }
    }
  }

  /// Destination pixel `(x, y)`'s position, points.
  private func position(_ x: Int, _ y: Int) -> float2 {
    float2((Float(x) - Float(margin.x) + 0.5) / scale, (Float(y) - Float(margin.y) + 0.5) / scale)
  }

  /// Shades `columns × rows` as ``shadePixels(columns:rows:probe:stores:)`` does, with the
  /// kernel's per-pixel form in batches (``RowKernel/PixelsBody``), a row per call: the same
  /// positions, and the probe told of the same pixels and samples in the same order.
  private func shadeBatches(
    _ batch: RowKernel.PixelsBody, allocate: RowKernel.Allocator?, columns: Range<Int>,
    rows: Range<Int>, probe: SampleProbe?, stores: Bool, finished: ((SIMD2<Int>) -> Void)?
  ) {
    var layer: Layer?
    if case .layer(var sourceLayer) = source {
      sourceLayer.probe = probe
      layer = sourceLayer
    }
    var positions = [float2](repeating: .zero, count: columns.count)
    var colors = [half4](repeating: .zero, count: columns.count)
    for y in rows {
      for (i, x) in columns.enumerated() {
        positions[i] = position(x, y)
        colors[i] = shader.kind == .color ? source.pixel(SIMD2(x, y) &- margin) : .zero
      }
      output.withPointer(at: outputIndex(columns.lowerBound, y), count: columns.count) {
        destination, count in
        let run = RowRun(
          destination: destination, count: count, column: columns.lowerBound, row: y,
          margin: margin, scale: scale)
        // A pixel's record is complete when the next one begins (a layer effect's samples
        // arrive during the batch, a distortion's after it). The number of pixels begun is
        // held through a pointer: as a variable captured by the sample callback it cost a
        // runtime exclusivity check per sample (`swift_beginAccess`), a third of the checker's
        // CPU time at 2,000 samples a pixel.
        positions.withUnsafeBufferPointer { positions in
          withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { counter in
            counter.initialize(repeating: 0)
            func begin(through pixel: Int) {
              while counter[0] <= pixel {
                let next = counter[0]
                if next > 0 { finished?(SIMD2(columns.lowerBound + next - 1, y)) }
                probe?.begin(pixel: SIMD2(columns.lowerBound + next, y), position: positions[next])
                counter[0] = next + 1
              }
            }
            colors.withUnsafeMutableBufferPointer { colors in
              // The worker sampled the layer itself: the probe is told where, as
              // `Layer.sample` tells it, without the layer sampled again here.
              batch(nativeRun(run, source: source, allocate: allocate), positions, colors) {
                pixel, position in
                begin(through: pixel)
                probe?.record(position)
              }
              for i in 0..<count {
                begin(through: i)
                var color = colors[i]
                if shader.kind == .distortion, let layer {
                  color = layer.sample(float2(color.x, color.y))
                }
                if stores { destination[i] = color }
              }
            }
          }
        }
        if count > 0 { finished?(SIMD2(columns.lowerBound + count - 1, y)) }
      }
    }
  }

  /// Shades `columns × rows` with the lane form: one row call per row of the tile, in which the
  /// kernel's batch body runs inlined.
  func shadeLanes(columns: Range<Int>, rows: Range<Int>) {
    guard let lanes = shader.lanes else { return }
    if case .native(let kernel) = lanes, let tile = kernel.tile, let y = rows.first {
      let count = (rows.count - 1) * outputRowLength + columns.count
      output.withPointer(at: outputIndex(columns.lowerBound, y), count: count) { pointer, _ in
        let run = RowRun(
          destination: pointer, count: columns.count, column: columns.lowerBound, row: y,
          margin: margin, scale: scale)
        let native = nativeRun(run, source: source, allocate: kernel.allocateTexels)
        tile(native, rows.count, outputRowLength, source.rowStride)
      }
      return
    }
    for y in rows {
      output.withPointer(at: outputIndex(columns.lowerBound, y), count: columns.count) {
        let run = RowRun(
          destination: $0, count: $1, column: columns.lowerBound, row: y, margin: margin,
          scale: scale)
        switch (lanes, source) {
        case (.color(let shadeRow), _):
          shadeRow(ColorRow(source: source.row(y - margin.y, from: columns.lowerBound), run: run))
        case (.layer(let shadeRow), .layer(let layer)),
          (.distortion(let shadeRow), .layer(let layer)):
          shadeRow(LayerRow(layer: layer, run: run))
        case (.fill(let shadeRow), _):
          shadeRow(run)
        case (.native(let kernel), _):
          kernel.body(nativeRun(run, source: source, allocate: kernel.allocateTexels))
        case (.layer, _), (.distortion, _):
          preconditionFailure("a layer or distortion effect renders from a layer")
        }
      }
    }
  }
}

extension TilePass {
  /// The run as a ``RowKernel`` sees it: the source row (colour effects) or the padded texels.
  private func nativeRun(_ run: RowRun, source: TileSource, allocate: RowKernel.Allocator?)
    -> RowKernel.Run
  {
    var texels: UnsafePointer<half4>?
    var pixels: UnsafePointer<half4>?
    var (rowLength, padding, size) = (0, SIMD2<Int>.zero, SIMD2<Int>.zero)
    switch source {
    case .layer(let layer):
      // Made once per layer and kept by it, so every row after the first finds it made.
      let padded = layer.storage.paddedTexels(allocate: allocate)
      texels = UnsafePointer(padded.texels)
      (rowLength, padding, size) = (
        padded.rowLength, layer.padding, SIMD2(layer.width, layer.height)
      )
      if shader.kind == .color { pixels = source.row(run.row - margin.y, from: run.column) }
    case .pixels(_, let width, let height):
      size = SIMD2(width, height)
      rowLength = width
      pixels = source.row(run.row - margin.y, from: run.column)
    case .none: break
    }
    return RowKernel.Run(
      destination: run.destination, count: run.count, column: run.column, row: run.row,
      margin: run.margin, scale: run.scale, source: pixels, texels: texels, rowLength: rowLength,
      padding: padding, size: size)
  }
}

/// Where a tile's kernel reads: the layer (layer and distortion effects), or the source
/// pixels in place (colour effects, which read only each pixel's own colour).
enum TileSource: @unchecked Sendable {
  /// A layer, which shares the source's pixels.
  case layer(Layer)
  /// `width × height` premultiplied pixels, row-major, alive for the whole render.
  case pixels(UnsafePointer<half4>, width: Int, height: Int)
  /// Nothing: a fill.
  case none

  /// The source pixel in column `pixel.x`, row `pixel.y`; transparent black outside the image.
  func pixel(_ pixel: SIMD2<Int>) -> half4 {
    switch self {
    case .layer(let layer): return layer.texel(pixel)
    case .pixels(let base, let width, let height):
      guard pixel.x >= 0, pixel.x < width, pixel.y >= 0, pixel.y < height else { return .zero }
      return base[pixel.y * width + pixel.x]
    case .none: return .zero
    }
  }

  /// Pixels from one source row to the next (0 for a fill).
  var rowStride: Int {
    switch self {
    case .layer(let layer): layer.storage.rowLength
    case .pixels(_, let width, _): width
    case .none: 0
    }
  }

  /// The source pixel in column `column` of row `row`, whose row lies inside the image.
  func row(_ row: Int, from column: Int) -> UnsafePointer<half4> {
    switch self {
    case .layer(let layer): return layer.pointer(row: row, column: column)
    case .pixels(let base, let width, _): return base + row * width + column
    case .none: preconditionFailure("a fill reads no source")
    }
  }
}
