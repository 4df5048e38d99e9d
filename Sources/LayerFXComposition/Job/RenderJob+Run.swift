import LayerFX
import LayerFXPNG

extension RenderJob {
  /// Renders the job: checks every limit over the whole schedule, then renders each frame into
  /// the output, reporting progress and asking about cancellation through `events`.
  ///
  /// Before the first frame: every pass's padded size at every time
  /// (``ChainRenderer/checkedPasses(at:pixelLimit:)``), a contact sheet's size, the memory
  /// estimate (``RenderMemory``) against ``Limits/memoryBudget(holding:)``, the free space where
  /// an animation's frames go (not for a still: one image is written in one go, and a disk that
  /// fills during the write fails it with nothing half-written), and that no frame replaces a
  /// file the render reads; the output file is
  /// opened (so a destination that cannot be written says so first). A still's last pass is
  /// stored straight into the encoder's samples when no overlay is drawn.
  ///
  /// - Parameters:
  ///   - checkOnly: Whether to stop after the checks, just before the first frame renders:
  ///     nothing is rendered or written.
  ///   - events: Progress, messages, standard output, fault checks and cancellation.
  /// - Returns: Whether every pass sampled within its offset.
  /// - Throws: ``CompositionError`` and `LayerFX.ShaderArgumentError` before the first frame;
  ///   ``RenderJobError`` about a setting; `LayerFXFiles.AtomicFileError`,
  ///   `LayerFXPNG.PNGError` when writing fails; what ``RenderJobEvents/checkFaults`` and
  ///   ``RenderJobEvents/standardOutput`` throw; `CancellationError` when cancelled.
  /// - Complexity: O(frames × passes × width × height).
  public consuming func run(checkOnly: Bool = false, events: RenderJobEvents = RenderJobEvents())
    throws -> Outcome
  {
    if case .fill(let fill) = source {
      return try runFill(fill, checkOnly: checkOnly, events: events)
    }
    guard case .still(let time) = schedule else {
      return try runAnimation(checkOnly: checkOnly, events: events)
    }
    return try Self.runStill(consume self, at: time ?? 0, checkOnly: checkOnly, events: events)
  }

  /// The chain and the input it reads, of a job whose source is a chain.
  var chainSource: (chain: EffectChain, input: Input) {
    guard case .chain(let chain, let input) = source else {
      preconditionFailure("the job draws a fill, not a chain")
    }
    return (chain, input)
  }

  /// The renderer of `chain` over `input`, with the bounds check if asked.
  func chainRenderer(_ chain: EffectChain, over input: Input) -> ChainRenderer {
    ChainRenderer(
      image: input.image, chain: chain, renderer: limits.renderer,
      checksSampleBounds: debug.checksBounds)
  }

  /// Renders one frame at `time` into one PNG; the job is consumed, so the input's `Float`
  /// pixels go before the encoder's output grows.
  private static func runStill(
    _ job: consuming RenderJob, at time: Double, checkOnly: Bool, events: RenderJobEvents
  ) throws -> Outcome {
    let (output, limits, overlays) = (job.output, job.limits, job.debug.overlays)
    let input = job.chainSource.input
    let (metadata, protected, chunkBytes) = (input.metadata, job.protectedPaths, input.chunkBytes)
    let image = input.image
    let renderer = job.chainRenderer(job.chainSource.chain, over: input)
    let overlayBytes = job.debug.overlayBytesPerPixel
    _ = consume job
    let bitDepth = output.encoder.bitDepth
    let passes = try input.naming {
      try renderer.checkedPasses(at: [time], pixelLimit: limits.pixelLimit)
    }
    var memory = renderer.memory(
      of: passes, output: overlays.isEmpty ? .samples : .floatImage, bitDepth: bitDepth.rawValue,
      measuresDisplacement: overlayBytes > 0)
    memory.chunkBytes = chunkBytes
    memory.overlayBytesPerPixel = overlayBytes
    try limits.memoryBudget(holding: RenderMemory.floatPixelBytes * Double(image.pixels.count))?
      .check(memory.peakBytes, path: output.path)
    let file = try output.open(protecting: protected)
    if checkOnly { return Outcome(isWithinBounds: true) }
    if events.isCancelled() { throw CancellationError() }
    let frame: (samples: PNGSamples, reports: [SampleBoundsReport])
    var legend: String?
    if overlays.isEmpty {
      // The last pass stores straight into the encoder's samples: no Float output image.
      frame = renderer.samples(passes[0], bitDepth: bitDepth)
    } else {
      var rendered = renderer.render(passes[0])
      let scale = DisplacementColorScale(passes: passes)
      legend = scale.legend(for: overlays)
      renderer.drawOverlays(overlays, scale: scale, on: &rendered.image, passes: passes[0])
      frame = (PNGSamples(rendered.image, bitDepth: bitDepth), rendered.reports)
    }
    try events.checkFaults(.still(time: time))
    // Once the render succeeded: a failed run's one line is its error.
    if let legend { events.overlayLegend(legend) }
    // Nothing reads the input's Float pixels now: they go before the encoder's output grows.
    _ = consume renderer
    _ = consume input
    _ = consume image
    try output.write(frame.samples, into: file, metadata: metadata, events: events)
    for report in frame.reports { events.boundsReport("\(report)") }
    if !frame.reports.isEmpty { events.stillBoundsReports(frame.reports) }
    return Outcome(isWithinBounds: frame.reports.allSatisfy(\.isWithinBounds))
  }
}
