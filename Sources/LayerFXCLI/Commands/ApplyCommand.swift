import LayerFX
import LayerFXAnimation
import LayerFXArguments
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import LayerFXPNG
import LayerFXResolver

/// `layerfx apply`: any built-in kernel on an image, with its arguments by name.
enum ApplyCommand: CommandDefinition {
  static let name = "apply"
  static let summary =
    "Apply a kernel (built-in or FILE.metal:FUNCTION) or a chain of effects to an image."
  static let synopsis = """
    KERNEL INPUT [--arg NAME=VALUE]... -o OUT.png [options]
    KERNEL INPUT [--arg NAME=VALUE]... (--time SECONDS -o OUT.png | --fps FPS -o DIR/) [options]
    INPUT --effect EFFECT... [--time SECONDS] -o OUT.png [options]
    INPUT --effect EFFECT... --fps FPS -o DIR/ [options]
    """
  static let discussion = """
    KERNEL is a built-in kernel ('layerfx list') or FILE.metal:FUNCTION; EFFECT is
    KERNEL[:PARAM=VALUE,...].

    Arguments are given by the kernel's parameter names; a parameter with a default may be
    left out, and so may a position (the image's centre) or a view size (the image's size),
    as 'layerfx list' says. Layer and distortion effects sample within --max-sample-offset
    of each pixel (default: what the kernel declares, e.g. the ripple's amplitude; a .metal
    function declares none, so a .metal layer or distortion effect needs --max-sample-offset,
    as SwiftUI's layerEffect(_:maxSampleOffset:) needs its argument).
    --check-bounds reports samples beyond it, which SwiftUI would silently clip, and the
    offset that would be enough (measure one with --max-sample-offset 0,0 --check-bounds).
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

    A .metal function runs wherever a built-in does: KERNEL may be FILE.metal:FUNCTION, and an
    effect FILE.metal:FUNCTION[:P=V,...] (the colon after the function name starts its
    arguments). One kernel with --time or --fps is a chain of one effect. The clock drives the
    function's time parameter: a float named time or elapsedTime, or the float parameter
    --time-parameter NAME names (in every effect of a chain that has one).
    A kernel or effect without a time parameter, or with its value given (--arg time=0.3,
    ripple:time=0.3), is the same in every frame; --fps still renders 0 to --duration. A
    chain in which no effect is on the clock (and no --tap) is a still: it needs no --time.

    Taps, as 'layerfx ripple' has them, for any effect with a position parameter (a float2
    the kernel declares as one, or a .metal float2 named origin, center, touch, point,
    location, tapLocation or touchLocation when exactly one is; or the float2 parameter
    --position-parameter NAME names): each --tap X,Y@T replays the effect from T seconds
    with its position at X,Y points and its time parameter running 0 to --duration, drawn
    while in (0, --duration); overlapping taps stack one pass each, in tap order. An effect
    without a time parameter takes the first tap's point; one with a time parameter and no
    position is replayed by the taps' times. With --config, --tap replaces the config's
    triggers.
    Example: layerfx apply Shaders/LayerEffects/Ripple.metal:Ripple photo.png --arg \
    amplitude=12 --arg frequency=15 --arg decay=8 --arg speed=1200 --max-sample-offset \
    12,12 --tap 100,80@0 --tap 300,200@0.4 --fps 30 -o frames/
    Example: layerfx apply photo.png --effect \
    Shaders/DistortionEffects/Water.metal:Water:amplitude=6,wavelength=40,frequency=3 \
    --effect grayscale --max-sample-offset 6,6 --fps 30 --duration 2 -o frames/
    """
  static let options: [OptionSpec] =
    [
      ChainRun.outputSpec,
      .value("arg", "NAME=VALUE", "a kernel argument (repeatable)", repeatable: true),
      .value(
        "max-sample-offset", "X,Y",
        "declared maxSampleOffset, points (required for a .metal layer or distortion effect)"),
      .flag(
        "check-bounds",
        "report samples beyond maxSampleOffset on standard error; exit 1 if there are any"),
      .flag("padded", "grow the output by the padding on every side"),
      .value("scale", "PX/PT", "pixels per point of the input, 1/1024…1024 (default 1)"),
      .value(
        "effect", "NAME[:P=V,...]", "an effect of the chain, with arguments (repeatable)",
        repeatable: true),
      .value("duration", "SECONDS", "with --fps: the clock's length (default 3)"),
      .value(
        "time-parameter", "NAME",
        "the float parameter the clock drives (default: the one named time or elapsedTime)"),
    ] + TapOptions.specs
    + ChainRun.specs.filter { !["output", "max-sample-offset", "check-bounds"].contains($0.name) }
    + RenderOptions.specs + OutputOptions.specs + FrameLimits.specs + MetalOptions.specs
    + [ConfigOptions.spec]

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    let loaded = try ConfigOptions.load(arguments, console: console)
    try MetalOptions.checkOptions(arguments, config: loaded?.config)
    if let loaded { return try runConfig(arguments, loaded, console: console) }
    if arguments.has("effect") { return try runChain(arguments, console: console) }
    if arguments.has("time") || arguments.has("fps") {
      return try runAnimated(arguments, console: console)
    }
    for option in [
      "frames", "contact-sheet", "duration", "time-parameter", "format", "frame-range", "overlay",
      "tap",
    ] where arguments.has(option) {
      throw UsageError.invalid("--\(option) needs --time or --fps")
    }
    try runStill(arguments, console: console)
  }

  /// `apply KERNEL INPUT -o OUT.png`: one kernel over the image, off the clock; `--padded`
  /// grows the output by the padding.
  static func runStill(_ arguments: ParsedArguments, console: Console) throws {
    // An input alone: the kernel before it was forgotten, not the input.
    if arguments.positionals.count == 1, let input = arguments.positionals.first,
      RenderJob.Input.looksLikeInput(input)
    {
      throw UsageError.missing(
        "KERNEL before INPUT '\(input)': layerfx apply KERNEL \(input) …, or layerfx apply "
          + "\(input) --effect NAME …; 'layerfx list' lists the kernels")
    }
    let names = try arguments.positionals(kernelUsageName, RenderJob.Input.usageName)
    let function = try effectFunction(names[0], arguments: arguments, console: console)
    try checkParameter(arguments, "position-parameter", among: [function])
    if arguments.has("max-sample-offset") {
      try SettingError.reporting { try MaxSampleOffsetSources.checkSamples([function]) }
    }
    let outputPath = try arguments.required("output", hint: "output: give -o OUT.png")
    try OutputOptions.checkIsFile(outputPath)
    let scale = try arguments.value("scale", as: .scale, default: 1)
    let render = try RenderOptions(arguments)
    let output = try OutputOptions(arguments)
    let input = try RenderJob.Input(
      commandLine: names[1], scale: Float(scale), limits: render.limits)
    // Every file the command reads: the input, a .metal source, images given as --arg values.
    let reads =
      (input.path.map { [$0] } ?? [])
      + (KernelReference.isMetal(names[0])
        ? [KernelReference.split(names[0]).path] : [])
      + arguments.all("arg").compactMap {
        $0.split(separator: "=", maxSplits: 1).last.map(String.init)
      }
    // A view size or position not given is the image's (Semantics §1.2).
    let shader = Shader(
      function: function,
      namedArguments: function.withViewArguments(
        try function.bind(arguments.all("arg"), pixelLimit: render.pixelLimit),
        sizeInPoints: input.image.sizeInPoints))
    // After the arguments are bound, so every image they read is known.
    try RenderJob.Output.checkNotRead(outputPath, reads: reads)
    try OutputOptions.checkExtension(outputPath)
    let file = try RenderJob.Output(path: outputPath).open(protecting: reads)
    let prepared = try MaxSampleOffsetSources(given: try ChainRun.maxSampleOffset(arguments))
      .prepare(shader, sizeInPoints: input.image.sizeInPoints)
    // After the arguments are checked, so a missing argument is named first.
    try SettingError.reporting {
      try MaxSampleOffsetSources.checkRequired(
        [(function, hasOwn: false)], given: arguments.has("max-sample-offset"))
    }
    var limits = render.limits
    limits.animation = try FrameLimits.limits(arguments)
    let still = ShaderStill(
      prepared, isPadded: arguments.has("padded"), checksBounds: arguments.has("check-bounds"),
      output: RenderJob.Output(path: outputPath, encoder: output.encoder), limits: limits)
    try still.check(input)
    guard try still.run(input, into: file, events: console.renderJobEvents) else {
      throw AlreadyReported(exitCode: .failure)
    }
  }

  /// `apply [INPUT] --config FILE.json`: the config's chain, or with `--effect` the command
  /// line's.
  ///
  /// The chain runs on the general path, the flags over the config's settings; every
  /// effect is evaluated over the whole schedule before the first frame, and an error about a
  /// setting the config gave names its key (``ConfigOptions/attributing(_:commandLine:_:)``).
  /// With `checkOnly` (`layerfx config check`) it stops just before the first frame renders.
  static func runConfig(
    _ given: ParsedArguments, _ loaded: (path: String, config: DebugConfig), console: Console,
    checkOnly: Bool = false
  ) throws {
    // INPUT on the command line replaces the config's input (a fill is drawn at the scale and
    // limits of the options).
    if given.has("effect") {
      if given.positionals.isEmpty, case .fill? = loaded.config.input {
        throw UsageError.invalid("--effect needs INPUT when the config's input is a fill")
      }
      return try runChain(given, document: loaded.config, console: console)
    }
    for option in ["arg", "padded", "position-parameter"] where given.has(option) {
      throw UsageError.invalid("--\(option) cannot be used with --config; set it in the config")
    }
    // --tap replaces the config's triggers, as it does for 'layerfx ripple --config'.
    let taps = try given.all("tap", as: .tap)
    try SettingError.reporting {
      try AnimatedEffect.checkTaps(
        taps,
        for: loaded.config.effects.map { AnimatedEffect($0.function, arguments: $0.arguments) })
    }
    try ConfigOptions.attributing(loaded, commandLine: given) {
      let run = try ChainRun(given, document: loaded.config)
      try TapOptions.checkTimes(given, fps: run.settings.timing.fps)
      // The config's triggers at the run's rate (--fps, else output.fps), unless --tap replaces
      // them.
      if taps.isEmpty {
        try loaded.config.checkTriggerTimes(fps: run.settings.timing.fps, file: loaded.path)
      }
      let prepared = try run.prepare(given)
      let config = loaded.config
      try prepared.run(
        console: console, reads: [loaded.path] + config.files, checkOnly: checkOnly
      ) { image in
        var config = config
        if !taps.isEmpty { config.triggers = taps }
        // --max-sample-offset replaces debug.maxSampleOffset, not an effect's own offset.
        let chain = config.chain(sizeInPoints: image.sizeInPoints, offsets: prepared.offsets)
        let times = try prepared.times(endTime: chain.animationLength)
        // Padded sizes at the config's keys, unless a flag changes them (then in its words).
        if ConfigOptions.changesPadding(given) {
          try config.checkSchedule(
            file: loaded.path, sizeInPoints: image.sizeInPoints, times: times,
            offsets: prepared.offsets)
        } else {
          try config.checkSchedule(
            file: loaded.path, image: image, times: times, pixelLimit: prepared.render.pixelLimit)
        }
        return chain
      }
    }
  }

  static let kernelUsageName = "KERNEL (see 'layerfx list')"

  /// The effect `text` names (a built-in or `FILE.metal:FUNCTION`), which must not be a fill,
  /// with the parameter `--position-parameter` names in the position role.
  static func effectFunction(_ text: String, arguments: ParsedArguments, console: Console)
    throws -> ShaderFunction
  {
    let function = try MetalOptions.resolver(arguments, console: console).function(text)
    guard function.kind != .fill else {
      throw UsageError.invalid(
        "'\(function.name)' is a fill (it draws without an input); use 'layerfx render "
          + "\(text) --size WxH -o OUT.png'")
    }
    return TapOptions.function(function, arguments)
  }

  /// `apply KERNEL INPUT --time …|--fps …`: one kernel as a chain of one effect, its time
  /// parameter on the animation clock.
  static func runAnimated(_ arguments: ParsedArguments, console: Console) throws {
    if arguments.has("padded") {
      throw UsageError.invalid("--padded cannot be used with --time or --fps")
    }
    let run = try ChainRun(arguments, kernelName: kernelUsageName)
    let kernel = arguments.positionals[0]
    let function = try effectFunction(kernel, arguments: arguments, console: console)
    let timeParameter = arguments.value("time-parameter")
    try checkParameter(arguments, "time-parameter", among: [function])
    try checkParameter(arguments, "position-parameter", among: [function])
    let duration = try FrameLimits.duration(arguments, timing: run.settings.timing)
    let taps = try arguments.all("tap", as: .tap)
    try TapOptions.checkTimes(arguments, fps: run.settings.timing.fps)
    let prepared = try run.prepare(arguments)
    // As in a chain: a kernel without a time parameter, or with it given, is the same in
    // every frame, and --fps still renders 0 to --duration.
    let effect = try animated(
      function, pairs: arguments.all("arg"), option: "arg", effect: nil,
      clockLength: run.settings.time.map { max($0, 0) } ?? duration,
      pixelLimit: prepared.render.pixelLimit, timeParameter: timeParameter)
    try runEffects(
      [effect], isChain: false, taps: taps, duration: duration, timeParameter: timeParameter,
      prepared: prepared, console: console)
  }

  /// `apply INPUT --effect …`: the chain on the general path; `document` is the config of
  /// `--config` with `--effect`, whose settings the flags override
  /// (``ChainRun/init(_:kernelName:stillTime:document:)``).
  static func runChain(
    _ arguments: ParsedArguments, document: DebugConfig? = nil, console: Console
  ) throws {
    for option in ["arg", "padded"] where arguments.has(option) {
      throw UsageError.invalid("--\(option) cannot be used with --effect; give NAME:PARAM=VALUE")
    }
    // `apply twirl photo.png --effect sepia`: a kernel before the input as well as a chain.
    if arguments.positionals.count == 2, let kernel = arguments.positionals.first {
      throw UsageError.invalid(
        "KERNEL '\(kernel)' cannot be used with --effect; give it as --effect \(kernel), "
          + "in the chain's order")
    }
    let timeParameter = arguments.value("time-parameter")
    let parsed = try arguments.all("effect").map { text in
      let (name, argumentText) = KernelReference.splitEffect(text)
      let function = try effectFunction(name, arguments: arguments, console: console)
      return (name: name, function: function, pairs: try pairs(argumentText, in: text))
    }
    let taps = try arguments.all("tap", as: .tap)
    // A chain with no effect on the clock (no time parameter, or its value given) and no tap
    // is a still and needs no --time, as one kernel does (`apply twirl photo.png -o out.png`).
    let isStill =
      taps.isEmpty
      && parsed.allSatisfy { effect in
        guard let clock = effect.function.clockParameter(named: timeParameter) else {
          return true
        }
        return effect.pairs.contains { $0.hasPrefix(clock + "=") }
      }
    let run = try ChainRun(arguments, stillTime: isStill ? 0 : nil, document: document)
    try TapOptions.checkTimes(arguments, fps: run.settings.timing.fps)
    let duration = try FrameLimits.duration(arguments, timing: run.settings.timing)
    let prepared = try run.prepare(arguments)
    let clockLength = run.settings.time.map { max($0, 0) } ?? duration
    let effects = try parsed.map { effect in
      try animated(
        effect.function, pairs: effect.pairs, option: "effect", effect: effect.name,
        clockLength: clockLength,
        pixelLimit: prepared.render.pixelLimit, timeParameter: timeParameter)
    }
    try checkParameter(arguments, "time-parameter", among: effects.map(\.function))
    try checkParameter(arguments, "position-parameter", among: effects.map(\.function))
    try runEffects(
      effects, isChain: true, taps: taps, duration: duration, timeParameter: timeParameter,
      prepared: prepared, console: console)
  }

  /// Runs `effects` on the clock as a chain (one kernel is a chain of one), each replayed by
  /// `taps`, after the checks that need them all: the taps' points and every offset a `.metal`
  /// pass requires (`isChain`: the effects come from `--effect`, whose item errors name).
  static func runEffects(
    _ effects: [AnimatedEffect], isChain: Bool, taps: [AnimatedEffect.Trigger], duration: Double,
    timeParameter: String?, prepared: ChainRun.Prepared, console: Console
  ) throws {
    try SettingError.reporting {
      try AnimatedEffect.checkTaps(taps, for: effects)
      try MaxSampleOffsetSources.checkRequired(
        effects.map { ($0.function, hasOwn: $0.maxSampleOffset != nil) },
        given: prepared.offsets.shared != nil, isChain: isChain)
    }
    try prepared.run(console: console, length: duration) { image in
      EffectChain(
        effects.map {
          $0.replayed(
            by: taps, duration: duration, timeParameter: timeParameter,
            sizeInPoints: image.sizeInPoints)
        })
    }
  }

  /// Splits an effect's argument text `P=V,...` into `P=V` pairs
  /// (``LayerFXComposition/KernelReference/pairs(_:)``).
  ///
  /// - Parameters:
  ///   - text: What follows the colon after the effect's name; `nil` when there is no colon.
  ///   - effect: The whole `--effect` value, named in errors.
  ///   - option: The option named in errors, without dashes, or the command's words
  ///     (`config dump`; ``LayerFXArguments/UsageError/spelling(of:)``).
  /// - Returns: The `P=V` texts, in order.
  /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` for a colon with nothing
  ///   after it or an empty item.
  static func pairs(_ text: Substring?, in effect: String, option: String = "effect")
    throws(UsageError) -> [String]
  {
    do {
      return try KernelReference.pairs(text)
    } catch {
      throw .invalidValue(option: option, value: effect, expected: error.expected)
    }
  }

  /// Refuses a `--time-parameter` that no function has as a `float` parameter, or a
  /// `--position-parameter` that none has as a `float2` one.
  ///
  /// - Parameters:
  ///   - arguments: The command line.
  ///   - option: `time-parameter` or `position-parameter`.
  ///   - functions: The effects the option applies to.
  /// - Throws: ``UsageError`` naming the option, with the closest name of that type.
  static func checkParameter(
    _ arguments: ParsedArguments, _ option: String, among functions: [ShaderFunction]
  ) throws {
    guard let name = arguments.value(option) else { return }
    let type: Shader.ArgumentType = option == "time-parameter" ? .float : .float2
    let names = functions.flatMap { $0.parameters.filter { $0.type == type }.map(\.name) }
    guard !names.contains(name) else { return }
    let suggestion = closestName(to: name, among: names).map { " (did you mean '\($0)'?)" }
    throw UsageError.invalid(
      "--\(option) \(name): no effect has a \(type.rawValue) parameter of that name"
        + (suggestion ?? ""))
  }

  /// An effect of `function` with the arguments `pairs` (its own offset among them) on the
  /// animation clock, 0 to `clockLength` seconds
  /// (``LayerFXComposition/AnimatedEffect/onClock(_:arguments:timeParameter:length:maxSampleOffset:)``);
  /// `effect` is its name as the command line gives it, `nil` for a kernel's `--arg` items.
  static func animated(
    _ function: ShaderFunction, pairs: [String], option: String, effect: String?,
    clockLength: Double, pixelLimit: Int, timeParameter: String?
  ) throws -> AnimatedEffect {
    var (pairs, offset): ([String], float2?) = (pairs, nil)
    if let effect { (pairs, offset) = try ownOffset(pairs, of: function, effect: effect) }
    return .onClock(
      function,
      arguments: try function.bind(pairs, pixelLimit: pixelLimit, option: option, effect: effect),
      timeParameter: timeParameter, length: clockLength, maxSampleOffset: offset)
  }

  /// Takes the reserved item `maxSampleOffset=X,Y` out of an effect's `pairs`
  /// (``LayerFXComposition/KernelReference/ownOffset(_:of:context:)``): the effect's own
  /// offset, points, which `--max-sample-offset` does not replace; `--arg` reserves no item.
  ///
  /// - Parameters:
  ///   - pairs: The effect's `P=V` texts.
  ///   - function: The effect's function.
  ///   - effect: The effect as the command line names it (`twirl`, `crash.metal:crash`).
  ///   - option: The option whose value holds the pairs, without dashes, or the command's
  ///     words (`config dump`; ``LayerFXArguments/UsageError/spelling(of:)``).
  /// - Returns: The other pairs, and the offset if given.
  /// - Throws: ``UsageError`` (exit 64) for a malformed offset, one given twice or one given
  ///   to a colour effect, naming `option` and `effect`.
  static func ownOffset(
    _ pairs: [String], of function: ShaderFunction, effect: String, option: String = "effect"
  ) throws -> (pairs: [String], offset: float2?) {
    let (rest, text) = try SettingError.reporting {
      try KernelReference.ownOffset(
        pairs, of: function, context: "\(UsageError.spelling(of: option)) \(effect)")
    }
    guard let text else { return (rest, nil) }
    let offset = try ParsedArguments.parse(
      text, option: option, as: .offset,
      shown: "\(effect):\(KernelReference.offsetItem)=\(text)")
    return (rest, offset)
  }
}
