import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath

/// `layerfx apply`: any built-in kernel on an image, with its arguments by name.
enum ApplyCommand {
  static let name = "apply"
  static let summary = "Apply a built-in kernel to an image (see 'layerfx list')."
  static let synopsis =
    "KERNEL|FILE.metal:FUNCTION INPUT -o OUT.png [--arg NAME=VALUE]... | INPUT --effect "
    + "NAME[:P=V,...]... (--time SECONDS -o OUT.png | --fps FPS -o DIR/) [options]"
  static let discussion = """
    Arguments are given by the kernel's parameter names; a parameter with a default may be
    left out. Layer and distortion effects sample within --max-sample-offset of each pixel
    (default: what the kernel declares, e.g. the ripple's amplitude). --check-bounds reports
    samples beyond it, which SwiftUI would silently clip.
    Example: layerfx apply ripple photo.png --arg origin=200,150 --arg time=0.3 -o out.png

    A chain: each --effect NAME[:PARAM=VALUE,...] adds one effect, in order, as stacked
    SwiftUI modifiers (the first innermost; each reads the previous one's output clamped to
    [0, 1]). An effect's time-since-trigger parameter (the ripple's time), unless given, is the
    animation clock: the frame's time at --time, or 0 to --duration seconds at --fps (frame k
    at t = k / fps, until --duration or for --frames N). Outputs as for 'layerfx ripple':
    -o OUT.png, -o DIR/, --contact-sheet N, -o - for a raw stream, -o OUT.apng, --format,
    --frame-range A..B and --overlay LIST.
    Example: layerfx apply photo.png --effect ripple:origin=200,150,amplitude=20 --time 0.3 \
      -o out.png
    """
  static let options: [OptionSpec] =
    [
      .value("output", short: "o", "PATH", "output PNG file"),
      .value("arg", "NAME=VALUE", "a kernel argument (repeatable)", repeatable: true),
      .value("max-sample-offset", "X,Y", "declared maxSampleOffset, points"),
      .flag(
        "check-bounds",
        "report samples beyond maxSampleOffset on standard error; exit 1 if there are any"),
      .flag("padded", "grow the output by the padding on every side"),
      .value("scale", "PX/PT", "pixels per point of the input (default 1)"),
      .value(
        "effect", "NAME[:P=V,...]", "an effect of the chain, with arguments (repeatable)",
        repeatable: true),
      .value("duration", "SECONDS", "with --effect and --fps: the clock's length (default 3)"),
    ]
    + ChainRun.specs.filter { !["output", "max-sample-offset", "check-bounds"].contains($0.name) }
    + RenderOptions.specs + OutputOptions.specs + FrameLimits.specs + MetalFunctionReference.specs
    + [ConfigOptions.spec]

  static let command = Command(
    name: name, summary: summary, synopsis: synopsis, discussion: discussion,
    options: options, run: run)

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    if let loaded = try ConfigOptions.load(arguments, console: console) {
      return try runConfig(arguments, loaded, console: console)
    }
    if arguments.has("effect") { return try runChain(arguments, console: console) }
    for option in [
      "time", "fps", "frames", "contact-sheet", "duration", "format", "frame-range", "overlay",
    ] where arguments.has(option) {
      throw UsageError.invalid("--\(option) needs --effect (a chain)")
    }
    let names = try arguments.positionals("KERNEL (see 'layerfx list')", InputImage.usageName)
    let function = try MetalFunctionReference.function(
      names[0], arguments: arguments, console: console)
    guard function.kind != .fill else {
      throw UsageError.invalid(
        "'\(function.name)' is a fill (it draws without an input); use 'layerfx render "
          + "\(names[0]) --size WxH -o OUT.png'")
    }
    let outputPath = try arguments.required("output", hint: "output: give -o OUT.png")
    try OutputOptions.checkIsFile(outputPath)
    let scale = try arguments.value("scale", as: .positiveNumber, default: 1)
    let render = try RenderOptions(arguments)
    let output = try OutputOptions(arguments)
    let input = try InputImage(
      names[1], scale: Float(scale), pixelLimit: render.pixelLimit)
    // Every file the command reads: the input, a .metal source, images given as --arg values.
    let reads =
      (input.path.map { [$0] } ?? [])
      + (MetalFunctionReference.isMetal(names[0])
        ? [MetalFunctionReference.split(names[0]).path] : [])
      + arguments.all("arg").compactMap {
        $0.split(separator: "=", maxSplits: 1).last.map(String.init)
      }
    try OutputOptions.checkNotInput(outputPath, protecting: reads)
    let shader = Shader(
      function: function,
      namedArguments: try bind(arguments.all("arg"), to: function, pixelLimit: render.pixelLimit))
    var prepared = try shader.prepared(sizeInPoints: input.image.sizeInPoints)
    if let offset = try arguments.value("max-sample-offset", as: .point) {
      guard offset.x >= 0, offset.y >= 0 else {
        throw UsageError.invalidValue(
          option: "max-sample-offset", value: arguments.value("max-sample-offset") ?? "",
          expected: "two numbers ≥ 0")
      }
      prepared.maxSampleOffset = offset
    }
    if function.kind != .color {
      try render.checkPaddedSize(of: input.image, maxSampleOffset: prepared.maxSampleOffset)
    }
    let result = render.renderer.render(
      prepared, input.image, bounds: arguments.has("padded") ? .padded : .source,
      checksSampleBounds: arguments.has("check-bounds"))
    try MetalFunctionReference.checkFaults()
    try output.write(
      result.image, to: outputPath, metadata: input.metadata, console: console,
      protecting: reads)
    if let report = result.report {
      console.error("layerfx: bounds: \(report)")
      if !report.isWithinBounds { throw AlreadyReported(exitCode: .failure) }
    }
  }

  /// `apply [INPUT] --config FILE.json`: the config's chain (or, with `--effect`, the command
  /// line's) on the general path, the config filling in every option not given; every effect
  /// is evaluated over the whole schedule before the first frame.
  static func runConfig(
    _ given: ParsedArguments, _ loaded: (path: String, config: DebugConfig), console: Console
  ) throws {
    let arguments = try ConfigOptions.filling(given, from: loaded, options: options)
    if given.has("effect") { return try runChain(arguments, console: console) }
    for option in ["arg", "padded"] where given.has(option) {
      throw UsageError.invalid("--\(option) cannot be used with --config; set it in the config")
    }
    let run = try ChainRun(arguments)
    let prepared = try run.prepare(arguments)
    let config = loaded.config
    try prepared.run(console: console, reads: [loaded.path] + config.files) { image in
      let chain = config.chain(sizeInPoints: image.sizeInPoints)
      try config.checkSchedule(
        file: loaded.path, sizeInPoints: image.sizeInPoints,
        times: try ConfigOptions.times(arguments, endTime: chain.endTime))
      return chain
    }
  }

  /// `apply INPUT --effect …`: the chain on the general path.
  static func runChain(_ arguments: ParsedArguments, console: Console) throws {
    for option in ["arg", "padded"] where arguments.has(option) {
      throw UsageError.invalid("--\(option) cannot be used with --effect; give NAME:PARAM=VALUE")
    }
    let run = try ChainRun(arguments)
    let duration = try arguments.value("duration", as: .positiveNumber, default: 3)
    let prepared = try run.prepare(arguments)
    let clockLength = run.time.map { max($0, 0) } ?? duration
    let effects = try arguments.all("effect").map { text in
      try effect(text, clockLength: clockLength, pixelLimit: prepared.render.pixelLimit)
    }
    try prepared.run(console: console) { _ in EffectChain(effects) }
  }

  /// Parses `NAME[:PARAM=VALUE,...]` into an effect: a built-in function, its arguments (a
  /// value may itself hold commas, as `origin=200,150` does), and, unless given, its
  /// time-since-trigger parameter on the animation clock, 0 to `clockLength` seconds.
  static func effect(_ text: String, clockLength: Double, pixelLimit: Int) throws
    -> AnimatedEffect
  {
    let colon = text.firstIndex(of: ":")
    let function = try ShaderLibrary.default.function(
      named: String(text[..<(colon ?? text.endIndex)]))
    var pairs: [String] = []
    if let colon {
      for token in text[text.index(after: colon)...].split(separator: ",") {
        if token.contains("=") || pairs.isEmpty {
          pairs.append(String(token))
        } else {
          pairs[pairs.count - 1] += "," + token
        }
      }
    }
    let arguments = try bind(pairs, to: function, pixelLimit: pixelLimit, option: "effect")
    let values = ParameterValues(defaultsOf: function)
    guard let clock = function.parameter(role: .timeSinceTrigger)?.name,
      !arguments.contains(where: { $0.name == clock })
    else {
      return AnimatedEffect(function, arguments: arguments)
    }
    let timeline = KeyframeTimeline(
      initialValue: values, clock: ParameterValues.keyPath(clock), duration: clockLength)
    return AnimatedEffect(function, arguments: arguments, timeline: timeline)
  }

  /// Parses `NAME=VALUE` pairs into named arguments of the function's parameter types; the
  /// shader checks names (with a did-you-mean), defaults and ranges when it is prepared.
  static func bind(
    _ pairs: [String], to function: ShaderFunction, pixelLimit: Int, option: String = "arg"
  ) throws -> [(name: String, value: Shader.Argument)] {
    var seen: Set<String> = []
    return try pairs.map { pair in
      guard let equals = pair.firstIndex(of: "=") else {
        throw UsageError.invalidValue(option: option, value: pair, expected: "NAME=VALUE")
      }
      let name = String(pair[..<equals])
      let text = String(pair[pair.index(after: equals)...])
      guard seen.insert(name).inserted else {
        throw UsageError.invalid("--\(option) \(name) given more than once")
      }
      guard let parameter = function.parameters.first(where: { $0.name == name }) else {
        let names = function.parameters.map(\.name)
        throw ShaderArgumentError.unknownParameter(
          function: function.name, name: name, suggestion: closestName(to: name, among: names),
          parameters: names)
      }
      guard let value = try Shader.Argument.parse(text, as: parameter.type, pixelLimit: pixelLimit)
      else {
        throw UsageError.invalidValue(
          option: option, value: pair,
          expected: Shader.Argument.commandLineForm(of: parameter.type))
      }
      return (name, value)
    }
  }
}
