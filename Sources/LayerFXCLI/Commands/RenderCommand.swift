import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import LayerFXPNG
import LayerFXResolver

/// `layerfx render`: a built-in fill (a shader used as a `ShapeStyle`) over a new image, with
/// its arguments by name.
enum RenderCommand: CommandDefinition {
  static let name = "render"
  static let summary = "Render a fill (built-in or FILE.metal:FILL) to a new image."
  static let synopsis =
    "FILL|FILE.metal:FILL --size WxH [--arg NAME=VALUE]... (-o OUT.png [--time T] | --fps FPS "
    + "-o DIR/) [options]"
  static let discussion = """
    A fill draws every pixel from its position alone, with no input image. Arguments are given
    by the fill's parameter names; a parameter with a default may be left out, and a view-size
    parameter left out gets the image's size in points (--size divided by --scale). --time T
    renders the fill at T on the animation clock, as in 'layerfx apply': the clock drives the
    fill's time parameter (seconds since a trigger): a float named time or elapsedTime in a
    .metal file, or the one --time-parameter NAME names. A fill without a time parameter, or
    with its value given (--arg time=0.3), is the same at every time. -o - writes one image
    as PNG to standard output. --fps renders an animation into DIR/frame_0000.png, …: frame k
    at t = k / fps, for --duration seconds (default 3) or --frames N; a fill's animation is
    only a directory of frames (no animated PNG, contact sheet or raw stream).
    Example: layerfx render radialGradient --size 640x480 --arg endRadius=300 -o out.png
    Example: layerfx render pulse.metal:pulse --size 320x200 --fps 30 --frames 60 -o frames/
    """
  static let options: [OptionSpec] =
    [
      ChainRun.outputSpec,
      .value("size", "WxH", "the image's size, pixels"),
      .value("arg", "NAME=VALUE", "a fill argument (repeatable)", repeatable: true),
      .value(
        "time", "SECONDS", "render the fill at this time on the animation clock (seconds, ≥ 0)"),
      .value("scale", "PX/PT", "pixels per point of the image, 1/1024…1024 (default 1)"),
      .value("fps", "FPS", "render an animation at this frame rate into -o DIR/"),
      .value("frames", "N", "with --fps: frames to render (default: ⌈--duration × fps⌉)"),
      .value("duration", "SECONDS", "with --fps: the animation's length (default 3)"),
      .value(
        "time-parameter", "NAME",
        "the float parameter --time and --fps drive (default: the one named time or elapsedTime)"),
      .value(
        "overlay", "LIST",
        "debug overlays: origins,tiles (legend on standard error; a fill has no displacement)"),
    ] + RenderOptions.specs + OutputOptions.specs + MetalOptions.specs
    + FrameLimits.specs + [ConfigOptions.spec]

  static func run(_ given: ParsedArguments, console: Console) throws {
    let loaded = try ConfigOptions.load(given, console: console)
    try MetalOptions.checkOptions(given, config: loaded?.config)
    try run(given, loaded: loaded, console: console, checkOnly: false)
  }

  /// Runs the command with its `--config`, if any, already read; or with `checkOnly` only its
  /// checks.
  ///
  /// With `checkOnly` every check runs and the command stops just before the first frame
  /// renders (`layerfx config check`). With a config, an error about a setting the config gave
  /// names the config's key (``ConfigOptions/attributing(_:commandLine:_:)``).
  static func run(
    _ given: ParsedArguments, loaded: (path: String, config: DebugConfig)?, console: Console,
    checkOnly: Bool
  ) throws {
    guard let loaded else {
      return try render(given, loaded: nil, console: console, checkOnly: checkOnly)
    }
    try ConfigOptions.attributing(loaded, commandLine: given) {
      try render(given, loaded: loaded, console: console, checkOnly: checkOnly)
    }
  }

  private static func render(
    _ arguments: ParsedArguments, loaded: (path: String, config: DebugConfig)?, console: Console,
    checkOnly: Bool
  ) throws {
    // The config's fill, unless FILL is given on the command line.
    let fill = try loaded.flatMap {
      try $0.config.fillRender(file: $0.path, readsInput: arguments.positionals.isEmpty)
    }
    let function = try fill?.function ?? fillFunction(arguments, console: console)
    let timing = try timing(arguments, over: loaded?.config)
    let (time, fps) = (timing.time, timing.fps)
    let outputPath = try SettingError.reporting {
      try RenderJob.FillSettings.outputPath(
        arguments.value("output") ?? loaded?.config.output.path, isAnimation: fps != nil)
    }
    let overlays = try SettingError.about("overlay") {
      try arguments.value("overlay", as: .overlays) ?? loaded?.config.debug.overlays ?? []
    }
    try SettingError.reporting { try RenderJob.FillSettings.check(overlays) }
    guard let size = try arguments.value("size", as: .size) ?? fill?.size else {
      throw UsageError.missing("--size WxH: the image's size in pixels")
    }
    let scale = Float(try arguments.value("scale", as: .scale) ?? loaded?.config.scale ?? 1)
    let render = try RenderOptions(arguments)
    let output = try OutputOptions(arguments, over: loaded?.config.output)
    try SettingError.reporting {
      try RenderJob.FillSettings.check(size: size, pixelLimit: render.pixelLimit)
    }
    let drawn = try fillToDraw(
      function, arguments: arguments, configArguments: fill?.arguments ?? [],
      isOnClock: time != nil || fps != nil, pixelLimit: render.pixelLimit, size: size,
      scale: scale)
    let protected = loaded.map { [$0.path] } ?? []
    // Every .metal source and image argument is read by now.
    try RenderJob.Output.checkNotRead(outputPath, reads: protected)
    var limits = render.limits
    limits.animation = try FrameLimits.limits(arguments)
    // Before the schedule, which would tag an error about it as one about the rate.
    let duration = try FrameLimits.duration(arguments, timing: timing)
    _ = try RenderJob(
      source: .fill(drawn),
      schedule: try SettingError.reporting {
        try RenderJob.FillSettings.schedule(timing, output: outputPath, limits: limits.animation) {
          duration
        }
      },
      output: RenderJob.Output(path: outputPath, encoder: output.encoder),
      debug: RenderJob.Debug(overlays: overlays), limits: limits, reads: protected
    ).run(checkOnly: checkOnly, events: console.renderJobEvents)
  }

  /// The fill FILL names, refusing an effect that is not one.
  ///
  /// - Throws: ``UsageError`` for a missing FILL or an effect; what resolving it throws.
  private static func fillFunction(_ arguments: ParsedArguments, console: Console) throws
    -> ShaderFunction
  {
    let written = try arguments.positionals("FILL (see 'layerfx list')")[0]
    let function = try MetalOptions.resolver(arguments, console: console).function(written)
    guard function.kind == .fill else {
      throw UsageError.invalid(
        "'\(function.name)' is a \(function.kind) effect, not a fill; use 'layerfx apply "
          + "\(written) INPUT'")
    }
    return function
  }

  /// `--time`, `--fps` and `--frames` over the config's timing, checked to go together
  /// (``LayerFXComposition/RenderJob/FillSettings/timing(_:givesDuration:config:)``).
  ///
  /// - Throws: ``UsageError`` for a value an option does not take, both a time and a rate, or
  ///   `--frames` or `--duration` without a rate.
  private static func timing(_ arguments: ParsedArguments, over config: DebugConfig?) throws
    -> RenderJob.Timing
  {
    // The chain's timing options, of which a fill takes --time, --fps and --frames.
    let given = try ChainRun.timing(arguments)
    return try SettingError.reporting {
      try RenderJob.FillSettings.timing(
        given, givesDuration: arguments.has("duration"), config: config)
    }
  }

  /// The fill to draw over a `size` image at `scale`: `--arg`, then the config's arguments
  /// (``LayerFXComposition/RenderJob/Fill/init(_:given:defaults:timeParameter:isOnClock:width:height:scale:)``).
  ///
  /// - Throws: ``UsageError`` for a `--time-parameter` off the clock or that the fill has no
  ///   `float` of, ``ShaderArgumentError`` for arguments that do not fit.
  private static func fillToDraw(
    _ function: ShaderFunction, arguments: ParsedArguments,
    configArguments: [(name: String, value: Shader.Argument)], isOnClock: Bool, pixelLimit: Int,
    size: SIMD2<Int>, scale: Float
  ) throws -> RenderJob.Fill {
    let given = try function.bind(arguments.all("arg"), pixelLimit: pixelLimit)
    if isOnClock {
      try ApplyCommand.checkParameter(arguments, "time-parameter", among: [function])
    } else if arguments.has("time-parameter") {
      throw UsageError.invalid("--time-parameter needs --time or --fps")
    }
    return RenderJob.Fill(
      function, given: given, defaults: configArguments,
      timeParameter: arguments.value("time-parameter"), isOnClock: isOnClock, width: size.x,
      height: size.y, scale: scale)
  }
}
