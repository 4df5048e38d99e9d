import LayerFX
import LayerFXMath

extension ChainRenderer {
  /// Draws `overlays` on `frame`, the output of `passes`, in this order: the displacement heat
  /// map, the pixels beyond bounds, the tile grid, the trigger origins.
  ///
  /// - Displacement: at each pixel the largest displacement over the frame's layer and
  ///   distortion passes (`DisplacementMap`, each pass measured over the very source it read:
  ///   the input, or the previous passes' clamped output), coloured by `scale` and drawn at
  ///   ``DisplacementColorScale/opacity`` over the frame with premultiplied source-over:
  ///   `out = ½ heat + ½ frame`. Nothing is drawn when no pass samples.
  /// - Bounds: opaque magenta `(1, 0, 1, 1)` at each pixel that any pass sampled beyond its
  ///   `maxSampleOffset` (the bounds checker's rule).
  /// - Tiles: opaque cyan `(0, 1, 1, 1)` on the first column and row of every tile of
  ///   ``renderer`` (`Renderer.tileLayout(width:height:)`) except those on the image's edge.
  /// - Origins: an opaque yellow `(1, 1, 0, 1)` cross, 11 pixels wide and tall, centred on the
  ///   pixel holding each pass's `ShaderFunction.Role.position` parameter.
  ///
  /// - Parameters:
  ///   - overlays: Which overlays to draw.
  ///   - scale: The heat map's colours.
  ///   - frame: The rendered frame, premultiplied RGBA, the input's size.
  ///   - passes: The passes that rendered it.
  /// - Complexity: O(passes × width × height) for the displacement and bounds overlays, which
  ///   render each pass once more and measure it; O(width + height) per tile and per origin.
  ///   The frame's pixels are written in place (`LayerFX.Image.modifyPixels(_:)`), never
  ///   copied when the frame holds the only reference to them.
  public func drawOverlays(
    _ overlays: DebugOverlays, scale: DisplacementColorScale, on frame: inout Image,
    passes: [PreparedShader]
  ) {
    if !overlays.isDisjoint(with: [.displacement, .bounds]), let map = displacement(of: passes) {
      let opacity = DisplacementColorScale.opacity
      frame.modifyPixels { pixels in
        for index in pixels.indices {
          if overlays.contains(.displacement) {
            pixels[index] =
              scale.color(map.distances[index]) * opacity + pixels[index] * (1 - opacity)
          }
          if overlays.contains(.bounds) && map.isBeyondBounds[index] {
            pixels[index] = half4(1, 0, 1, 1)
          }
        }
      }
    }
    if overlays.contains(.tiles) { drawTileEdges(on: &frame) }
    if overlays.contains(.origins) { drawOrigins(of: passes, on: &frame) }
  }

  /// The bytes per pixel that ``drawOverlays(_:scale:on:passes:)`` holds beside the frame for
  /// the displacement and bounds overlays: a pass's source and the next one's (16 each, `Float`
  /// RGBA), the merged map (5: a `Float` distance and a flag) and one pass's map (5).
  public static let displacementBytesPerPixel = 2 * 16 + 5 + 5

  /// At each pixel the largest displacement over the layer and distortion passes and whether
  /// any sampled beyond its bounds, each pass measured over the source it read (the input, or
  /// the previous pass's output clamped, rendered once here); `nil` when no pass samples.
  private func displacement(of passes: [PreparedShader]) -> DisplacementMap? {
    var merged: DisplacementMap?
    var source = image
    for (index, pass) in passes.enumerated() {
      if let map = DisplacementMap(pass, over: source) {
        if merged == nil {
          merged = map
        } else if var combined = merged {
          merged = nil
          for pixel in combined.distances.indices {
            combined.distances[pixel] = max(combined.distances[pixel], map.distances[pixel])
            combined.isBeyondBounds[pixel] =
              combined.isBeyondBounds[pixel] || map.isBeyondBounds[pixel]
          }
          merged = combined
        }
      }
      // The next sampling pass reads this one's output, clamped, as the chain renders it.
      guard passes[(index + 1)...].contains(where: { $0.kind == .layer || $0.kind == .distortion })
      else { break }
      // The one-pass renderer goes at the end of the statement, so the output is not shared and
      // clamping it copies nothing.
      var next = ChainRenderer(image: source, chain: chain, renderer: renderer).render([pass]).image
      next.clampPremultiplied()
      source = next
    }
    return merged
  }

  private func drawTileEdges(on frame: inout Image) {
    let cyan = half4(0, 1, 1, 1)
    for tile in renderer.tileLayout(width: frame.width, height: frame.height) {
      let width = frame.width
      frame.modifyPixels { pixels in
        if tile.columns.lowerBound > 0 {
          for y in tile.rows { pixels[y * width + tile.columns.lowerBound] = cyan }
        }
        if tile.rows.lowerBound > 0 {
          for x in tile.columns { pixels[tile.rows.lowerBound * width + x] = cyan }
        }
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
      let (width, height) = (frame.width, frame.height)
      frame.modifyPixels { pixels in
        for d in -arm...arm {
          for (x, y) in [(centre.x + d, centre.y), (centre.x, centre.y + d)]
          where (0..<width).contains(x) && (0..<height).contains(y) {
            pixels[y * width + x] = yellow
          }
        }
      }
    }
  }
}
