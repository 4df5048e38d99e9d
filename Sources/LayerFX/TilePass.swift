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

  /// Shades `columns × rows` with the lane form: one ``LaneRow`` call per row of the tile,
  /// in which the kernel's eight-pixel body runs inlined.
  func shadeLanes(columns: Range<Int>, rows: Range<Int>) {
    guard let lanes else { return }
    // Taken out of the enum once per tile, as in `shadePixels`.
    let shadeRow: @Sendable (LaneRow) -> Void
    switch lanes {
    case .layer(let body), .distortion(let body), .color(let body): shadeRow = body
    }
    for y in rows {
      output.withPointer(at: y * width + columns.lowerBound, count: columns.count) {
        shadeRow(
          LaneRow(
            layer: layer, destination: $0, count: $1, column: columns.lowerBound, row: y,
            margin: margin))
      }
    }
  }
}
