import LayerFX
import LayerFXArguments
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
  /// `-o`, as every rendering command describes it.
  static let outputSpec: OptionSpec = .value(
    "output", short: "o", "PATH", "output PNG file, or directory for an animation")

  static let specs: [OptionSpec] = [
    .value(
      "time", "SECONDS", "render one frame at this time on the animation clock (seconds, ≥ 0)"),
    .value("fps", "FPS", "render an animation at this frame rate (frames per second)"),
    .value("frames", "N", "frames to render (default: until the last tap's timeline ends)"),
    outputSpec,
    .value(
      "contact-sheet", "N",
      "with --fps: write the frames as one image, N per row, each time under its frame"),
    .value(
      "format", "FORMAT",
      "with --fps: png-sequence (-o DIR/), apng (one animated PNG), contact-sheet or raw "
        + "(RGBA bytes; -o - for standard output); default from -o (.apng, -); -o naming "
        + "another format (.jpg, .gif, .raw for apng, .png for raw) is refused"),
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
  /// The output, timing, overlays and bounds check: the flags over the config's, checked
  /// (``LayerFXComposition/RenderJob/Settings``).
  let settings: RenderJob.Settings
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
    let outputPath = try SettingError.reporting {
      try RenderJob.Settings.outputPath(arguments.value("output"), config: document)
    }
    let timing = try Self.timing(arguments)
    let overlays = try arguments.value("overlay", as: .overlays)
    settings = try SettingError.reporting(arguments) {
      try RenderJob.Settings(
        outputPath: outputPath, timing: timing, overlays: overlays,
        checksBounds: arguments.has("check-bounds"), stillTime: stillTime, config: document)
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
}
