import LayerFX
import LayerFXComposition
import LayerFXFiles
import LayerFXPNG

/// The general path of every command that renders an effect chain over an image: one frame at
/// `--time`, or an animation at `--fps` into a frame directory, a contact sheet or a raw stream.
///
/// A command reads its own options between the two steps, so usage errors come in option order:
/// ``init(_:kernelName:stillTime:document:)`` reads the input, the output, the timing
/// and the debug settings; ``prepare(_:)`` the scale, rendering, PNG and limit options;
/// ``Prepared/run(console:reads:checkOnly:length:chain:)`` loads the input and renders.
struct ChainRun {
  static let specs: [OptionSpec] = [
    .value(
      "time", "SECONDS", "render one frame at this time on the animation clock (seconds, ≥ 0)"),
    .value("fps", "FPS", "render an animation at this frame rate (frames per second)"),
    .value("frames", "N", "frames to render (default: until the last tap's timeline ends)"),
    .value("output", short: "o", "PATH", "output PNG file, or directory for an animation"),
    .value(
      "contact-sheet", "N",
      "with --fps: write the frames as one image, N per row, each time under its frame"),
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
  /// The config's input, when INPUT is not on the command line (which replaces it).
  let configInput: DebugConfig.Input?
  let outputPath: String
  /// The timing: the flags over the config's (``LayerFXComposition/RenderJob/Timing/overriding(_:)``).
  let timing: RenderJob.Timing
  /// `--time`, or the still time of a chain that nothing animates.
  let time: Double?
  /// `--format`, or the format `-o` implies; `nil` for one frame (`--time`).
  let format: OutputFormat?
  /// `--overlay`, else the config's `debug.overlays`.
  let overlays: DebugOverlays
  /// `--check-bounds`, or the config's `debug.checkBounds`.
  let checksBounds: Bool
  /// The config whose settings the flags override (`--config`), if any.
  let document: DebugConfig?

  /// Reads the input, the output, `--time`, `--fps`, `--frames` and `--contact-sheet`, and
  /// checks that they go together.
  ///
  /// With `kernelName`, the input is the second positional argument, after the kernel. With
  /// `stillTime` (a chain that nothing animates), neither `--time` nor `--fps` is
  /// required: the run is one frame at that time. A config `document`'s input, timing, debug
  /// settings, PNG encoding and `maxSampleOffset` apply where no flag gives them (the typed
  /// merge).
  init(
    _ arguments: ParsedArguments, kernelName: String? = nil, stillTime: Double? = nil,
    document: DebugConfig? = nil
  ) throws {
    self.document = document
    configInput = arguments.positionals.isEmpty ? document?.input : nil
    inputArgument = try SettingError.about("input") { [configInput] in
      if configInput != nil { return "" }
      let names = try kernelName.map { try arguments.positionals($0, RenderJob.Input.usageName) }
      return try names?.last ?? arguments.positionals(RenderJob.Input.usageName)[0]
    }
    guard let outputPath = arguments.value("output") ?? document?.output.path else {
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
    let timing = (document.map { RenderJob.Timing($0.output) } ?? RenderJob.Timing())
      .overriding(try Self.timing(arguments))
    self.timing = timing
    let time = timing.time ?? (timing.fps == nil ? stillTime : nil)
    self.time = time
    overlays = try arguments.value("overlay", as: .overlays) ?? document?.debug.overlays ?? []
    checksBounds = arguments.has("check-bounds") || document?.debug.checkBounds == true
    try Self.check(timing, time: time)
    format =
      time == nil
      ? try SettingError.about("format") { [outputPath] in
        try OutputFormat.of(timing, output: outputPath)
      } : nil
    try OutputOptions.reporting { [format, outputPath] () throws(OutputPathError) in
      try RenderJob.Output.checkPath(outputPath, format: format)
    }
    // An APNG frame's delay is a fraction of two 16-bit integers (fcTL).
    if format == .apng, let fps = timing.fps, !APNGWriter.representableFPS.contains(fps) {
      throw UsageError.invalidValue(
        option: "fps", value: arguments.value("fps") ?? "\(fps)",
        expected: "1/65535 (0.0000153) to 65535 frames per second in an APNG (its "
          + "frame delay is a 16-bit fraction of seconds)")
    }
  }

  /// Reads the timing flags: `--fps`, `--time`, `--frames`, `--frame-range`, `--contact-sheet`
  /// and `--format`.
  ///
  /// - Throws: ``UsageError`` (as a ``SettingError`` about the option) for a value it does not
  ///   take.
  static func timing(_ arguments: ParsedArguments) throws -> RenderJob.Timing {
    RenderJob.Timing(
      time: try arguments.value("time", as: .time),
      fps: try arguments.value("fps", as: .positiveNumber),
      frames: try arguments.value("frames", as: .integer(in: 1...AnimationLimits.framesCeiling)),
      contactSheet: try SettingError.about("contact-sheet") {
        try arguments.value("contact-sheet", as: .integer(in: 1...1000))
      },
      format: try SettingError.about("format") {
        try arguments.value("format", as: .named(OutputFormat.allCases.map { ($0.rawValue, $0) }))
      },
      frameRange: try arguments.value("frame-range", as: .frameRange))
  }

  /// Refuses a timing whose settings do not go together: neither a `time` (or still time) nor
  /// an `fps`, both, or an animation's setting for one frame.
  ///
  /// - Throws: ``SettingError`` about `time` when neither is given, else ``UsageError``.
  static func check(_ timing: RenderJob.Timing, time: Double?) throws {
    switch (time, timing.fps) {
    case (nil, nil):
      throw SettingError(
        option: "time",
        underlying: UsageError.missing("--time SECONDS (one frame) or --fps FPS (animation)"),
        inConfig: "missing: give time, seconds (one frame), or fps (an animation)")
    case (.some, .some): throw UsageError.invalid("--time and --fps cannot be used together")
    case (.some, nil) where timing.frames != nil:
      throw UsageError.invalid("--frames needs --fps")
    case (.some, nil) where timing.contactSheet != nil:
      throw UsageError.invalid("--contact-sheet needs --fps")
    default: break
    }
    if time != nil && timing.format != nil { throw UsageError.invalid("--format needs --fps") }
    if time != nil && timing.frameRange != nil {
      throw UsageError.invalid("--frame-range needs --fps")
    }
  }

  /// Reads `--scale`, the render, PNG and limit options, and `--max-sample-offset`, over the
  /// config ``document``'s: its `scale`, its `debug.maxSampleOffset`, which
  /// `--max-sample-offset` replaces (``LayerFXComposition/MaxSampleOffsetSources``), and its PNG
  /// encoding (``OutputOptions/init(_:over:)``).
  func prepare(_ arguments: ParsedArguments) throws -> Prepared {
    let scale = try arguments.value("scale", as: .scale) ?? document?.scale ?? 1
    return Prepared(
      run: self, scale: Float(scale), render: try RenderOptions(arguments),
      output: try OutputOptions(arguments, over: document?.output),
      limits: try FrameLimits.limits(arguments),
      offsets: MaxSampleOffsetSources(
        given: try Self.maxSampleOffset(arguments), document: document?.debug.maxSampleOffset))
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

}
