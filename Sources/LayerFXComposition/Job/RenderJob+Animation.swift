import LayerFX
import LayerFXFiles
import LayerFXPNG

extension RenderJob {
  /// The frames an animation renders and the size of each.
  private struct Frames {
    /// Every frame's time in the schedule, seconds.
    let times: [Double]
    /// The rendered frames' indices; `nil` for all.
    let selected: ClosedRange<Int>?
    /// The frame rate, frames per second.
    let fps: Double
    /// The output.
    let format: OutputFormat
    /// A frame's size, pixels.
    let width: Int, height: Int

    /// The frames rendered.
    var count: Int { selected?.count ?? times.count }
  }

  /// Renders the animation of ``schedule`` into ``output``.
  func runAnimation(checkOnly: Bool, events: RenderJobEvents) throws -> Outcome {
    guard case .animation(let fps, _, let selected) = schedule else {
      preconditionFailure("runAnimation needs an animation")
    }
    let (chain, input) = chainSource
    let frames = Frames(
      times: schedule.times, selected: selected, fps: fps,
      format: output.format ?? .pngSequence, width: input.image.width,
      height: input.image.height)
    try checkFreeSpace(frames, input: input)
    let renderer = chainRenderer(chain, over: input)
    let passes = try input.naming {
      try renderer.checkedPasses(at: frames.times, pixelLimit: limits.pixelLimit)
    }
    let columns =
      output.contactSheetColumns ?? Int(Double(frames.count).squareRoot().rounded(.up))
    if frames.format == .contactSheet {
      do {
        // Each frame's time is drawn in a strip under it.
        _ = try ContactSheetSink.checkSize(
          frameCount: frames.count, columns: columns, frameWidth: frames.width,
          frameHeight: frames.height + ContactSheetSink.labelHeight,
          pixelLimit: limits.pixelLimit)
      } catch {
        throw RenderJobError(setting: .contactSheet, underlying: error)
      }
    }
    let inFlight = try checkMemory(of: renderer, passes: passes, frames: frames, input: input)
    let sheetFile = try openSheet(frames, columns: columns, input: input)
    if checkOnly { return Outcome(isWithinBounds: true) }
    var isWithinBounds = true
    var summary = AnimationBoundsSummary()
    // With the bounds check: one line per frame and pass that samples beyond its offset, and
    // after the last frame one per such pass with the offset enough for every frame.
    let plan = Plan(
      renderer: renderer, passes: passes, frames: frames, events: events,
      reports: { k, reports in
        summary.add(reports)
        for (pass, report) in reports.enumerated() where !report.isWithinBounds {
          events.boundsReport("frame \(k) pass \(pass + 1): \(report)")
          isWithinBounds = false
        }
      })
    try write(plan, input: input, columns: columns, sheetFile: sheetFile, inFlight: inFlight)
    for line in summary.lines { events.boundsReport("all frames: " + line) }
    return Outcome(isWithinBounds: isWithinBounds)
  }

  /// What an animation renders: the checked passes of every frame, and where reports go.
  private struct Plan {
    let renderer: ChainRenderer
    let passes: [[PreparedShader]]
    let frames: Frames
    let events: RenderJobEvents
    let reports: (Int, [SampleBoundsReport]) -> Void
  }

  /// Renders the frames of `plan` into `sink` and finishes it; nothing is handed on, committed
  /// or published after a fault or a cancellation (``CheckedFrameSink``).
  private func render<Sink: FrameSink>(_ plan: Plan, into sink: inout Sink) throws {
    let format = plan.frames.format
    var checked = CheckedFrameSink(
      base: sink, times: plan.frames.times,
      writesFramesTo: format == .pngSequence ? output.path : nil,
      streamsTo: format == .raw && ["-", "/dev/stdout"].contains(output.path)
        ? "standard output" : nil,
      legend: debug.overlays.isEmpty
        ? nil : DisplacementColorScale(passes: plan.passes).legend(for: debug.overlays),
      events: plan.events)
    defer { sink = checked.base }
    try plan.renderer.render(
      plan.passes, into: &checked, frames: plan.frames.selected, overlays: debug.overlays,
      progress: { plan.events.progress($0, plan.frames.times.count) }, reports: plan.reports)
    plan.events.progressEnded()
  }

  /// Renders the frames into the sink of the output's format and publishes it.
  private func write(
    _ plan: Plan, input: Input, columns: Int, sheetFile: PreparedFile?, inFlight: Int
  ) throws {
    let (frames, image, path) = (plan.frames, input.image, output.path)
    switch frames.format {
    case .contactSheet:
      var sheet = try ContactSheetSink(
        frameCount: frames.count, columns: columns, frameWidth: image.width,
        frameHeight: image.height, scale: image.scale, pixelLimit: limits.pixelLimit,
        firstIndex: frames.selected?.lowerBound ?? 0,
        frameTimes: frames.selected.map { Array(frames.times[$0]) } ?? frames.times)
      try render(plan, into: &sheet)
      try output.write(
        PNGSamples(sheet.image, bitDepth: output.encoder.bitDepth), into: sheetFile,
        metadata: input.metadata, events: plan.events)
    case .raw where output.isStream:
      let discards = path == "/dev/null"
      var stream = RawRGBASink { bytes in if !discards { try plan.events.standardOutput(bytes) } }
      try render(plan, into: &stream)
    case .raw:
      let file = try AtomicFile.create(path, protecting: protectedPaths)
      var stream = RawRGBASink { bytes in try file.append(bytes) }
      try render(plan, into: &stream)
      try file.commit()
    case .apng:
      var animation = try APNGSink(
        path: path, frameCount: frames.count, fps: frames.fps, width: image.width,
        height: image.height, compressionLevel: output.encoder.compressionLevel,
        metadata: input.metadata, protecting: protectedPaths)
      try render(plan, into: &animation)
    case .pngSequence:
      try FrameDirectory.with(path) { directory in
        var sequence = try PNGSequenceSink(
          directory: directory, frameCount: frames.times.count, encoder: output.encoder,
          metadata: input.metadata, concurrentEncodes: inFlight,
          range: frames.selected, protecting: protectedPaths)
        do {
          try render(plan, into: &sequence)
        } catch {
          // The frames handed on are named before the failure is reported, so a fault's
          // message, which counts them (CheckedFrameSink.outcome), says what is there; a write
          // among them that fails is reported instead.
          try sequence.finish()
          throw error
        }
      }
    }
  }

  /// Refuses frames that may not fit in the free space where they go, or a PNG sequence that
  /// would replace a file the render reads.
  private func checkFreeSpace(_ frames: Frames, input: Input) throws {
    let (width, height) = (frames.width, frames.height)
    if frames.format == .pngSequence {
      try limits.animation.checkFreeSpace(
        frames: frames.count, width: width, height: height,
        bitDepth: output.encoder.bitDepth.rawValue, chunkBytes: input.chunkBytes,
        directory: output.path)
      try PNGSequenceSink.checkFramesAvoidInput(
        directory: output.path, frameCount: frames.times.count, protecting: protectedPaths)
    }
    // An animated PNG or a raw stream to a file is one file: the same estimate, once.
    // A stream (/dev/null) holds nothing.
    if (frames.format == .apng || frames.format == .raw) && !output.isStream {
      try limits.animation.checkFreeSpace(
        bytes: frames.format == .apng
          ? AnimationLimits.animatedPNGBytes(
            frames: frames.count, width: width, height: height, chunkBytes: input.chunkBytes)
          : AnimationLimits.rawStreamBytes(frames: frames.count, width: width, height: height),
        frames: frames.count, width: width, height: height, path: output.path)
    }
  }

  /// Refuses an animation whose memory estimate exceeds the budget.
  ///
  /// - Returns: The frames a PNG sequence encodes while the next renders: one per thread, as
  ///   many as half the memory left beside the render holds
  ///   (``AnimationLimits/framesInFlight(threads:width:height:bytesPerPixel:availableBytes:)``).
  private func checkMemory(
    of renderer: ChainRenderer, passes: [[PreparedShader]], frames: Frames, input: Input
  ) throws -> Int {
    var memory = animationMemory(of: renderer, passes: passes, format: frames.format)
    if frames.format == .contactSheet {
      // The sheet's Float image, then its samples and at most twice those for the encoder.
      memory.extraBytes =
        Double(frames.count) * Double(frames.width) * Double(frames.height) * (16 + 3 * 4)
    }
    let budget = limits.memoryBudget(
      holding: RenderMemory.floatPixelBytes * Double(input.image.pixels.count))
    let inFlight = AnimationLimits.framesInFlight(
      threads: limits.threadCount, width: frames.width, height: frames.height,
      bytesPerPixel: memory.inFlightBytesPerPixel,
      availableBytes: budget.map { Int(max(0, min($0.bytes - memory.peakBytes, 9e18))) }
        ?? AnimationLimits.availableMemory())
    if frames.format == .pngSequence { memory.framesInFlight = inFlight }
    try budget?.check(memory.peakBytes, path: output.path)
    return inFlight
  }

  /// The memory estimate of an animation written as `format`, by the buffers its sink holds,
  /// before a PNG sequence's frames in flight are counted (their number depends on the memory
  /// left, ``AnimationLimits/framesInFlight(threads:width:height:bytesPerPixel:availableBytes:)``).
  ///
  /// - A PNG sequence (`PNGSequenceSink`) or an animated PNG (`APNGSink`) takes samples: the
  ///   last pass stores into them, unless debug overlays draw on the `Float` frame first.
  /// - An animated PNG is 8-bit whatever the encoder's depth, and encodes one frame on its
  ///   serial queue while the next renders: one frame in flight, its 8-bit samples and their
  ///   compressed output (``AnimationLimits/sampleBytesPerPixelInFlight(bitDepth:)``), with
  ///   overlays too, since the sink stores a `Float` frame as samples before queueing it.
  /// - A PNG sequence's frame in flight is its samples and output, or with overlays the `Float`
  ///   frame it encodes from (``AnimationLimits/bytesPerPixelInFlight``).
  /// - The overlays' sources and maps (`Debug.overlayBytesPerPixel`), for every format.
  ///
  /// - Parameters:
  ///   - renderer: The chain's renderer over the input.
  ///   - passes: Every frame's checked passes.
  ///   - format: How the animation is written.
  /// - Returns: The estimate, with ``RenderMemory/inFlightBytesPerPixel`` set and, for an
  ///   animated PNG, one frame in flight (a PNG sequence's are counted by the caller).
  func animationMemory(
    of renderer: ChainRenderer, passes: [[PreparedShader]], format: OutputFormat
  ) -> RenderMemory {
    let isAnimatedPNG = format == .apng
    let takesSamples = (format == .pngSequence || isAnimatedPNG) && debug.overlays.isEmpty
    let bitDepth = isAnimatedPNG ? 8 : output.encoder.bitDepth.rawValue
    var memory = renderer.memory(
      of: passes, output: takesSamples ? .samples : .floatImage, bitDepth: bitDepth,
      measuresDisplacement: debug.overlayBytesPerPixel > 0)
    memory.overlayBytesPerPixel = debug.overlayBytesPerPixel
    memory.inFlightBytesPerPixel =
      takesSamples || isAnimatedPNG
      ? AnimationLimits.sampleBytesPerPixelInFlight(bitDepth: bitDepth)
      : AnimationLimits.bytesPerPixelInFlight
    if isAnimatedPNG { memory.framesInFlight = 1 }
    return memory
  }

  /// Opens a contact sheet's file and checks the sheet (one PNG of its size) against the limits
  /// before frame 0, not at the write; `nil` for any other output.
  private func openSheet(_ frames: Frames, columns: Int, input: Input) throws -> PreparedFile? {
    guard frames.format == .contactSheet else { return nil }
    let file = try output.open(protecting: protectedPaths)
    let sheet = try ContactSheetSink.checkSize(
      frameCount: frames.count, columns: columns, frameWidth: frames.width,
      frameHeight: frames.height, pixelLimit: limits.pixelLimit)
    if !output.isStream {
      try limits.animation.checkFreeSpace(
        bytes: AnimationLimits.frameFileBytes(
          width: sheet.x, height: sheet.y, bitDepth: output.encoder.bitDepth.rawValue,
          chunkBytes: input.chunkBytes),
        frames: frames.count, width: frames.width, height: frames.height, path: output.path)
    }
    return file
  }
}
