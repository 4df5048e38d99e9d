import LayerFX
import LayerFXMath
import LayerFXPNG

extension RenderJob {
  /// A fill drawn alone over a new image: a shader used as a `ShapeStyle`, every pixel from its
  /// position, with no input (Semantics §1.5).
  public struct Fill: Sendable {
    /// The fill function.
    public var function: ShaderFunction
    /// Its arguments by name, the view's size and position among them (Semantics §1.2).
    public var arguments: [(name: String, value: Shader.Argument)]
    /// The `float` parameter the schedule's clock drives; `nil` when none does (the fill is the
    /// same at every time).
    public var clockParameter: String?
    /// The image's width, pixels.
    public var width: Int
    /// The image's height, pixels.
    public var height: Int
    /// Pixels per point.
    public var scale: Float

    /// Creates a fill.
    ///
    /// - Parameters:
    ///   - function: A fill function.
    ///   - arguments: Its arguments by name, the view's supplied.
    ///   - clockParameter: The parameter the clock drives; `nil` for none.
    ///   - width: Pixels, ≥ 1.
    ///   - height: Pixels, ≥ 1.
    ///   - scale: Pixels per point, > 0; 1 by default.
    public init(
      _ function: ShaderFunction, arguments: [(name: String, value: Shader.Argument)],
      clockParameter: String? = nil, width: Int, height: Int, scale: Float = 1
    ) {
      self.function = function
      self.arguments = arguments
      self.clockParameter = clockParameter
      self.width = width
      self.height = height
      self.scale = scale
    }

    /// The image's size, points.
    public var sizeInPoints: float2 { float2(Float(width), Float(height)) / scale }

    /// The fill prepared at `time` seconds on its clock: ``clockParameter`` set to `time`, or
    /// the arguments alone without one or off the clock (`time` `nil`).
    ///
    /// - Throws: `LayerFX.ShaderArgumentError` for arguments that do not fit the function.
    public func prepared(at time: Double?) throws(ShaderArgumentError) -> PreparedShader {
      var all = arguments
      if let clockParameter, let time { all.append((clockParameter, .float(Float(time)))) }
      return try Shader(function: function, namedArguments: all)
        .prepared(for: .fill, sizeInPoints: sizeInPoints)
    }
  }

  /// Renders a fill: one PNG for a still, a PNG sequence for an animation.
  ///
  /// Every frame's arguments are checked before the first is written. The overlays' legend,
  /// of a fixed scale (a fill has no displacement), goes to ``RenderJobEvents/overlayLegend``
  /// once the first frame is drawn without a fault.
  func runFill(_ fill: Fill, checkOnly: Bool, events: RenderJobEvents) throws -> Outcome {
    // The fill's Float image and the encoder's samples; an animation adds its frames in flight.
    var memory = RenderMemory(
      width: fill.width, height: fill.height, bitDepth: output.encoder.bitDepth.rawValue,
      output: .floatImage, passCount: 1, threadCount: limits.threadCount,
      tileSize: limits.tileSize)
    memory.holdsInput = false
    let outcome = Outcome(isWithinBounds: true)
    guard case .animation(_, let count, _) = schedule else {
      guard case .still(let time) = schedule else { return outcome }
      let prepared = try fill.prepared(at: time)
      try limits.memoryBudget(holding: 0)?.check(memory.peakBytes, path: output.path)
      let file = try output.open(protecting: protectedPaths)
      if checkOnly { return outcome }
      let image = try draw(fill, prepared) { try events.checkFaults(.still(time: time)) }
      showLegend(events)
      try output.write(
        PNGSamples(image, bitDepth: output.encoder.bitDepth), into: file,
        metadata: PNGMetadata(), events: events)
      return outcome
    }
    try limits.animation.checkFreeSpace(
      frames: count, width: fill.width, height: fill.height,
      bitDepth: output.encoder.bitDepth.rawValue, directory: output.path)
    let times = schedule.times
    let shaders = try times.map { try fill.prepared(at: $0) }
    try PNGSequenceSink.checkFramesAvoidInput(
      directory: output.path, frameCount: count, protecting: protectedPaths)
    // As many frames encode while the next renders as half the memory left holds.
    let budget = limits.memoryBudget(holding: 0)
    memory.framesInFlight = AnimationLimits.framesInFlight(
      threads: limits.threadCount, width: fill.width, height: fill.height,
      availableBytes: budget.map { Int(max(0, min($0.bytes - memory.peakBytes, 9e18))) }
        ?? AnimationLimits.availableMemory())
    memory.inFlightBytesPerPixel = AnimationLimits.bytesPerPixelInFlight
    try budget?.check(memory.peakBytes, path: output.path)
    if checkOnly { return outcome }
    try FrameDirectory.with(output.path) { directory in
      let frames = try PNGSequenceSink(
        directory: directory, frameCount: count, encoder: output.encoder,
        concurrentEncodes: memory.framesInFlight, protecting: protectedPaths)
      do {
        for (k, prepared) in shaders.enumerated() {
          events.progress(k, count)
          let image = try draw(fill, prepared) {
            try events.checkFaults(
              .frame(
                index: k, time: times[k],
                outcome: k > 0
                  ? RenderJobCheckpoint.outcome(0...(k - 1), "written to \(output.path)")
                  : "nothing written"))
            if events.isCancelled() { throw CancellationError() }
          }
          if k == 0 { showLegend(events) }
          try frames.write(image, index: k)
        }
      } catch {
        // Frames 0…k − 1 are named before the failure is reported, as its message says.
        try frames.finish()
        throw error
      }
      try frames.finish()
    }
    events.progressEnded()
    return outcome
  }

  /// Gives the legend of the overlays drawn on a fill to `events` (none without overlays).
  private func showLegend(_ events: RenderJobEvents) {
    guard !debug.overlays.isEmpty else { return }
    events.overlayLegend(DisplacementColorScale(range: 1).legend(for: debug.overlays))
  }

  /// The fill drawn into a new image; `check` runs once it is drawn, before the debug overlays
  /// (the fill as their one pass).
  private func draw(_ fill: Fill, _ prepared: PreparedShader, check: () throws -> Void) throws
    -> Image
  {
    var image = limits.renderer.render(
      RenderRequest(
        prepared, source: .fill(width: fill.width, height: fill.height, scale: fill.scale))
    ).image
    try check()
    guard !debug.overlays.isEmpty else { return image }
    ChainRenderer(image: image, chain: EffectChain([]), renderer: limits.renderer)
      .drawOverlays(
        debug.overlays, scale: DisplacementColorScale(range: 1), on: &image, passes: [prepared])
    return image
  }
}
