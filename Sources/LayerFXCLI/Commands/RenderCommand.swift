import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import LayerFXPNG

/// `layerfx render`: a built-in fill (a shader used as a `ShapeStyle`) over a new image, with
/// its arguments by name.
enum RenderCommand {
  static let name = "render"
  static let summary = "Render a built-in fill to a new image (see 'layerfx list')."
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
    with its value given (--arg time=0.3), is the same at every time. --fps renders an
    animation into DIR/frame_0000.png, …: frame k at t = k / fps, for --duration seconds
    (default 3) or --frames N.
    Example: layerfx render radialGradient --size 640x480 --arg endRadius=300 -o out.png
    Example: layerfx render pulse.metal:pulse --size 320x200 --fps 30 --frames 60 -o frames/
    """
  static let options: [OptionSpec] =
    [
      .value("output", short: "o", "PATH", "output PNG file"),
      .value("size", "WxH", "the image's size, pixels"),
      .value("arg", "NAME=VALUE", "a fill argument (repeatable)", repeatable: true),
      .value(
        "time", "SECONDS", "render the fill at this time on the animation clock (seconds, ≥ 0)"),
      .value("scale", "PX/PT", "pixels per point of the image, 1/1024…1024 (default 1)"),
      .value("fps", "FPS", "render an animation at this frame rate into -o DIR/"),
      .value("frames", "N", "with --fps: frames to render (default: --duration × fps)"),
      .value("duration", "SECONDS", "with --fps: the animation's length (default 3)"),
      .value(
        "time-parameter", "NAME",
        "the float parameter --time and --fps drive (default: the one named time or elapsedTime)"),
      .value(
        "overlay", "LIST",
        "debug overlays: origins,tiles (legend on standard error; a fill has no displacement)"),
    ] + RenderOptions.specs + OutputOptions.specs + MetalFunctionReference.specs
    + FrameLimits.specs + [ConfigOptions.spec]

  static let command = Command(
    name: name, summary: summary, synopsis: synopsis, discussion: discussion,
    options: options, run: run)

  static func run(_ given: ParsedArguments, console: Console) throws {
    let loaded = try ConfigOptions.load(given, console: console)
    try MetalFunctionReference.checkHalf(given, config: loaded?.config)
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
    _ given: ParsedArguments, loaded: (path: String, config: DebugConfig)?, console: Console,
    checkOnly: Bool
  ) throws {
    let fill = try loaded.map { try configFill($0, commandLine: given) } ?? nil
    var arguments = given
    if let loaded {
      var values = ConfigOptions.values(loaded.config, commandLine: given)
      if let fill { values["size"] = ["\(fill.size.x)x\(fill.size.y)"] }
      let names = Set(options.map(\.name))
      arguments = given.filling(values.filter { names.contains($0.key) }, positionals: [])
    }
    let function =
      try fill?.function
      ?? MetalFunctionReference.function(
        try arguments.positionals("FILL (see 'layerfx list')")[0], arguments: arguments,
        console: console)
    // FILL as the user wrote it (the config's fill by its name).
    let written = arguments.positionals.first ?? function.name
    guard function.kind == .fill else {
      throw UsageError.invalid(
        "'\(function.name)' is a \(function.kind) effect, not a fill; use 'layerfx apply "
          + "\(written) INPUT'")
    }
    let time = try arguments.value("time", as: .time)
    let fps = try arguments.value("fps", as: .positiveNumber)
    if time != nil && fps != nil {
      throw UsageError.invalid("--time and --fps cannot be used together")
    }
    for option in ["frames", "duration"] where fps == nil && arguments.has(option) {
      throw UsageError.invalid("--\(option) needs --fps")
    }
    guard let outputPath = arguments.value("output") else {
      throw SettingError(
        option: "output",
        underlying: UsageError.missing(
          fps == nil ? "output: give -o OUT.png" : "output: give -o DIR/"),
        inConfig: "missing: give "
          + (fps == nil ? "a file name, OUT.png" : "a folder, DIR/ (frames)") + ", here or with -o")
    }
    if fps == nil {
      try OutputOptions.checkIsFile(outputPath)
    } else if outputPath.lowercased().hasSuffix(".png") {
      throw SettingError(
        option: "output",
        underlying: UsageError.invalid(
          "-o \(outputPath) names a PNG file, but an animation writes a directory of frames: "
            + "give -o DIR/"),
        inConfig: "\(outputPath) names a PNG file, but an animation writes a directory of "
          + "frames: give a folder, DIR/")
    }
    let overlays = try SettingError.about("overlay") {
      let overlays = try arguments.value("overlay", as: .overlays) ?? []
      // A fill samples no layer: there is no displacement and nothing beyond bounds to draw.
      let sampling = overlays.intersection([.displacement, .bounds])
      guard sampling.isEmpty else {
        throw UsageError.invalid(
          "a fill samples no layer, so it has no \(sampling.names.joined(separator: " or ")) "
            + "overlay; a fill takes origins and tiles")
      }
      return overlays
    }
    guard let size = try arguments.value("size", as: .size) else {
      throw UsageError.missing("--size WxH: the image's size in pixels")
    }
    let scale = Float(try arguments.value("scale", as: .scale, default: 1))
    let render = try RenderOptions(arguments)
    let output = try OutputOptions(arguments)
    guard size.x * size.y <= render.pixelLimit else {
      let problem =
        "a \(size.x) × \(size.y) image has more than the limit of \(render.pixelLimit) pixels"
      throw SettingError(
        option: "size",
        underlying: CLIError.limitExceeded(problem + "; lower --size or raise --max-pixels"),
        inConfig: problem + "; give fewer pixels or raise --max-pixels")
    }
    let sizeInPoints = float2(Float(size.x), Float(size.y)) / scale
    var named = try function.bind(arguments.all("arg"), pixelLimit: render.pixelLimit)
    // The config's fill arguments, unless --arg gives the same parameter.
    for argument in fill?.arguments ?? [] where !named.contains(where: { $0.name == argument.name })
    {
      named.append(argument)
    }
    var clock: String?
    if time != nil || fps != nil {
      clock = try clockParameter(of: function, arguments: arguments, named: named)
    } else if arguments.has("time-parameter") {
      throw UsageError.invalid("--time-parameter needs --time or --fps")
    }
    // A view size or position not given is the image's (Semantics §1.2).
    named = function.withViewArguments(named, sizeInPoints: sizeInPoints)
    // The fill at `t` seconds on its clock (the arguments alone without one).
    let fixed = named
    let shader = { (t: Double?) throws -> PreparedShader in
      var all = fixed
      if let clock, let t { all.append((clock, .float(Float(t)))) }
      return try Shader(function: function, namedArguments: all)
        .prepared(for: .fill, sizeInPoints: sizeInPoints)
    }
    let protected = loaded.map { [$0.path] } ?? []
    // Every .metal source and image argument is read by now.
    try OutputOptions.checkNotInput(outputPath, protecting: protected)
    // The debug overlays, drawn on each frame with the fill as its one pass.
    let overlaid = { (image: inout Image, prepared: PreparedShader) in
      guard !overlays.isEmpty else { return }
      ChainRenderer(image: image, chain: EffectChain([]), renderer: render.renderer)
        .drawOverlays(
          overlays, scale: DisplacementColorScale(range: 1), on: &image, passes: [prepared])
    }
    if !overlays.isEmpty && !checkOnly {
      console.error(
        "layerfx: overlay: \(DisplacementColorScale(range: 1).legend(for: overlays))")
    }
    // The fill's Float image and the encoder's samples; an animation adds its frames in flight.
    var memory = RenderMemory(
      width: size.x, height: size.y, bitDepth: output.encoder.bitDepth.rawValue,
      output: .floatImage, passCount: 1, threadCount: render.threadCount,
      tileSize: render.tileSize)
    memory.holdsInput = false
    let budget = render.memoryBudget(holding: 0)
    guard let fps else {
      try OutputOptions.checkExtension(outputPath)
      let prepared = try shader(time)
      try budget?.check(memory.peakBytes, path: outputPath)
      let file = try OutputOptions.open(outputPath, protecting: protected)
      try FrameLimits.checkImageFreeSpace(
        arguments, path: outputPath, width: size.x, height: size.y,
        bitDepth: output.encoder.bitDepth.rawValue, chunkBytes: 0)
      if checkOnly { return }
      var image = render.renderer.render(
        fill: prepared, width: size.x, height: size.y, scale: scale)
      try MetalFunctionReference.checkFaults(at: time.map { "t = \($0) s" })
      overlaid(&image, prepared)
      try output.write(
        image, into: file, name: outputPath, metadata: PNGMetadata(), console: console)
      return
    }
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
    // Every frame's arguments are checked before the first frame is written.
    let times = FrameSchedule(fps: fps, frameCount: count).times
    let shaders = try times.map { try shader($0) }
    try OutputOptions.checkFramesAvoidInput(
      directory: outputPath, frameCount: count, protecting: protected)
    // As many frames encode while the next renders as half the memory left holds.
    memory.framesInFlight = AnimationLimits.framesInFlight(
      threads: render.threadCount, width: size.x, height: size.y,
      availableBytes: budget.map { Int(max(0, min($0.bytes - memory.peakBytes, 9e18))) }
        ?? AnimationLimits.availableMemory())
    memory.inFlightBytesPerPixel = AnimationLimits.bytesPerPixelInFlight
    try budget?.check(memory.peakBytes, path: outputPath)
    if checkOnly { return }
    try output.intoDirectory(outputPath) { directory in
      let frames = try PNGSequenceSink(
        directory: directory, frameCount: count,
        encoder: output.encoder,
        concurrentEncodes: memory.framesInFlight, protecting: protected)
      for (k, prepared) in shaders.enumerated() {
        console.progress("frame \(k + 1)/\(count)")
        var image = render.renderer.render(
          fill: prepared, width: size.x, height: size.y, scale: scale)
        try MetalFunctionReference.checkFaults(
          frame: k, time: times[k],
          outcome: k > 0 ? "frames before it may be written, none from it on" : "nothing written")
        overlaid(&image, prepared)
        try frames.write(image, index: k)
      }
      try frames.finish()
    }
    console.endProgress()
  }

  /// The parameter `--time` or `--fps` drives, by `apply`'s rule
  /// (``ApplyCommand/clockParameter(of:named:)``): `--time-parameter`, or the function's own
  /// time parameter; `nil` when there is none or an `--arg` gives it, so the fill is the same
  /// at every time.
  ///
  /// - Throws: ``UsageError`` for a `--time-parameter` the function has no `float` of.
  private static func clockParameter(
    of function: ShaderFunction, arguments: ParsedArguments,
    named: [(name: String, value: Shader.Argument)]
  ) throws -> String? {
    let timeParameter = arguments.value("time-parameter")
    try ApplyCommand.checkParameter(arguments, "time-parameter", among: [function])
    guard let parameter = ApplyCommand.clockParameter(of: function, named: timeParameter),
      !named.contains(where: { $0.name == parameter })
    else { return nil }
    return parameter
  }

  /// The config's fill, unless FILL is given on the command line.
  ///
  /// - Throws: ``ConfigError`` when the config has effects (a fill is drawn alone), triggers,
  ///   or an output `format`, `frameRange` or `contactSheet` that `render` does not write, or,
  ///   with no FILL given, when its input is not a fill.
  static func configFill(
    _ loaded: (path: String, config: DebugConfig), commandLine: ParsedArguments
  )
    throws -> (
      function: ShaderFunction, arguments: [(name: String, value: Shader.Argument)],
      size: SIMD2<Int>
    )?
  {
    guard loaded.config.effects.isEmpty else {
      throw ConfigError.invalidValue(
        file: loaded.path, path: "effects",
        reason: "'layerfx render' draws a fill alone; use 'layerfx tune' or 'layerfx apply'")
    }
    // A fill's frames go to one PNG or a PNG sequence, on the render's own clock; nothing else
    // is silently dropped.
    if loaded.config.triggers != nil {
      throw ConfigError.invalidValue(
        file: loaded.path, path: "triggers",
        reason: "'layerfx render' drives a fill's time with output.time or output.fps; leave "
          + "triggers out")
    }
    let output = loaded.config.output
    for (key, isSet) in [
      ("format", output.format.map { $0 != .pngSequence } ?? false),
      ("frameRange", output.frameRange != nil), ("contactSheet", output.contactSheet != nil),
    ] where isSet {
      throw ConfigError.invalidValue(
        file: loaded.path, path: "output.\(key)",
        reason: "'layerfx render' writes a fill to one PNG or a PNG sequence; leave \(key) out")
    }
    guard commandLine.positionals.isEmpty else { return nil }
    guard case .fill(let function, let arguments, let width, let height, _)? = loaded.config.input
    else {
      throw ConfigError.invalidValue(
        file: loaded.path, path: "input",
        reason: "'layerfx render --config' needs a fill input, {\"fill\": NAME, \"pixels\": [W, H]}"
      )
    }
    return (function, arguments, SIMD2(width, height))
  }
}
