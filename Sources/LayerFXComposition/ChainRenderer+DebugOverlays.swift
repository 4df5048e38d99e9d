import LayerFX
import LayerFXMath

extension ChainRenderer {
  /// Draws `overlays` on `frame`, the output of `passes`, in this order: the displacement heat
  /// map, the pixels beyond bounds, the tile grid, the trigger origins.
  ///
  /// - Displacement: at each pixel the largest displacement over the frame's layer and
  ///   distortion passes (``DisplacementMap``, each pass measured over the very source it read:
  ///   the input, or the previous passes' clamped output), coloured by `scale` and drawn at
  ///   ``DisplacementColorScale/opacity`` over the frame with premultiplied source-over:
  ///   `out = ½ heat + ½ frame`. Nothing is drawn when no pass samples.
  /// - Bounds: opaque magenta `(1, 0, 1, 1)` at each pixel that any pass sampled beyond its
  ///   `maxSampleOffset` (the bounds checker's rule).
  /// - Tiles: opaque cyan `(0, 1, 1, 1)` on the first column and row of every tile of
  ///   ``renderer`` (``Renderer/tileLayout(width:height:)``) except those on the image's edge.
  /// - Origins: an opaque yellow `(1, 1, 0, 1)` cross, 11 pixels wide and tall, centred on the
  ///   pixel holding each pass's ``ShaderFunction/Role/position`` parameter.
  ///
  /// - Parameters:
  ///   - overlays: Which overlays to draw.
  ///   - scale: The heat map's colours.
  ///   - frame: The rendered frame, premultiplied RGBA, the input's size.
  ///   - passes: The passes that rendered it.
  /// - Complexity: O(passes² × width × height) for the displacement and bounds overlays, which
  ///   render each pass's source again; O(width + height) per tile and per origin.
  public func drawOverlays(
    _ overlays: DebugOverlays, scale: DisplacementColorScale, on frame: inout Image,
    passes: [PreparedShader]
  ) {
    if !overlays.isDisjoint(with: [.displacement, .bounds]),
      let maps = displacementMaps(passes)
    {
      for index in frame.pixels.indices {
        if overlays.contains(.displacement) {
          let distance = maps.map { $0.distances[index] }.max() ?? 0
          let opacity = DisplacementColorScale.opacity
          frame.pixels[index] =
            scale.color(distance) * opacity + frame.pixels[index] * (1 - opacity)
        }
        if overlays.contains(.bounds) && maps.contains(where: { $0.isBeyondBounds[index] }) {
          frame.pixels[index] = half4(1, 0, 1, 1)
        }
      }
    }
    if overlays.contains(.tiles) { drawTileEdges(on: &frame) }
    if overlays.contains(.origins) { drawOrigins(of: passes, on: &frame) }
  }

  /// One map per layer or distortion pass, each over the source that pass read; `nil` when no
  /// pass samples.
  private func displacementMaps(_ passes: [PreparedShader]) -> [DisplacementMap]? {
    var maps: [DisplacementMap] = []
    for (index, pass) in passes.enumerated() where pass.kind == .layer || pass.kind == .distortion {
      var source = image
      if index > 0 {
        source = render(Array(passes.prefix(index))).image
        source.clampPremultiplied()
      }
      if let map = DisplacementMap(pass, over: source) { maps.append(map) }
    }
    return maps.isEmpty ? nil : maps
  }

  private func drawTileEdges(on frame: inout Image) {
    let cyan = half4(0, 1, 1, 1)
    for tile in renderer.tileLayout(width: frame.width, height: frame.height) {
      if tile.columns.lowerBound > 0 {
        for y in tile.rows { frame.pixels[y * frame.width + tile.columns.lowerBound] = cyan }
      }
      if tile.rows.lowerBound > 0 {
        for x in tile.columns { frame.pixels[tile.rows.lowerBound * frame.width + x] = cyan }
      }
    }
  }

  private func drawOrigins(of passes: [PreparedShader], on frame: inout Image) {
    let yellow = half4(1, 1, 0, 1)
    let arm = 5
    for pass in passes {
      guard let name = pass.function.parameter(role: .position)?.name,
        let point = try? pass.arguments.float2(name)
      else { continue }
      let pixel = (point * frame.scale).rounded(.down)
      guard pixel.x.isFinite, pixel.y.isFinite, abs(pixel.x) < 1e9, abs(pixel.y) < 1e9 else {
        continue
      }
      let centre = SIMD2(Int(pixel.x), Int(pixel.y))
      for d in -arm...arm {
        for (x, y) in [(centre.x + d, centre.y), (centre.x, centre.y + d)]
        where (0..<frame.width).contains(x) && (0..<frame.height).contains(y) {
          frame.pixels[y * frame.width + x] = yellow
        }
      }
    }
  }
}
