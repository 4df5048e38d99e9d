import LayerFX
import LayerFXComposition
import LayerFXPNG

/// The general path of every command that renders an effect chain over an image: one frame at
/// `--time`, or an animation at `--fps` into a frame directory, a contact sheet or a raw stream.
///
/// A command reads its own options between the two steps, so usage errors come in option order:
/// ``init(_:)`` reads the input, the output and the timing; ``prepare(_:)`` the scale, rendering,
/// PNG and limit options; ``run(console:chain:)`` loads the input and renders.
struct ChainRun {
  static let specs: [OptionSpec] = [
    .value("time", "SECONDS", "render one frame at this time on the animation clock (seconds)"),
    .value("fps", "FPS", "render an animation at this frame rate (frames per second)"),
    .value("frames", "N", "frames to render (default: until the last tap's timeline ends)"),
    .value("output", short: "o", "PATH", "output PNG file, or directory for an animation"),
    .value("contact-sheet", "N", "with --fps: write the frames as one image, N per row"),
    .value(
      "max-sample-offset", "X,Y",
      "maxSampleOffset of every layer and distortion pass, points (default: each kernel's own)"),
    .flag(
      "check-bounds",
      "report samples beyond maxSampleOffset on standard error; exit 1 if there are any"),
  ]

  let inputArgument: String
  let outputPath: String
  let time: Double?
  let fps: Double?
  let frameCount: Int?

  /// Reads the input, the output, `--time`, `--fps`, `--frames` and `--contact-sheet`, and
  /// checks that they go together; with `kernelName`, the input is the second positional
  /// argument, after the kernel.
  init(_ arguments: ParsedArguments, kernelName: String? = nil) throws {
    let names = try kernelName.map { try arguments.positionals($0, InputImage.usageName) }
    inputArgument = try names?.last ?? arguments.positionals(InputImage.usageName)[0]
    outputPath = try arguments.required("output", hint: "output: give -o OUT.png or -o DIR/")
    time = try arguments.value("time", as: .number)
    fps = try arguments.value("fps", as: .positiveNumber)
    frameCount = try arguments.value("frames", as: .integer(in: 1...1_000_000))
    switch (time, fps) {
    case (nil, nil): throw UsageError.missing("--time SECONDS (one frame) or --fps FPS (animation)")
    case (.some, .some): throw UsageError.invalid("--time and --fps cannot be used together")
    case (.some, nil) where frameCount != nil:
      throw UsageError.invalid("--frames needs --fps")
    case (.some, nil) where arguments.has("contact-sheet"):
      throw UsageError.invalid("--contact-sheet needs --fps")
    default: break
    }
    let writesOneImage = time != nil || arguments.has("contact-sheet")
    if writesOneImage && outputPath != "-" {
      try OutputOptions.checkIsFile(outputPath)
    } else if !writesOneImage && outputPath.lowercased().hasSuffix(".png") {
      throw UsageError.invalid(
        "-o \(outputPath) names a PNG file, but an animation writes a directory of frames: "
          + "give -o DIR/ (or --contact-sheet N for one image)")
    }
  }

  /// Reads `--scale`, the render, PNG and limit options.
  func prepare(_ arguments: ParsedArguments) throws -> Prepared {
    let scale = try arguments.value("scale", as: .positiveNumber, default: 1)
    return Prepared(
      run: self, arguments: arguments, scale: Float(scale), render: try RenderOptions(arguments),
      output: try OutputOptions(arguments), limits: try FrameLimits.limits(arguments),
      maxSampleOffset: try Self.maxSampleOffset(arguments))
  }

  /// Reads `--max-sample-offset X,Y`: two finite numbers ≥ 0, points.
  static func maxSampleOffset(_ arguments: ParsedArguments) throws -> SIMD2<Float>? {
    guard let offset = try arguments.value("max-sample-offset", as: .point) else { return nil }
    guard offset.x >= 0, offset.y >= 0 else {
      throw UsageError.invalidValue(
        option: "max-sample-offset", value: arguments.value("max-sample-offset") ?? "",
        expected: "two numbers ≥ 0")
    }
    return offset
  }

  /// The options read; ``run(console:chain:)`` renders.
  struct Prepared {
    let run: ChainRun
    let arguments: ParsedArguments
    let scale: Float
    let render: RenderOptions
    let output: OutputOptions
    let limits: AnimationLimits
    /// `--max-sample-offset`, points per axis.
    let maxSampleOffset: SIMD2<Float>?

    /// Loads the input, builds the chain for it, checks every limit over the whole schedule,
    /// then renders into the output the options name.
    ///
    /// - Parameters:
    ///   - console: Standard output and error.
    ///   - reads: Files the command reads besides the input (a keyframes file), which no output
    ///     may replace.
    ///   - chain: The chain for the loaded input (which may depend on its size).
    /// - Throws: ``UsageError``, ``PNGError``, ``ShaderArgumentError``, ``CLIError``,
    ///   ``CompositionError`` and what `chain` throws, before the first frame renders except
    ///   for write failures.
    func run(console: Console, reads: [String] = [], chain: (Image) throws -> EffectChain)
      throws
    {
      let outputPath = run.outputPath
      let input = try InputImage(run.inputArgument, scale: scale, pixelLimit: render.pixelLimit)
      try OutputOptions.checkNotInput(outputPath, input: input.path)
      let protected = (input.path.map { [$0] } ?? []) + reads
      var effects = try chain(input.image)
      if let maxSampleOffset {
        for index in effects.effects.indices {
          effects.effects[index].maxSampleOffset = maxSampleOffset
        }
      }
      let checksBounds = arguments.has("check-bounds")
      let renderer = ChainRenderer(
        image: input.image, chain: effects, renderer: render.renderer,
        checksSampleBounds: checksBounds)
      var isWithinBounds = true
      if let time = run.time {
        let frame = renderer.render(
          try renderer.checkedPasses(at: [time], pixelLimit: render.pixelLimit)[0])
        try output.write(
          frame.image, to: outputPath, metadata: input.metadata, console: console,
          protecting: protected)
        for report in frame.reports {
          console.error("layerfx: bounds: \(report)")
          isWithinBounds = isWithinBounds && report.isWithinBounds
        }
        if !isWithinBounds { throw AlreadyReported(exitCode: .failure) }
        return
      }
      guard let fps = run.fps else { return }
      let count = try limits.frameCount(
        explicit: run.frameCount, duration: effects.endTime, fps: fps)
      let times = FrameSchedule(fps: fps, frameCount: count).times
      let progress = { (k: Int) in console.progress("frame \(k + 1)/\(count)") }
      // With --check-bounds: one line per pass that samples beyond its offset, then exit 1.
      let reports = { (k: Int, reports: [SampleBoundsReport]) in
        for (pass, report) in reports.enumerated() where !report.isWithinBounds {
          console.error("layerfx: bounds: frame \(k) pass \(pass + 1): \(report)")
          isWithinBounds = false
        }
      }
      if let columns = try arguments.value("contact-sheet", as: .integer(in: 1...1000)) {
        let image = input.image
        var sheet = try ContactSheetSink(
          frameCount: count, columns: columns, frameWidth: image.width,
          frameHeight: image.height, scale: image.scale, pixelLimit: render.pixelLimit)
        let passes = try renderer.checkedPasses(at: times, pixelLimit: render.pixelLimit)
        try renderer.render(passes, into: &sheet, progress: progress, reports: reports)
        console.endProgress()
        try output.write(
          sheet.image, to: outputPath, metadata: input.metadata, console: console,
          protecting: protected)
        if !isWithinBounds { throw AlreadyReported(exitCode: .failure) }
        return
      }
      if outputPath == "-" {
        let passes = try renderer.checkedPasses(at: times, pixelLimit: render.pixelLimit)
        var stream = RawRGBASink { bytes in try console.writeOutput(bytes) }
        try renderer.render(passes, into: &stream, progress: progress, reports: reports)
        console.endProgress()
        if !isWithinBounds { throw AlreadyReported(exitCode: .failure) }
        return
      }
      try limits.checkFreeSpace(
        frames: count, width: input.image.width, height: input.image.height,
        bitDepth: output.encoder.bitDepth.rawValue, directory: outputPath)
      try OutputOptions.checkFramesAvoidInput(
        directory: outputPath, frameCount: count, input: input.path)
      let passes = try renderer.checkedPasses(at: times, pixelLimit: render.pixelLimit)
      var frames = try PNGSequenceSink(
        directory: try output.makeDirectory(outputPath), frameCount: count,
        encoder: output.encoder, metadata: input.metadata,
        concurrentEncodes: render.threadCount, protecting: protected)
      try renderer.render(passes, into: &frames, progress: progress, reports: reports)
      console.endProgress()
      if !isWithinBounds { throw AlreadyReported(exitCode: .failure) }
    }
  }
}
