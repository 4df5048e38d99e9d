import Foundation
import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import LayerFXPNG
import Testing

/// A sample sink that records which form each frame reached it in.
private final class RecordingSampleSink: SampleFrameSink {
  let bitDepth: PNGEncoder.BitDepth
  var samples: [Int: PNGSamples] = [:]
  var images: [Int] = []

  init(bitDepth: PNGEncoder.BitDepth) { self.bitDepth = bitDepth }
  func write(_ frame: Image, index: Int) throws { images.append(index) }
  func write(_ samples: PNGSamples, index: Int) throws { self.samples[index] = samples }
  func finish() throws {}
}

/// A sample sink done with each frame's samples when its write returns, as a raw stream is: it
/// copies the bytes and notes where they lay.
private final class CopyingSampleSink: SampleFrameSink {
  var frames: [[UInt8]] = []
  var addresses: [UInt] = []
  let bitDepth = PNGEncoder.BitDepth.eight
  let releasesSamplesOnReturn = true

  func write(_ frame: Image, index: Int) throws { Issue.record("frame \(index) came as an image") }
  func write(_ samples: PNGSamples, index: Int) throws {
    samples.withUnsafeBytes { bytes, _ in
      frames.append(Array(bytes))
      addresses.append(UInt(bitPattern: bytes.baseAddress))
    }
  }
  func finish() throws {}
}

/// A sample sink that records which frames came as the input, without storing them.
private final class InputRecordingSink: SampleFrameSink {
  let bitDepth = PNGEncoder.BitDepth.eight
  let reusesInputFrames: Bool
  var inputs: [Int] = []
  var rendered: [Int] = []

  init(reusesInputFrames: Bool = true) { self.reusesInputFrames = reusesInputFrames }

  func write(_ frame: Image, index: Int) throws { Issue.record("frame \(index) came as an image") }
  func write(_ samples: PNGSamples, index: Int) throws { rendered.append(index) }
  func writeInput(index: Int, samples: () -> PNGSamples) throws { inputs.append(index) }
  func finish() throws {}
}

/// Hands every frame to a PNG sequence as a `Float` image: the route before sample sinks.
private struct ImageRoute: FrameSink {
  let sink: PNGSequenceSink
  mutating func write(_ frame: Image, index: Int) throws { try sink.write(frame, index: index) }
  mutating func finish() throws { try sink.finish() }
}

@Suite struct SampleFrameSinkTests {
  let card = Image.testCard(width: 67, height: 41)

  /// A colour pass, then one ripple or two (stacked layer effects).
  func chains() -> [EffectChain] {
    let tint = AnimatedEffect(.sepia)
    let ripple = AnimatedEffect.triggered(
      .ripple, duration: 1, triggers: [.init(time: 0, payload: [20, 15])])
    let later = AnimatedEffect.triggered(
      .ripple, duration: 1, triggers: [.init(time: 0.1, payload: [50, 30])])
    return [
      EffectChain([ripple]), EffectChain([tint, ripple]), EffectChain([ripple, tint, later]),
    ]
  }

  @Test(
    "a chain's samples are what the encoder stores for its Float frame, for every tiling",
    arguments: [PNGEncoder.BitDepth.eight, .sixteen])
  func samplesMatchFloatFrame(depth: PNGEncoder.BitDepth) throws {
    let encoder = PNGEncoder(bitDepth: depth)
    for chain in chains() {
      // The second route: the Float frame on one thread, then the encoder's own conversion.
      let reference = ChainRenderer(
        image: card, chain: chain, renderer: Renderer(tileSize: 64, threadCount: 1))
      let passes = try chain.passes(at: 0.3, sizeInPoints: card.sizeInPoints)
      let expected = try encoder.encode(reference.render(passes).image)
      for renderer in [Renderer(tileSize: 7, threadCount: 4), Renderer(threadCount: 2)] {
        let chainRenderer = ChainRenderer(image: card, chain: chain, renderer: renderer)
        // Twice, so the second frame reuses the renderer's buffers.
        for _ in 0..<2 {
          let samples = chainRenderer.samples(passes, bitDepth: depth).samples
          #expect(try encoder.encode(samples) == expected, "\(chain.effects.count) passes")
        }
      }
    }
  }

  @Test("a chain with no pass stores the input itself")
  func noPass() throws {
    let renderer = ChainRenderer(image: card, chain: EffectChain([]))
    let samples = renderer.samples([], bitDepth: .eight).samples
    #expect(try PNGEncoder().encode(samples) == PNGEncoder().encode(card))
  }

  @Test("a sample sink gets samples, or images when overlays draw on the Float frame")
  func sinkGetsSamples() throws {
    let chain = chains()[1]
    let renderer = ChainRenderer(image: card, chain: chain)
    let passes = try renderer.checkedPasses(at: [0, 0.1, 0.2])
    let sink = RecordingSampleSink(bitDepth: .sixteen)
    var target = sink
    try renderer.render(passes, into: &target)
    #expect(sink.images.isEmpty)
    #expect(sink.samples.keys.sorted() == [0, 1, 2])
    #expect(sink.samples[2]?.bitDepth == .sixteen)
    let overlaid = RecordingSampleSink(bitDepth: .eight)
    var overlaidTarget = overlaid
    try renderer.render(passes, into: &overlaidTarget, overlays: [.tiles])
    #expect(overlaid.images == [0, 1, 2] && overlaid.samples.isEmpty)
  }

  @Test("a sink that lets go of samples gets every frame in the same memory, each frame intact")
  func releasedSamplesReused() throws {
    let renderer = ChainRenderer(image: card, chain: chains()[1])
    let passes = try renderer.checkedPasses(at: [0, 0.1, 0.2, 0.3])
    // The second route: each frame alone, converted by the encoder's own store.
    let expected = passes.map { frame in
      let samples = PNGSamples(renderer.render(frame).image, bitDepth: .eight)
      return samples.withUnsafeBytes { bytes, _ in Array(bytes) }
    }
    #expect(Set(expected).count == 4, "the ripple moves, so the frames differ")
    let releasing = CopyingSampleSink()
    var target = releasing
    try renderer.render(passes, into: &target)
    #expect(releasing.frames == expected)
    #expect(Set(releasing.addresses).count == 1, "\(releasing.addresses)")
    // A sink that keeps its samples (the default) finds each one as it was rendered.
    let keeping = RecordingSampleSink(bitDepth: .eight)
    var kept = keeping
    try renderer.render(passes, into: &kept)
    let keptBytes = (0..<4).map { k in
      keeping.samples[k]?.withUnsafeBytes { bytes, _ in Array(bytes) } ?? []
    }
    #expect(keptBytes == expected)
  }

  /// The files of a PNG sequence of `frameCount` frames, rendered by `render` into a new sink
  /// twice: from samples (`true`), then through Float images (`false`).
  static func sequenceFiles(
    frameCount: Int, encoder: PNGEncoder, concurrentEncodes: Int,
    render: (PNGSequenceSink, _ usesSamples: Bool) throws -> Void
  ) throws -> [[Data]] {
    try [true, false].map { usesSamples in
      let directory =
        NSTemporaryDirectory() + "layerfx-sequence-\(UInt64.random(in: 0...UInt64.max))/"
      defer { try? FileManager.default.removeItem(atPath: directory) }
      try render(
        try PNGSequenceSink(
          directory: directory, frameCount: frameCount, encoder: encoder,
          concurrentEncodes: concurrentEncodes), usesSamples)
      return try (0..<frameCount).map { k in
        try Data(
          contentsOf: URL(
            fileURLWithPath: directory + PNGSequenceSink.frameName(k, of: frameCount)))
      }
    }
  }

  @Test("a PNG sequence written from samples holds the files written from Float frames")
  func sequenceFilesUnchanged() throws {
    let chain = chains()[2]
    let renderer = ChainRenderer(image: card, chain: chain)
    let schedule = FrameSchedule(fps: 30, frameCount: 6)
    let files = try Self.sequenceFiles(
      frameCount: 6, encoder: PNGEncoder(bitDepth: .sixteen), concurrentEncodes: 3
    ) { sink, usesSamples in
      if usesSamples {
        var target = sink
        try renderer.render(schedule, into: &target)
      } else {
        var target = ImageRoute(sink: sink)
        try renderer.render(schedule, into: &target)
      }
    }
    #expect(files[0] == files[1])
  }

  /// A ripple triggered at 0.1 s for 0.1 s: at 30 fps only the frames between draw.
  let briefRipple = EffectChain([
    AnimatedEffect.triggered(
      .ripple, duration: 0.1, triggers: [.init(time: 0.1, payload: [20, 15])])
  ])

  @Test("a frame with no pass reaches a sample sink as the input, every other as samples")
  func inputFrames() throws {
    let renderer = ChainRenderer(image: card, chain: briefRipple)
    let passes = try renderer.checkedPasses(at: (0..<9).map { Double($0) / 30 })
    let empty = passes.indices.filter { passes[$0].isEmpty }
    // Frames 4 and 5 (0.133 s, 0.167 s) lie strictly inside the ripple's 0.1 s; 0–2 before it.
    #expect(Set([0, 1, 2]).isSubset(of: empty) && !empty.contains(4) && !empty.contains(5))
    let sink = InputRecordingSink()
    var target = sink
    try renderer.render(passes, into: &target)
    #expect(sink.inputs == empty)
    #expect(sink.rendered == passes.indices.filter { !passes[$0].isEmpty })
  }

  @Test("a rendered frame whose samples are the input's reaches a sink that reuses it as the input")
  func unchangedRenderedFrames() throws {
    // A colour effect returning its colour: every frame has a pass and equals the input.
    let identity = ShaderFunction(name: "identity", kind: .color, parameters: []) { _ in
      .color { _, color in color }
    }
    let renderer = ChainRenderer(
      image: card, chain: EffectChain([briefRipple.effects[0], AnimatedEffect(identity)]))
    let passes = try renderer.checkedPasses(at: (0..<9).map { Double($0) / 30 })
    #expect(passes.allSatisfy { !$0.isEmpty })
    let drawn = passes.indices.filter { passes[$0].count == 2 }
    #expect(drawn.contains(4) && drawn.contains(5))
    let sink = InputRecordingSink()
    var target = sink
    try renderer.render(passes, into: &target)
    #expect(sink.rendered == drawn)
    #expect(sink.inputs == passes.indices.filter { passes[$0].count == 1 })
    // A sink that gains nothing from it gets every rendered frame as samples.
    let plain = InputRecordingSink(reusesInputFrames: false)
    var plainTarget = plain
    try renderer.render(passes, into: &plainTarget)
    #expect(plain.inputs.isEmpty && plain.rendered == Array(passes.indices))
  }

  @Test("a PNG sequence writes the input's own file for every frame with no pass")
  func inputFramesInSequence() throws {
    let renderer = ChainRenderer(image: card, chain: briefRipple)
    let schedule = FrameSchedule(fps: 30, frameCount: 9)
    let passes = try renderer.checkedPasses(at: schedule.times)
    let files = try Self.sequenceFiles(
      frameCount: 9, encoder: PNGEncoder(), concurrentEncodes: 2
    ) { sink, usesSamples in
      if usesSamples {
        var target = sink
        try renderer.render(passes, into: &target)
      } else {
        var target = ImageRoute(sink: sink)
        try renderer.render(passes, into: &target)
      }
    }
    #expect(files[0] == files[1])
    let input = try Data(PNGEncoder().encode(card))
    for k in passes.indices {
      #expect((files[0][k] == input) == passes[k].isEmpty, "frame \(k)")
    }
  }

  @Test("a frame in flight as samples holds 8 bytes a pixel at 8 bits and 16 at 16 bits")
  func samplesInFlight() {
    // 4 bytes of samples and at most as many compressed, per 8-bit pixel; twice that at 16.
    #expect(AnimationLimits.sampleBytesPerPixelInFlight(bitDepth: 8) == 8)
    #expect(AnimationLimits.sampleBytesPerPixelInFlight(bitDepth: 16) == 16)
    // 9975 × 9975 × 8 bytes ≈ 796 MB a frame; half of 8 GB holds ⌊4000 / 796⌋ = 5, not the
    // one Float frame (32 bytes a pixel) that fits.
    #expect(
      AnimationLimits.framesInFlight(
        threads: 1024, width: 9975, height: 9975,
        bytesPerPixel: AnimationLimits.sampleBytesPerPixelInFlight(bitDepth: 8),
        availableBytes: 8_000_000_000) == 5)
  }
}
