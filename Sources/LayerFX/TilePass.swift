import LayerFXMath

/// One render's per-tile work: shades the pixels of a tile into the shared destination, with
/// the kernel's closure form or its lane form.
///
/// Pixel `(x, y)` of the destination sits at `((x − margin.x + 0.5) / s, (y − margin.y + 0.5) / s)`
/// points; both forms compute it with the same operations, so their positions are identical.
struct TilePass: Sendable {
  let kernel: EffectKernel
  let lanes: LaneKernel?
  let layer: Layer
  /// The destination's width in pixels.
  let width: Int
  /// The destination's margin around the source (pixels per side).
  let margin: SIMD2<Int>
  let output: TileBuffer<half4>

  /// Shades `columns × rows` pixel by pixel with the closure form, recording samples in
  /// `probe`; stores the colours only when `stores` is set (a lane render that checks sample
  /// bounds runs this pass for the record alone).
  func shadePixels(columns: Range<Int>, rows: Range<Int>, probe: SampleProbe?, stores: Bool) {
    var tileLayer = layer
    tileLayer.probe = probe
    // The kernel's closure is taken out of the enum once per tile: doing it per pixel copies it,
    // and the reference counting of a context shared by every thread stops the cores scaling.
    switch kernel {
    case .layer(let body):
      forEachPixel(columns, rows, probe: probe, stores: stores) { position, _ in
        body(position, tileLayer)
      }
    case .distortion(let body):
      forEachPixel(columns, rows, probe: probe, stores: stores) { position, _ in
        tileLayer.sample(body(position))
      }
    case .color(let body):
      forEachPixel(columns, rows, probe: probe, stores: stores) { position, pixel in
        body(position, tileLayer.texel(pixel &- margin))
      }
    }
  }

  private func forEachPixel(
    _ columns: Range<Int>, _ rows: Range<Int>, probe: SampleProbe?, stores: Bool,
    _ shade: (float2, SIMD2<Int>) -> half4
  ) {
    let scale = layer.scale
    let offset = SIMD2<Float>(Float(margin.x), Float(margin.y))
    for y in rows {
      let py = (Float(y) - offset.y + 0.5) / scale
      for x in columns {
        let position = float2((Float(x) - offset.x + 0.5) / scale, py)
        probe?.begin(pixel: SIMD2(x, y), position: position)
        let color = shade(position, SIMD2(x, y))
        if stores { output[y * width + x] = color }
      }
    }
  }

  /// Shades `columns × rows` eight pixels of a row at a time with the lane form.
  ///
  /// The last batch of a row computes lanes past its end and drops them.
  func shadeLanes(columns: Range<Int>, rows: Range<Int>) {
    switch lanes {
    case .layer(let body):
      forEachBatch(columns, rows) { position, _ in body(position, layer) }
    case .distortion(let body):
      forEachBatch(columns, rows) { position, _ in layer.sample(body(position)) }
    case .color(let body):
      forEachBatch(columns, rows) { position, pixel in
        body(position, layer.texels(row: pixel.y - margin.y, column: pixel.x - margin.x))
      }
    case nil:
      return
    }
  }

  private func forEachBatch(
    _ columns: Range<Int>, _ rows: Range<Int>, _ shade: (LanePosition, SIMD2<Int>) -> LaneColor
  ) {
    let scale = layer.scale
    let offset = SIMD2<Float>(Float(margin.x), Float(margin.y))
    let laneIndex = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
    for y in rows {
      let py = SIMD8<Float>(repeating: (Float(y) - offset.y + 0.5) / scale)
      for x in stride(from: columns.lowerBound, to: columns.upperBound, by: 8) {
        // Float(x) + lane is exact (x < 2²⁴), so each lane's position is bit-identical to the
        // closure form's `(Float(x + lane) − offset.x + 0.5) / scale`.
        let position = LanePosition(
          x: (SIMD8(repeating: Float(x)) + laneIndex - offset.x + 0.5) / scale, y: py)
        let color = shade(position, SIMD2(x, y))
        output.withPointer(at: y * width + x, count: min(8, columns.upperBound - x)) {
          color.store(to: $0, count: $1)
        }
      }
    }
  }
}
