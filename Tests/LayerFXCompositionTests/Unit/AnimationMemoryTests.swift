import LayerFX
import LayerFXKernels
import LayerFXPNG
import Testing

@testable import LayerFXComposition

/// An animation's memory estimate by output format, against byte counts worked out by hand from
/// the buffers its sink holds (APNGSink, PNGSequenceSink, ChainRenderer's sample route).
@Suite struct AnimationMemoryTests {
  /// The estimate for 2 frames of grayscale (one colour pass) over a 10 × 10 input, on one
  /// thread in bands, written as `format`.
  static func estimate(
    _ format: OutputFormat, overlays: DebugOverlays = [], bitDepth: PNGEncoder.BitDepth = .eight
  ) throws -> RenderMemory {
    let input = RenderJob.Input(Image(width: 10, height: 10, color: .zero))
    let job = RenderJob(
      input: input, chain: EffectChain([AnimatedEffect(.grayscale)]),
      schedule: .animation(fps: 10, frameCount: 2),
      output: RenderJob.Output(
        path: "out", format: format, encoder: PNGEncoder(bitDepth: bitDepth)),
      debug: RenderJob.Debug(overlays: overlays),
      limits: RenderJob.Limits(pixelLimit: 1_000_000, memoryCheck: .off, threadCount: 1))
    let renderer = job.chainRenderer(EffectChain([AnimatedEffect(.grayscale)]), over: input)
    let passes = try renderer.checkedPasses(at: [0, 0.1])
    return job.animationMemory(of: renderer, passes: passes, format: format)
  }

  @Test("an animated PNG holds its 8-bit samples and one frame encoding while the next renders")
  func animatedPNG() throws {
    // N = 100 pixels. Input 16 N = 1600. The last pass stores into the samples, so no chain
    // copy; one scratch band per worker: min(10, 1 × 16) = 10 bands of 1 row of 10 pixels, 16
    // bytes each: 160. The samples 4 N = 400. In flight, the frame before: its samples and
    // their compressed output, 2 × 4 N = 800.
    let memory = try Self.estimate(.apng)
    #expect(memory.output == .samples)
    #expect(memory.framesInFlight == 1)
    #expect(memory.inFlightBytes == 800)
    #expect(memory.renderBytes == 1600 + 160 + 400 + 800)
    // 16-bit encoding asked of an animated PNG still gives 8-bit samples (APNGSink.bitDepth).
    #expect(try Self.estimate(.apng, bitDepth: .sixteen).renderBytes == 2960)
  }

  @Test("with overlays an animated PNG renders a Float frame, and stores it as 8-bit samples")
  func animatedPNGWithOverlays() throws {
    // The tile overlay draws on the Float frame: one chain copy 16 N = 1600, no scratch band;
    // the sink stores it as samples, 4 N = 400, before the frame in flight (800) is done.
    let memory = try Self.estimate(.apng, overlays: .tiles)
    #expect(memory.output == .floatImage)
    #expect(memory.renderBytes == 1600 + 1600 + 400 + 800)
  }

  @Test("a PNG sequence's and a raw stream's estimates: samples or Float, none in flight yet")
  func otherFormats() throws {
    // A PNG sequence stores into samples (1600 + 160 + 400); its frames in flight, 8 bytes a
    // pixel each, are counted once their number is known. A raw stream renders Float frames:
    // 1600 + 1600 + 400.
    let sequence = try Self.estimate(.pngSequence)
    #expect(sequence.renderBytes == 2160)
    #expect(sequence.inFlightBytesPerPixel == 8)
    #expect(try Self.estimate(.raw).renderBytes == 3600)
  }
}
