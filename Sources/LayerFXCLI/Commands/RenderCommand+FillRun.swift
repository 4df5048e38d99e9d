import LayerFX
import LayerFXComposition
import LayerFXPNG

extension RenderCommand {
  /// A fill's render once its options are read: the fill at any time, its image and output.
  struct FillRun {
    /// The image's size, pixels.
    let size: SIMD2<Int>
    /// Pixels per point.
    let scale: Float
    let render: RenderOptions
    let output: OutputOptions
    let outputPath: String
    let overlays: DebugOverlays
    /// Files the command reads (a config), which no output may replace.
    let protected: [String]
    let arguments: ParsedArguments
    let console: Console
    /// Whether to stop just before the first frame renders (`layerfx config check`).
    let checkOnly: Bool
    /// The fill at `t` seconds on its clock (the arguments alone without one).
    let shader: (Double?) throws -> PreparedShader

    /// The fill's Float image and the encoder's samples; an animation adds its frames in
    /// flight.
    var memory: RenderMemory {
      var memory = RenderMemory(
        width: size.x, height: size.y, bitDepth: output.encoder.bitDepth.rawValue,
        output: .floatImage, passCount: 1, threadCount: render.threadCount,
        tileSize: render.tileSize)
      memory.holdsInput = false
      return memory
    }

    /// Checks the output against the files read, and prints the overlays' legend.
    func start() throws {
      // Every .metal source and image argument is read by now.
      try OutputOptions.checkNotInput(outputPath, protecting: protected)
      if !overlays.isEmpty && !checkOnly {
        console.error(
          "layerfx: overlay: \(DisplacementColorScale(range: 1).legend(for: overlays))")
      }
    }

    /// Renders the fill at `time` (its arguments alone without one) into one PNG.
    func still(at time: Double?) throws {
      try OutputOptions.checkExtension(outputPath)
      let prepared = try shader(time)
      try render.memoryBudget(holding: 0)?.check(memory.peakBytes, path: outputPath)
      let file = try OutputOptions.open(outputPath, protecting: protected)
      try FrameLimits.checkImageFreeSpace(
        arguments, path: outputPath, width: size.x, height: size.y,
        bitDepth: output.encoder.bitDepth.rawValue, chunkBytes: 0)
      if checkOnly { return }
      var image = render.renderer.render(
        fill: prepared, width: size.x, height: size.y, scale: scale)
      try MetalFunctionReference.checkFaults(at: time.map { "t = \($0) s" })
      drawOverlays(on: &image, prepared)
      try output.write(
        image, into: file, name: outputPath, metadata: PNGMetadata(), console: console)
    }

    /// Draws the debug overlays on `image`, with the fill as its one pass.
    func drawOverlays(on image: inout Image, _ prepared: PreparedShader) {
      guard !overlays.isEmpty else { return }
      ChainRenderer(image: image, chain: EffectChain([]), renderer: render.renderer)
        .drawOverlays(
          overlays, scale: DisplacementColorScale(range: 1), on: &image, passes: [prepared])
    }

    /// Renders frame k at k / fps into a PNG sequence, for `--frames` frames or `--duration`
    /// seconds; every frame's arguments are checked before the first frame is written.
    func animation(fps: Double) throws {
      let limits = try FrameLimits.limits(arguments)
      let count = try SettingError.about(arguments.has("frames") ? "frames" : "fps") {
        try limits.frameCount(
          explicit: try arguments.value(
            "frames", as: .integer(in: 1...AnimationLimits.framesCeiling)),
          duration: try arguments.value("duration", as: .positiveNumber, default: 3), fps: fps)
      }
      try limits.checkFreeSpace(
        frames: count, width: size.x, height: size.y, bitDepth: output.encoder.bitDepth.rawValue,
        directory: outputPath)
      let times = FrameSchedule(fps: fps, frameCount: count).times
      let shaders = try times.map { try shader($0) }
      try PNGSequenceSink.checkFramesAvoidInput(
        directory: outputPath, frameCount: count, protecting: protected)
      // As many frames encode while the next renders as half the memory left holds.
      var memory = memory
      let budget = render.memoryBudget(holding: 0)
      memory.framesInFlight = AnimationLimits.framesInFlight(
        threads: render.threadCount, width: size.x, height: size.y,
        availableBytes: budget.map { Int(max(0, min($0.bytes - memory.peakBytes, 9e18))) }
          ?? AnimationLimits.availableMemory())
      memory.inFlightBytesPerPixel = AnimationLimits.bytesPerPixelInFlight
      try budget?.check(memory.peakBytes, path: outputPath)
      if checkOnly { return }
      try FrameDirectory.with(outputPath) { directory in
        let frames = try PNGSequenceSink(
          directory: directory, frameCount: count, encoder: output.encoder,
          concurrentEncodes: memory.framesInFlight, protecting: protected)
        for (k, prepared) in shaders.enumerated() {
          console.progress("frame \(k + 1)/\(count)")
          var image = render.renderer.render(
            fill: prepared, width: size.x, height: size.y, scale: scale)
          try MetalFunctionReference.checkFaults(
            frame: k, time: times[k],
            outcome: k > 0 ? "frames before it may be written, none from it on" : "nothing written")
          drawOverlays(on: &image, prepared)
          try frames.write(image, index: k)
        }
        try frames.finish()
      }
      console.endProgress()
    }
  }
}
