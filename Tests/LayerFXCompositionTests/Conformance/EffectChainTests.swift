import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

/// A colour effect that multiplies every premultiplied channel by `gain`, so a gain of 3 drives
/// channels past 1: the case where the clamp between passes matters.
private let brighten = ShaderFunction(
  name: "brighten", kind: .color,
  parameters: [.init("gain", .float, unit: .fraction, defaultValue: .float(1))]
) { arguments throws(ShaderArgumentError) in
  let gain = half(try arguments.float("gain"))
  return .color { _, color in color * gain }
}

/// A layer effect that reads the layer one point to the right, with that offset declared.
private let shiftLeft = ShaderFunction(
  name: "shiftLeft", kind: .layer, parameters: [], maxSampleOffset: { _ in float2(1, 0) }
) { _ in
  .layer { position, layer in layer.sample(position + float2(1, 0)) }
}

/// Each premultiplied channel clamped to [0, 1], written out here from Documentation/Semantics.md §3 rather
/// than borrowed from the code under test.
private func clamped(_ image: Image) -> Image {
  var result = image
  result.pixels = image.pixels.map { pixel in
    half4(
      min(max(pixel.x, 0), 1), min(max(pixel.y, 0), 1), min(max(pixel.z, 0), 1),
      min(max(pixel.w, 0), 1))
  }
  return result
}

@Suite struct EffectChainTests {
  let input = Image.testCard(width: 24, height: 16)
  let renderer = Renderer(threadCount: 1)

  @Test("a two-pass chain equals two single applies with the premultiplied clamp between")
  func twoPasses() throws {
    let chain = EffectChain([
      AnimatedEffect(brighten, arguments: [("gain", .float(3))]), AnimatedEffect(shiftLeft),
    ])
    let frame = try ChainRenderer(image: input, chain: chain, renderer: renderer).frame(at: 0)
    let first = renderer.render(
      RenderRequest(
        try brighten(.float(3)).prepared(sizeInPoints: input.sizeInPoints), source: .image(input))
    ).image
    let second = renderer.render(
      RenderRequest(
        try shiftLeft().prepared(sizeInPoints: input.sizeInPoints), source: .image(clamped(first)))
    ).image
    // Exact equality is the claim: the same passes over the same values.
    #expect(frame.image.pixels == second.pixels)
    // And the clamp mattered: without it the first pass's 3× values would pass through.
    let unclamped = renderer.render(
      RenderRequest(
        try shiftLeft().prepared(sizeInPoints: input.sizeInPoints), source: .image(first))
    ).image
    #expect(frame.image.pixels != unclamped.pixels)
  }

  @Test("a chain with nothing to draw gives the input, bit for bit")
  func nothingToDraw() throws {
    let chain = EffectChain([AnimatedEffect(brighten, isEnabled: false)])
    let frame = try ChainRenderer(image: input, chain: chain).frame(at: 1)
    #expect(frame.image == input)
  }

  @Test("each trigger replays the timeline: one ripple pass per tap inside (0, duration)")
  func triggerReplay() throws {
    let start = ParameterValues(defaultsOf: .ripple)
    let effect = AnimatedEffect(
      .ripple,
      timeline: KeyframeTimeline(
        initialValue: start, clock: ParameterValues.keyPath("time"), duration: 2),
      triggers: [.init(time: 0, payload: float2(3, 4)), .init(time: 1, payload: float2(9, 9))],
      duration: 2)
    let size = float2(24, 16)
    // At 0.5 s only the first tap has started; at 1 s the second is at time 0, not drawn.
    #expect(try effect.passes(at: 0.5, sizeInPoints: size).count == 1)
    #expect(try effect.passes(at: 1, sizeInPoints: size).count == 1)
    let both = try effect.passes(at: 1.5, sizeInPoints: size)
    #expect(both.count == 2)
    // Tap order, each with its own clock (1.5 s and 0.5 s) and its own point.
    #expect(try both.map { try $0.arguments.float("time") } == [1.5, 0.5])
    #expect(try both.map { try $0.arguments.float2("origin") } == [float2(3, 4), float2(9, 9)])
    // The first tap's time reaches the duration at 2 s: no longer drawn.
    #expect(
      try effect.passes(at: 2, sizeInPoints: size).map { try $0.arguments.float("time") }
        == [1])
    // maxSampleOffset = |amplitude| (Documentation/Semantics.md §5), Apple's 12 points.
    #expect(both.allSatisfy { $0.maxSampleOffset == float2(12, 12) })
    #expect(effect.endTime == 3)
  }

  @Test("a keyframed amplitude pads every pass by its own value at that time")
  func keyframedOffset() throws {
    let start = ParameterValues(defaultsOf: .ripple)
    let timeline = try KeyframeTimeline(initialValue: start) {
      KeyframeTrack(ParameterValues.keyPath("time")) { LinearKeyframe(4.0, duration: 4) }
      KeyframeTrack(ParameterValues.keyPath("amplitude")) { LinearKeyframe(400.0, duration: 4) }
    }
    let effect = AnimatedEffect(
      .ripple, timeline: timeline, triggers: [.init(time: 0, payload: .zero)], duration: 4)
    // Linear 12 → 400 over 4 s: at 3 s, 12 + 388 × 3/4 = 303.
    let pass = try #require(try effect.passes(at: 3, sizeInPoints: float2(8, 8)).first)
    #expect(abs(pass.maxSampleOffset.x - 303) <= 1e-3)
  }

  @Test("a frame schedule puts frame k at k / fps and covers a duration with ⌈d × fps⌉ frames")
  func schedule() {
    let schedule = FrameSchedule(fps: 4, frameCount: 3)
    #expect(schedule.times == [0, 0.25, 0.5])
    #expect(FrameSchedule.frameCount(covering: 3, fps: 10) == 30)
    #expect(FrameSchedule.frameCount(covering: 0.31, fps: 10) == 4)
    #expect(FrameSchedule.frameCount(covering: 0, fps: 10) == 1)
  }

  @Test("a chain's frame does not depend on tiles or threads")
  func tilingIndependence() throws {
    let chain = EffectChain([
      .triggered(
        .ripple, duration: 1,
        triggers: [.init(time: 0, payload: float2(6, 5)), .init(time: 0.1, payload: float2(18, 9))]),
      AnimatedEffect(brighten, arguments: [("gain", .float(1.5))]),
    ])
    let reference = try ChainRenderer(image: input, chain: chain, renderer: renderer).frame(at: 0.3)
    for (tileSize, threads) in [(1, 1), (7, 2), (64, 2), (nil, 2)] as [(Int?, Int)] {
      let frame = try ChainRenderer(
        image: input, chain: chain, renderer: Renderer(tileSize: tileSize, threadCount: threads)
      ).frame(at: 0.3)
      #expect(frame.image.pixels == reference.image.pixels, "tile \(String(describing: tileSize))")
    }
  }

  @Test("the enabled window reads a fixed clock argument when one is given")
  func fixedClockWindow() throws {
    let outside = AnimatedEffect(
      .ripple, arguments: [("origin", .float2(.zero)), ("time", .float(5))], duration: 3)
    let inside = AnimatedEffect(
      .ripple, arguments: [("origin", .float2(.zero)), ("time", .float(1))], duration: 3)
    #expect(try outside.passes(at: 1, sizeInPoints: float2(4, 4)).isEmpty)
    #expect(try inside.passes(at: 9, sizeInPoints: float2(4, 4)).count == 1)
  }
}
