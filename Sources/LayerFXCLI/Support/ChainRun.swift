import LayerFX
import LayerFXComposition
import LayerFXFiles
import LayerFXPNG

/// The general path of every command that renders an effect chain over an image: one frame at
/// `--time`, or an animation at `--fps` into a frame directory, a contact sheet or a raw stream.
///
/// A command reads its own options between the two steps, so usage errors come in option order:
/// ``init(_:kernelName:readsInput:)`` reads the input, the output and the timing;
/// ``prepare(_:)`` the scale, rendering, PNG and limit options;
/// ``Prepared/run(console:reads:checkOnly:input:length:chain:)`` loads the input and renders.
struct ChainRun {
  static let specs: [OptionSpec] = [
    .value(
      "time", "SECONDS", "render one frame at this time on the animation clock (seconds, ≥ 0)"),
    .value("fps", "FPS", "render an animation at this frame rate (frames per second)"),
    .value("frames", "N", "frames to render (default: until the last tap's timeline ends)"),
    .value("output", short: "o", "PATH", "output PNG file, or directory for an animation"),
    .value("contact-sheet", "N", "with --fps: write the frames as one image, N per row"),
    .value(
      "format", "FORMAT",
      "with --fps: png-sequence (-o DIR/), apng (one animated PNG), contact-sheet or raw "
        + "(RGBA bytes; -o - for standard output); default from -o (.apng, -)"),
    .value(
      "frame-range", "A..B",
      "with --fps: render frames A to B only (inclusive, from 0; A.. to the end), "
        + "as in the full render"),
    .value(
      "overlay", "LIST",
      "debug overlays: origins,displacement,bounds,tiles (legend on standard error)"),
    .value(
      "max-sample-offset", "X,Y",
      "maxSampleOffset of every layer and distortion pass without its own "
        + "(--effect NAME:maxSampleOffset=X,Y), points (default: each kernel's own; a .metal "
        + "function has none, so needs one)"),
    .flag(
      "check-bounds",
      "report samples beyond maxSampleOffset on standard error; exit 1 if there are any"),
  ]

  let inputArgument: String
  let outputPath: String
  let time: Double?
  let fps: Double?
  let frameCount: Int?
  /// `--format`, or the format `-o` implies; `nil` for one frame (`--time`).
  let format: OutputFormat?
  /// `--frame-range`.
  let frameRange: FrameRange?
  /// `--overlay`.
  let overlays: DebugOverlays

  /// Reads the input, the output, `--time`, `--fps`, `--frames` and `--contact-sheet`, and
  /// checks that they go together.
  ///
  /// With `kernelName`, the input is the second positional argument, after the kernel. With
  /// `readsInput` false the input is given to
  /// ``Prepared/run(console:reads:checkOnly:input:length:chain:)`` (a config's fill) instead.
  init(_ arguments: ParsedArguments, kernelName: String? = nil, readsInput: Bool = true) throws {
    inputArgument = try SettingError.about("input") {
      if !readsInput { return "" }
      let names = try kernelName.map { try arguments.positionals($0, InputImage.usageName) }
      return try names?.last ?? arguments.positionals(InputImage.usageName)[0]
    }
    guard let outputPath = arguments.value("output") else {
      throw SettingError(
        option: "output", underlying: UsageError.missing("output: give -o OUT.png or -o DIR/"),
        inConfig: "missing: give a file name, OUT.png (one frame), or a folder, DIR/ (frames), "
          + "here or with -o")
    }
    guard !outputPath.isEmpty else {
      throw SettingError(
        option: "output",
        underlying: UsageError.invalid("-o needs a file or directory name (it is empty)"),
        inConfig: "an empty path names no file or folder: give OUT.png or DIR/")
    }
    self.outputPath = outputPath
    time = try arguments.value("time", as: .time)
    fps = try arguments.value("fps", as: .positiveNumber)
    frameCount = try arguments.value("frames", as: .integer(in: 1...AnimationLimits.framesCeiling))
    frameRange = try arguments.value("frame-range", as: .frameRange)
    overlays = try arguments.value("overlay", as: .overlays) ?? []
    switch (time, fps) {
    case (nil, nil):
      throw SettingError(
        option: "time",
        underlying: UsageError.missing("--time SECONDS (one frame) or --fps FPS (animation)"),
        inConfig: "missing: give time, seconds (one frame), or fps (an animation)")
    case (.some, .some): throw UsageError.invalid("--time and --fps cannot be used together")
    case (.some, nil) where frameCount != nil:
      throw UsageError.invalid("--frames needs --fps")
    case (.some, nil) where arguments.has("contact-sheet"):
      throw UsageError.invalid("--contact-sheet needs --fps")
    default: break
    }
    for option in ["format", "frame-range"] where time != nil && arguments.has(option) {
      throw UsageError.invalid("--\(option) needs --fps")
    }
    format =
      time == nil
      ? try SettingError.about("format") { [outputPath] in
        try OutputFormat.of(arguments, output: outputPath)
      } : nil
    try SettingError.about("output") { [format, outputPath] in
      try Self.checkOutput(outputPath, format: format)
    }
    // An APNG frame's delay is a fraction of two 16-bit integers (fcTL).
    if format == .apng, let fps, !APNGWriter.representableFPS.contains(fps) {
      throw UsageError.invalidValue(
        option: "fps", value: arguments.value("fps") ?? "\(fps)",
        expected: "1/65535 (0.0000153) to 65535 frames per second in an APNG (its "
          + "frame delay is a 16-bit fraction of seconds)")
    }
  }

  /// Refuses an output path that does not fit `format` (`nil` for one frame): a directory of
  /// frames needs a directory, one image a file.
  ///
  /// - Throws: ``SettingError`` about `output`, a ``UsageError`` in the command line's words and
  ///   the config's.
  static func checkOutput(_ outputPath: String, format: OutputFormat?) throws {
    let writesOneImage = format?.writesOneFile ?? true
    if writesOneImage && !OutputFormat.streamPaths.contains(outputPath) {
      try OutputOptions.checkIsFile(outputPath)
    } else if !writesOneImage && OutputFormat.streamPaths.contains(outputPath) {
      throw SettingError(
        option: "output",
        underlying: UsageError.invalid(
          "--format png-sequence writes a directory of frames: give -o DIR/ (or --format raw "
            + "for standard output)"),
        inConfig: "a png-sequence writes a directory of frames, not a stream: give a folder, "
          + "DIR/ (or format raw for standard output)")
    } else if !writesOneImage && outputPath.lowercased().hasSuffix(".png") {
      throw SettingError(
        option: "output",
        underlying: UsageError.invalid(
          "-o \(outputPath) names a PNG file, but an animation writes a directory of frames: "
            + "give -o DIR/ (or --contact-sheet N for one image)"),
        inConfig: "\(outputPath) names a PNG file, but an animation writes a directory of "
          + "frames: give a folder, DIR/ (or output.contactSheet N for one image)")
    }
    if format == .apng && OutputFormat.streamPaths.contains(outputPath) && outputPath != "/dev/null"
    {
      throw SettingError(
        option: "output",
        underlying: UsageError.invalid("--format apng writes a file: give -o OUT.apng"),
        inConfig: "an apng is one file, not a stream: give a file name, OUT.apng")
    }
  }

  /// The bytes per pixel the overlays hold beside a frame (``RenderMemory/overlayBytesPerPixel``).
  var overlayBytesPerPixel: Int {
    overlays.isDisjoint(with: [.displacement, .bounds])
      ? 0 : ChainRenderer.displacementBytesPerPixel
  }

  /// Reads `--scale`, the render, PNG and limit options.
  func prepare(_ arguments: ParsedArguments) throws -> Prepared {
    let scale = try arguments.value("scale", as: .scale, default: 1)
    return Prepared(
      run: self, arguments: arguments, scale: Float(scale), render: try RenderOptions(arguments),
      output: try OutputOptions(arguments), limits: try FrameLimits.limits(arguments),
      maxSampleOffset: try Self.maxSampleOffset(arguments))
  }

  /// Reads `--max-sample-offset X,Y`: two finite numbers ≥ 0, points (``ValueType/offset``).
  static func maxSampleOffset(_ arguments: ParsedArguments) throws -> SIMD2<Float>? {
    try arguments.value("max-sample-offset", as: .offset)
  }

  /// Refuses `--max-sample-offset` (or a config's `debug.maxSampleOffset`) for passes that never
  /// sample: only layer and distortion effects declare a `maxSampleOffset` (Semantics §4); a
  /// colour effect reads only its own pixel and a fill has no layer to read.
  ///
  /// - Parameter functions: The passes the offset would apply to.
  /// - Throws: ``SettingError`` about `max-sample-offset`, a ``UsageError`` (exit 64) naming the
  ///   pass and its kind, for one pass; for several, when none of them samples.
  static func checkSamples(_ functions: [ShaderFunction]) throws {
    guard !functions.contains(where: { $0.kind == .layer || $0.kind == .distortion }) else {
      return
    }
    let what =
      functions.count == 1
      ? "\(functions[0].name) is a \(functions[0].kind == .fill ? "fill" : "colour effect")"
      : "no pass of the chain is one"
    throw SettingError(
      option: "max-sample-offset",
      underlying: UsageError.invalid(
        "--max-sample-offset is taken only by layer and distortion effects; \(what)"),
      inConfig: "only layer and distortion effects take a maxSampleOffset; \(what)")
  }

  /// Refuses a layer or distortion effect whose kernel declares no `maxSampleOffset` (a `.metal`
  /// function) when neither `--max-sample-offset` nor the effect's own item gives one: SwiftUI's
  /// `layerEffect(_:maxSampleOffset:)` and `distortionEffect(_:maxSampleOffset:)` take it as a
  /// required argument, and a layer padded by 0 would streak its edges without a word
  /// (Semantics §4.1, §4.2).
  ///
  /// - Parameters:
  ///   - effects: Each effect's function and whether it has its own offset
  ///     (`--effect NAME:maxSampleOffset=X,Y`).
  ///   - given: Whether `--max-sample-offset` is given.
  ///   - isChain: Whether the effects come from `--effect` (the message then names its item).
  /// - Throws: ``UsageError`` (exit 64) naming `--max-sample-offset` and how to measure one.
  static func checkOffsets(
    _ effects: [(function: ShaderFunction, hasOwn: Bool)], given: Bool, isChain: Bool = false
  ) throws {
    guard !given,
      let function = effects.first(where: { !$0.hasOwn && $0.function.requiresMaxSampleOffset })?
        .function
    else { return }
    let kind = function.kind.rawValue
    let options =
      isChain
      ? "--max-sample-offset X,Y or --effect …:\(function.name):maxSampleOffset=X,Y (points)"
      : "--max-sample-offset X,Y (points)"
    throw UsageError.invalid(
      "\(function.name) is a \(kind) effect that declares no maxSampleOffset (a .metal function "
        + "cannot): give \(options), as SwiftUI's \(kind)Effect(_:maxSampleOffset:) requires; to "
        + "measure one, run with --max-sample-offset 0,0 --check-bounds, whose report names the "
        + "maxSampleOffset that would be enough")
  }

  /// The options read; ``run(console:reads:checkOnly:input:length:chain:)`` renders.
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
    ///   - checkOnly: Whether to stop after the checks, just before the first frame renders
    ///     (`layerfx config check`): nothing is rendered or written.
    ///   - loaded: The input, when it is not read from the command line (a config's fill).
    ///   - length: The least length of an animation, seconds (`apply`'s `--duration`): a chain
    ///     that does not follow the clock still renders 0 to `length`.
    ///   - chain: The chain for the loaded input (which may depend on its size).
    /// - Throws: ``UsageError``, ``PNGError``, ``ShaderArgumentError``, ``CLIError``,
    ///   ``CompositionError`` and what `chain` throws, before the first frame renders except
    ///   for write failures.
    func run(
      console: Console, reads: [String] = [], checkOnly: Bool = false,
      input loaded: InputImage? = nil, length: Double = 0,
      chain: (Image) throws -> EffectChain
    ) throws {
      let outputPath = run.outputPath
      let input = try SettingError.about("input") {
        try loaded
          ?? InputImage(
            run.inputArgument, scale: scale, pixelLimit: render.pixelLimit,
            checksMemory: render.checksMemory)
      }
      let protected = (input.path.map { [$0] } ?? []) + reads
      var effects = try chain(input.image)
      // After the chain is built, so every .metal source and image argument it read is known.
      try OutputOptions.checkNotInput(outputPath, protecting: protected)
      // One PNG or a contact sheet .png; an animated PNG or a raw file any extension, but one.
      if run.format == nil || run.format == .contactSheet {
        try OutputOptions.checkExtension(outputPath)
      } else if run.format == .apng || run.format == .raw {
        try OutputOptions.checkExtension(outputPath, allowing: [])
      }
      if let maxSampleOffset {
        try ChainRun.checkSamples(effects.effects.map(\.function))
        // Every pass without an offset of its own (--effect NAME:maxSampleOffset=X,Y).
        for index in effects.effects.indices where effects.effects[index].maxSampleOffset == nil {
          effects.effects[index].maxSampleOffset = maxSampleOffset
        }
      }
      let checksBounds = arguments.has("check-bounds")
      let renderer = ChainRenderer(
        image: input.image, chain: effects, renderer: render.renderer,
        checksSampleBounds: checksBounds)
      var isWithinBounds = true
      if let time = run.time {
        let passes = try renderer.checkedPasses(at: [time], pixelLimit: render.pixelLimit)
        var memory = renderer.memory(
          of: passes, output: run.overlays.isEmpty ? .samples : .floatImage,
          bitDepth: output.encoder.bitDepth.rawValue)
        memory.chunkBytes = input.metadata.colorChunks.reduce(0) { $0 + $1.data.count }
        memory.overlayBytesPerPixel = run.overlayBytesPerPixel
        try render.checkMemory(memory, holding: input.image, path: outputPath)
        let file = try OutputOptions.open(outputPath, protecting: protected)
        // Once the output opens, so a destination that cannot be written says so first.
        try FrameLimits.checkImageFreeSpace(
          arguments, path: outputPath, width: input.image.width, height: input.image.height,
          bitDepth: output.encoder.bitDepth.rawValue, chunkBytes: memory.chunkBytes)
        if checkOnly { return }
        let frame: (samples: PNGSamples, reports: [SampleBoundsReport])
        if run.overlays.isEmpty {
          // The last pass stores straight into the encoder's samples: no Float output image.
          frame = renderer.samples(passes[0], bitDepth: output.encoder.bitDepth)
        } else {
          var rendered = renderer.render(passes[0])
          let scale = DisplacementColorScale(passes: passes)
          console.error("layerfx: overlay: \(scale.legend(for: run.overlays))")
          renderer.drawOverlays(run.overlays, scale: scale, on: &rendered.image, passes: passes[0])
          frame = (PNGSamples(rendered.image, bitDepth: output.encoder.bitDepth), rendered.reports)
        }
        try MetalFunctionReference.checkFaults(at: "t = \(time) s")
        let metadata = input.metadata
        // Nothing reads the input's Float pixels now: they go before the encoder's output grows.
        _ = consume renderer
        _ = consume input
        try output.write(
          frame.samples, into: file, name: outputPath, metadata: metadata, console: console)
        for report in frame.reports {
          console.error("layerfx: bounds: \(report)")
          isWithinBounds = isWithinBounds && report.isWithinBounds
        }
        if !isWithinBounds { throw AlreadyReported(exitCode: .failure) }
        return
      }
      guard let fps = run.fps, let format = run.format else { return }
      let count = try SettingError.about(run.frameCount == nil ? "fps" : "frames") {
        try limits.frameCount(
          explicit: run.frameCount, duration: max(effects.endTime, length), fps: fps)
      }
      let times = FrameSchedule(fps: fps, frameCount: count).times
      let selected = try SettingError.about("frame-range") {
        try run.frameRange.map { range in
          guard let indices = range.indices(in: count) else {
            let frames = count == 1 ? "1 frame" : "\(count) frames"
            throw UsageError.invalidValue(
              option: "frame-range", value: range.description,
              expected: "frames from 0 to \(count - 1) (the animation has \(frames))")
          }
          return indices
        }
      }
      let rendered = selected?.count ?? count
      let progress = { (k: Int) in console.progress("frame \(k + 1)/\(count)") }
      // With --check-bounds: one line per pass that samples beyond its offset, then exit 1.
      let reports = { (k: Int, reports: [SampleBoundsReport]) in
        for (pass, report) in reports.enumerated() where !report.isWithinBounds {
          console.error("layerfx: bounds: frame \(k) pass \(pass + 1): \(report)")
          isWithinBounds = false
        }
      }
      if format == .apng && output.encoder.bitDepth == .sixteen {
        throw SettingError(
          option: "format",
          underlying: UsageError.invalid("--format apng writes 8-bit samples: drop --bit-depth 16"))
      }
      if format == .pngSequence {
        try limits.checkFreeSpace(
          frames: rendered, width: input.image.width, height: input.image.height,
          bitDepth: output.encoder.bitDepth.rawValue,
          chunkBytes: input.metadata.colorChunks.reduce(0) { $0 + $1.data.count },
          directory: outputPath)
        try OutputOptions.checkFramesAvoidInput(
          directory: outputPath, frameCount: count, protecting: protected)
      }
      // An animated PNG or a raw stream to a file is one file: the same estimate, once.
      // A stream (/dev/null) holds nothing.
      if (format == .apng || format == .raw) && !OutputFormat.streamPaths.contains(outputPath) {
        let (width, height) = (input.image.width, input.image.height)
        try limits.checkFreeSpace(
          bytes: format == .apng
            ? AnimationLimits.animatedPNGBytes(
              frames: rendered, width: width, height: height,
              chunkBytes: input.metadata.colorChunks.reduce(0) { $0 + $1.data.count })
            : AnimationLimits.rawStreamBytes(frames: rendered, width: width, height: height),
          frames: rendered, width: width, height: height, path: outputPath)
      }
      let passes = try renderer.checkedPasses(at: times, pixelLimit: render.pixelLimit)
      let image = input.image
      let columns = try SettingError.about("contact-sheet") {
        let columns =
          try arguments.value("contact-sheet", as: .integer(in: 1...1000))
          ?? Int(Double(rendered).squareRoot().rounded(.up))
        if format == .contactSheet {
          try ContactSheetSink.checkSize(
            frameCount: rendered, columns: columns, frameWidth: image.width,
            frameHeight: image.height, pixelLimit: render.pixelLimit)
        }
        return columns
      }
      // The frames a PNG sequence encodes while the next renders: one per thread, as many as
      // half the memory left beside the render holds (AnimationLimits.framesInFlight).
      let inFlightBytesPerPixel =
        run.overlays.isEmpty
        ? AnimationLimits.sampleBytesPerPixelInFlight(bitDepth: output.encoder.bitDepth.rawValue)
        : AnimationLimits.bytesPerPixelInFlight
      var memory = renderer.memory(
        of: passes, output: format == .pngSequence && run.overlays.isEmpty ? .samples : .floatImage,
        bitDepth: output.encoder.bitDepth.rawValue)
      memory.overlayBytesPerPixel = run.overlayBytesPerPixel
      if format == .contactSheet {
        // The sheet's Float image, then its samples and at most twice those for the encoder.
        memory.extraBytes =
          Double(rendered) * Double(image.width) * Double(image.height) * (16 + 3 * 4)
      }
      let budget = render.memoryBudget(
        holding: RenderMemory.floatPixelBytes * Double(image.pixels.count))
      let inFlight = AnimationLimits.framesInFlight(
        threads: render.threadCount, width: image.width, height: image.height,
        bytesPerPixel: inFlightBytesPerPixel,
        availableBytes: budget.map { Int(max(0, min($0.bytes - memory.peakBytes, 9e18))) }
          ?? AnimationLimits.availableMemory())
      if format == .pngSequence {
        memory.framesInFlight = inFlight
        memory.inFlightBytesPerPixel = inFlightBytesPerPixel
      }
      try budget?.check(memory.peakBytes, path: outputPath)
      let sheetFile =
        format == .contactSheet ? try OutputOptions.open(outputPath, protecting: protected) : nil
      if format == .contactSheet {
        // The sheet is one PNG (one frame of its size): checked before frame 0, not at the write.
        let sheet = try ContactSheetSink.checkSize(
          frameCount: rendered, columns: columns, frameWidth: image.width,
          frameHeight: image.height, pixelLimit: render.pixelLimit)
        try FrameLimits.checkImageFreeSpace(
          arguments, path: outputPath, width: sheet.x, height: sheet.y,
          bitDepth: output.encoder.bitDepth.rawValue,
          chunkBytes: input.metadata.colorChunks.reduce(0) { $0 + $1.data.count })
      }
      if checkOnly { return }
      if !run.overlays.isEmpty {
        console.error(
          "layerfx: overlay: \(DisplacementColorScale(passes: passes).legend(for: run.overlays))")
      }
      // Nothing is handed on, committed or published after a .metal fault.
      func renderFrames<Sink: FrameSink>(into sink: inout Sink) throws {
        var checked = FaultCheckedSink(
          base: sink, times: times, writesEachFrame: format == .pngSequence,
          streamsTo: format == .raw && ["-", "/dev/stdout"].contains(outputPath)
            ? "standard output" : nil)
        defer { sink = checked.base }
        try renderer.render(
          passes, into: &checked, frames: selected, overlays: run.overlays, progress: progress,
          reports: reports)
        console.endProgress()
      }
      switch format {
      case .contactSheet:
        var sheet = try ContactSheetSink(
          frameCount: rendered, columns: columns, frameWidth: image.width,
          frameHeight: image.height, scale: image.scale, pixelLimit: render.pixelLimit,
          firstIndex: selected?.lowerBound ?? 0)
        try renderFrames(into: &sheet)
        try output.write(
          sheet.image, into: sheetFile, name: outputPath, metadata: input.metadata,
          console: console)
      case .raw where OutputFormat.streamPaths.contains(outputPath):
        let discards = outputPath == "/dev/null"
        var stream = RawRGBASink { bytes in if !discards { try console.writeOutput(bytes) } }
        try renderFrames(into: &stream)
      case .raw:
        let file = try AtomicFile.create(outputPath, protecting: protected)
        var stream = RawRGBASink { bytes in try file.append(bytes) }
        try renderFrames(into: &stream)
        try file.commit()
      case .apng:
        var animation = try APNGSink(
          path: outputPath, frameCount: rendered, fps: fps, width: image.width,
          height: image.height, compressionLevel: output.encoder.compressionLevel,
          metadata: input.metadata, protecting: protected)
        try renderFrames(into: &animation)
      case .pngSequence:
        try output.intoDirectory(outputPath) { directory in
          var frames = try PNGSequenceSink(
            directory: directory, frameCount: count,
            encoder: output.encoder, metadata: input.metadata,
            concurrentEncodes: inFlight,
            firstIndex: selected?.lowerBound ?? 0,
            protecting: protected)
          try renderFrames(into: &frames)
        }
      }
      if !isWithinBounds { throw AlreadyReported(exitCode: .failure) }
    }
  }
}
