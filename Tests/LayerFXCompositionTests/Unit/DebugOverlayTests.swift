import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

/// Every channel within `tolerance` of `expected`.
private func isClose(_ actual: half4, _ expected: half4, tolerance: Float = 1e-5) -> Bool {
  all(abs(actual - expected) .<= half4(repeating: tolerance))
}

@Suite struct DebugOverlayTests {
  let renderer = Renderer(threadCount: 1)

  /// One frame of `chain` over `image` at `time` with `overlays` drawn.
  private func frame(
    _ chain: EffectChain, over image: Image, at time: Double = 0, overlays: DebugOverlays,
    renderer: Renderer? = nil
  ) throws -> Image {
    let chainRenderer = ChainRenderer(
      image: image, chain: chain, renderer: renderer ?? self.renderer)
    let passes = try chainRenderer.checkedPasses(at: [time])
    var image = chainRenderer.render(passes[0]).image
    chainRenderer.drawOverlays(
      overlays, scale: DisplacementColorScale(passes: passes), on: &image, passes: passes[0])
    return image
  }

  /// The offset distortion by (3, 4) points, declaring `declared` as its maxSampleOffset.
  private func offsetChain(declared: float2) -> EffectChain {
    EffectChain([
      AnimatedEffect(
        .offset, arguments: [("x", .float(3)), ("y", .float(4))], maxSampleOffset: declared)
    ])
  }

  @Test("overlays draw in place: the frame's pixels are never copied, whatever its size")
  func drawsInPlace() throws {
    // Writing `image.pixels[i]` from another module copied every pixel at each write (0.17 s
    // at 125 × 100, 30 s at 500 × 400). A copy of an array has the capacity of its count, so a
    // frame whose pixels have twice the capacity keeps it only if no write copied them.
    let image = Image.testCard(width: 40, height: 30)
    let chain = EffectChain([
      AnimatedEffect(.offset, arguments: [("x", .float(3)), ("y", .float(4))]),
      AnimatedEffect(.twirl, arguments: [("center", .float2(float2(20, 15)))]),
    ])
    let chainRenderer = ChainRenderer(image: image, chain: chain, renderer: renderer)
    let passes = try chainRenderer.checkedPasses(at: [0])
    let rendered = chainRenderer.render(passes[0]).image
    var pixels: [half4] = []
    pixels.reserveCapacity(2 * rendered.pixels.count)
    pixels.append(contentsOf: rendered.pixels)
    var frame = Image(width: 40, height: 30, pixels: consume pixels)
    let capacity = frame.pixels.capacity
    try #require(capacity >= 2 * 40 * 30)
    chainRenderer.drawOverlays(
      [.displacement, .bounds, .tiles, .origins], scale: DisplacementColorScale(passes: passes),
      on: &frame, passes: passes[0])
    #expect(frame.pixels.capacity == capacity)
    // The same picture as drawing on the renderer's own frame.
    #expect(
      try self.frame(chain, over: image, overlays: [.displacement, .bounds, .tiles, .origins])
        == frame)
  }

  @Test("names parse in any order and print in the documented order")
  func names() {
    #expect(DebugOverlays(parsing: "tiles, origins") == [.origins, .tiles])
    #expect(
      DebugOverlays(parsing: "origins,displacement,bounds,tiles")?.names == [
        "origins", "displacement", "bounds", "tiles",
      ])
    #expect(DebugOverlays(parsing: "origin") == nil)
    #expect(DebugOverlays(parsing: "") == nil)
    // Each name once: a set holds an overlay once, so a repeat is refused (spaces as above).
    #expect(DebugOverlays(parsing: "origins, tiles,tiles ,origins") == nil)
  }

  @Test("the colour scale is blue at 0, green at half the range, red at the range and beyond")
  func colorScale() {
    let scale = DisplacementColorScale(range: 8)
    #expect(isClose(scale.color(0), half4(0, 0, 1, 1)))
    #expect(isClose(scale.color(2), half4(0, 0.5, 0.5, 1)))
    #expect(isClose(scale.color(4), half4(0, 1, 0, 1)))
    #expect(isClose(scale.color(6), half4(0.5, 0.5, 0, 1)))
    #expect(isClose(scale.color(8), half4(1, 0, 0, 1)))
    #expect(isClose(scale.color(80), half4(1, 0, 0, 1)))
    #expect(
      scale.legend(for: .displacement).hasPrefix(
        "displacement: blue 0 pt, green 4 pt, red 8 pt or more"))
  }

  @Test("an offset of (3, 4) points is a displacement of 5 everywhere, coloured at 5 / |(10, 10)|")
  func offsetDisplacement() throws {
    let chain = offsetChain(declared: float2(10, 10))
    let image = try frame(chain, over: Image(width: 12, height: 8), overlays: .displacement)
    // Hand calculation: t = 5 / √200 = 0.353553 ≤ ½, colour (0, 2t, 1 − 2t, 1) =
    // (0, 0.707107, 0.292893, 1), drawn at ½ over the transparent frame.
    let expected = half4(0, 0.353553, 0.146447, 0.5)
    #expect(image.pixels.allSatisfy { isClose($0, expected) })
  }

  @Test("a layer effect's displacement is that of its farthest sample")
  func layerDisplacement() throws {
    // Samples 1 point right and 2 points up; declares (3, 3).
    let twoSamples = ShaderFunction(
      name: "twoSamples", kind: .layer, parameters: [], maxSampleOffset: { _ in float2(3, 3) }
    ) { _ in
      .layer { position, layer in
        (layer.sample(position + float2(1, 0)) + layer.sample(position - float2(0, 2))) / 2
      }
    }
    let image = try frame(
      EffectChain([AnimatedEffect(twoSamples)]), over: Image(width: 8, height: 6),
      overlays: .displacement)
    // Hand calculation: farthest 2 points, range |(3, 3)| = √18, t = 2 / √18 = 0.471405,
    // colour (0, 0.942809, 0.057191, 1), drawn at ½ over the transparent frame.
    let expected = half4(0, 0.471405, 0.028595, 0.5)
    #expect(image.pixels.allSatisfy { isClose($0, expected) })
  }

  @Test("pixels that sample beyond maxSampleOffset are magenta")
  func bounds() throws {
    // Offset (3, 4) reads 4 points up, beyond a declared 3 on y: every pixel.
    let beyond = offsetChain(declared: float2(3, 3))
    let image = try frame(beyond, over: Image(width: 6, height: 4), overlays: .bounds)
    #expect(image.pixels.allSatisfy { $0 == half4(1, 0, 1, 1) })
    // Within (4, 4): nothing is drawn, the transparent frame stays.
    let within = offsetChain(declared: float2(4, 4))
    let clean = try frame(within, over: Image(width: 6, height: 4), overlays: .bounds)
    #expect(clean.pixels.allSatisfy { $0 == .zero })
  }

  @Test("the tile grid marks the first column and row of every tile inside the image")
  func tiles() throws {
    let input = Image.testCard(width: 10, height: 6)
    let image = try frame(
      EffectChain([]), over: input, overlays: .tiles,
      renderer: Renderer(tileSize: 4, threadCount: 1))
    // Tiles of 4 start at columns 0, 4, 8 and rows 0, 4: lines at x = 4, 8 and y = 4.
    for y in 0..<6 {
      for x in 0..<10 {
        let isEdge = x == 4 || x == 8 || y == 4
        #expect(image[x, y] == (isEdge ? half4(0, 1, 1, 1) : input[x, y]), "\(x),\(y)")
      }
    }
  }

  @Test("a trigger's origin is a yellow cross 11 pixels across, centred on its pixel")
  func origins() throws {
    let ripple = AnimatedEffect.triggered(
      .ripple, duration: 3, triggers: [.init(time: 0, payload: float2(6.5, 5.5))])
    let image = try frame(
      EffectChain([ripple]), over: Image(width: 16, height: 12), at: 0.5, overlays: .origins)
    let yellow = half4(1, 1, 0, 1)
    for d in -5...5 {
      #expect(image[6 + d, 5] == yellow)
      #expect(image[6, 5 + d] == yellow)
    }
    #expect(image[12, 5] != yellow)
    #expect(image[7, 6] != yellow)
  }
}
