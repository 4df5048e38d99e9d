import Foundation
import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import LayerFXResolver

/// `layerfx config`: prints a complete debug config or its JSON Schema, or checks a config
/// without rendering.
enum ConfigCommand: CommandDefinition {
  static let name = "config"
  static let summary = "Print a debug config or its JSON Schema, or check a config file."
  static let synopsis =
    "dump [KERNEL|FILE.metal:FUNCTION[:P=V,...]]... | schema | check FILE.json "
    + "[--for COMMAND] [-o PATH] [limits]"
  static let discussion = """
    config dump prints a complete debug config with every default spelled out: with no
    kernel, or 'ripple', the ripple command's defaults; otherwise one effect per kernel, in
    order (a fill becomes the input, so at most one fill). KERNEL:P=V,... gives arguments as
    --effect does; a parameter without a default (every one of a .metal function's) must be
    given so.
    It renders \(dumpInput.commandLineText ?? "") at t = \(dumpTime) s to \(dumpPath):
    edit it, then pass it to 'layerfx ripple|apply|render --config FILE.json' or
    'layerfx tune FILE.json'.
    config schema prints the config's JSON Schema (draft 2020-12), derived from the kernels'
    declarations: every key with its type, unit, range, default and description.
    config check FILE.json runs every check the render the config describes runs before its
    first frame, the same code stopped there: 'layerfx render --config' for a fill drawn
    alone, 'layerfx apply --config' otherwise, or the one --for COMMAND names (ripple, apply,
    render), with the output (-o) and limits (--max-pixels, --max-frames, …) given here.
    Effects without output.time or output.fps, and no --for, are checked at the frames
    'layerfx tune' previews. It prints
    'FILE.json: ok (as layerfx COMMAND --config runs it)' or '(as layerfx tune previews
    it)', or the error naming the file and the key (exit 65).
    """
  static let options: [OptionSpec] =
    [
      .value(
        "output", short: "o", "PATH",
        "with check: the output the render is given on its command line (replaces output.path)"),
      .value(
        "for", "COMMAND",
        "with check: the command that renders the config, ripple, apply or render (default: "
          + "render for a fill drawn alone, apply otherwise)"),
    ] + MetalOptions.specs + RenderOptions.specs + FrameLimits.specs

  /// The dumped config's input, the time of its one frame and the times `tune` previews
  /// (seconds), and its output.
  ///
  /// The times lie where the default ripple shows on the input (new-user trial 9: at 0.5 s and
  /// at 1/5 … 4/5 of its 3 s every frame was the plain card): from the centre at 1200 points
  /// per second its ring reaches the farthest corner, √(256² + 192²) = 320 points away, at
  /// 0.27 s, and its amplitude has decayed to e^(−8 × 0.2) = 20 % by 0.2 s.
  static let dumpInput = DebugConfig.Input.testCard(width: 512, height: 384)
  static let dumpTime = 0.15
  static let dumpPreviewTimes = [0.05, 0.1, 0.15, 0.2]
  static let dumpPath = "out.png"
  /// What a `config dump` user does about a stored padding over the pixel limit, which the
  /// dump checks at the default `--max-pixels` (it takes no limit options): the offset and the
  /// arguments come from the effect's text.
  static let dumpPaddingRemedy =
    "give a smaller maxSampleOffset=X,Y in the effect (or lower the arguments that set it); "
    + "config dump checks at the default pixel limit"

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    guard let action = arguments.positionals.first else {
      throw UsageError.missing("ACTION: dump, schema or check")
    }
    let rest = Array(arguments.positionals.dropFirst())
    if action != "check",
      let option = arguments.values.keys.sorted().first(where: {
        $0 != "half" && $0 != "shader-timeout"
      })
    {
      throw UsageError.invalid("--\(option) goes with 'config check'")
    }
    // dump and schema read no config: the kernels named here are all there is.
    if action != "check" { try MetalOptions.checkOptions(arguments) }
    switch action {
    case "dump":
      let text = try dump(rest, arguments: arguments, console: console).json.text
      try console.writeOutput(Array(text.utf8))
    case "schema":
      if let extra = rest.first { throw UsageError.unexpectedArgument(extra) }
      try console.writeOutput(Array(DebugConfig.schema(library: .default).text.utf8))
    case "check":
      guard rest.count == 1 else {
        if rest.count > 1 { throw UsageError.unexpectedArgument(rest[1]) }
        throw UsageError.missing("FILE.json: the config to check")
      }
      let checkedAs = try check(rest[0], arguments: arguments, console: console)
      console.print("\(rest[0]): ok (\(checkedAs))")
    default:
      throw UsageError.invalid(
        "unknown action '\(action)'; expected dump, schema or check"
          + (closestName(to: action, among: ["dump", "schema", "check"]).map {
            " (did you mean \($0)?)"
          } ?? ""))
    }
  }

  /// The config `config dump` prints for `kernels` (``ShaderLibrary/defaultEffect`` when
  /// empty), each `NAME[:P=V,...]` with the arguments the effect syntax takes (`apply
  /// --effect`).
  ///
  /// Every parameter gets a real value, so the dump checks and renders as printed: its declared
  /// default, or the one given after the name. A parameter with neither (a `.metal` file
  /// declares no defaults) is refused rather than invented.
  ///
  /// The dump is then checked by `config check`'s own code (the `check` that takes a loaded
  /// config), on the dump's own input, so it never prints a config its check refuses.
  ///
  /// - Throws: ``UsageError`` for an unknown kernel, a bad argument, a second fill (a config
  ///   has one input) or a config its check refuses (`config dump: effects[0]: …`, the check's
  ///   message); ``LayerFX/ShaderArgumentError`` for a value outside its parameter's range;
  ///   ``LayerFXComposition/DumpError`` for parameters without a default that are not given.
  static func dump(_ kernels: [String], arguments: ParsedArguments, console: Console) throws
    -> DebugConfig
  {
    var entries: [DebugConfig.DumpEntry] = []
    for text in kernels.isEmpty ? [ShaderLibrary.defaultEffect.name] : kernels {
      let (name, argumentText) = KernelReference.splitEffect(text)
      let function = try MetalOptions.resolver(arguments, console: console).function(name)
      // A fill is the config's one input: a second would replace the first unseen.
      if function.kind == .fill,
        let first = entries.first(where: { $0.function.kind == .fill })?.kernel
      {
        throw UsageError.invalid(
          "config dump: \(first) and \(KernelReference.absolute(name)) are both fills, and a "
            + "config draws one fill as its input; name one")
      }
      // As in --effect: maxSampleOffset=X,Y is the effect's own offset.
      let (pairs, offset) = try ApplyCommand.ownOffset(
        ApplyCommand.pairs(argumentText, in: text, option: "config dump"), of: function,
        effect: name, option: "config dump")
      // Before binding, which would read an image given as - from standard input.
      let images = try imagePaths(pairs, of: function)
      let given = try function.bind(
        pairs, pixelLimit: Int(Int32.max), option: "config dump", effect: name)
      // As apply refuses them: a value outside its range would dump a config that fails check.
      for (name, value) in given {
        guard let parameter = function.parameters.first(where: { $0.name == name }) else {
          continue
        }
        try ShaderArguments.check(value, against: parameter, function: function.name)
      }
      try DebugConfig.checkDumpable(function, given: given, name: name, maxSampleOffset: offset)
      entries.append((function, KernelReference.absolute(name), given, images, offset))
    }
    let config = DebugConfig(
      dumping: entries, input: dumpInput, width: 512, height: 384, time: dumpTime,
      previewTimes: dumpPreviewTimes, path: dumpPath)
    // What its `config check` would refuse on the dump's own input (an offset that pads the
    // 512 × 384 card beyond a side's limit), by that check, with the output on standard output
    // so that nothing is opened; a usage error, since the values are the command line's.
    var checked = config
    checked.output.path = "-"
    do {
      _ = try check(("config dump", checked), arguments: arguments, console: console)
    } catch let error as ConfigError {
      // The check's remedy for a stored padding over the pixel limit names the render's flags,
      // which config dump does not take: its user lowers the offset given in the effect.
      throw UsageError.invalid(
        "\(error)".replacingOccurrences(
          of: ChainRenderer.paddingRemedy, with: Self.dumpPaddingRemedy))
    }
    return config
  }

  /// The PNG file of each image argument among `pairs` (`P=V` texts bound to `function`), made
  /// absolute (``LayerFXComposition/KernelReference/absolutePath(_:)``) as a dumped config
  /// names it.
  ///
  /// - Throws: ``UsageError`` for an image given as `-` or `testcard:WxH`, which a config cannot
  ///   name (its image arguments are PNG files).
  private static func imagePaths(_ pairs: [String], of function: ShaderFunction) throws
    -> [String: String]
  {
    var paths: [String: String] = [:]
    for pair in pairs {
      guard let (name, value) = ShaderFunction.nameAndValue(pair),
        function.parameters.contains(where: { $0.name == name && $0.type == .image })
      else {
        continue
      }
      guard value != "-" && !value.hasPrefix("testcard:") else {
        throw UsageError.invalidValue(
          option: "config dump", value: pair,
          expected: "a PNG file: a config names an image argument by its file")
      }
      paths[name] = KernelReference.absolutePath(value)
    }
    return paths
  }

  /// Checks the config at `path` as its render would, without rendering: the run of the command
  /// `--for` names, or of `layerfx render --config` (a fill drawn alone) or, with `output.time`
  /// or `output.fps`, `layerfx apply --config` (anything else), with `checkOnly`, which stops just before the first frame,
  /// so the check passes exactly when that render starts; otherwise the input is loaded and
  /// every effect evaluated at `layerfx tune`'s preview times.
  ///
  /// - Returns: Which run was checked, for the `ok` line: `as layerfx apply --config runs it`
  ///   or `as layerfx tune previews it`, so that a pass is never read as a promise about
  ///   another command.
  /// - Throws: ``ConfigError`` (exit 65; an error about a setting names its key) and what the
  ///   render's checks throw.
  static func check(_ path: String, arguments: ParsedArguments, console: Console) throws
    -> String
  {
    let config = try ConfigOptions.decode(path, arguments: arguments, console: console)
    return try check((path, config), arguments: arguments, console: console)
  }

  /// Checks `loaded`, a config and the name its errors give, as the `check` of a path checks the
  /// config it decodes: the code `config check FILE.json` and `config dump` share.
  ///
  /// - Returns: Which run was checked, for the `ok` line.
  /// - Throws: ``ConfigError`` (exit 65) naming `loaded.path` and the key, and what the
  ///   render's checks throw.
  static func check(
    _ loaded: (path: String, config: DebugConfig), arguments: ParsedArguments, console: Console
  ) throws -> String {
    let (path, config) = loaded
    try ConfigOptions.checkOutputFolder((path, config), commandLine: arguments)
    try MetalOptions.checkOptions(arguments, config: config)
    let drawsFill = config.drawsFillAlone
    let commands = [RippleCommand.name, ApplyCommand.name, RenderCommand.name]
    let named = try arguments.value("for", as: .named(commands.map { ($0, $0) }))
    let chosen = named ?? (drawsFill ? RenderCommand.name : ApplyCommand.name)
    // A fill drawn alone renders one frame without a time too.
    guard named != nil || drawsFill || config.output.time != nil || config.output.fps != nil
    else {
      let limits = try RenderOptions(arguments).limits
      // An input that cannot be loaded names the config and its key, as `apply --config` does.
      try ConfigOptions.attributing(
        (path, config), commandLine: try ConfigOptions.optionsOnly(arguments)
      ) {
        try config.checkPreview(
          file: path, limits: limits, loadInput: RenderJob.Input.loader(of: config, limits: limits))
      }
      return "as layerfx tune previews it"
    }
    let command =
      [RippleCommand.command, ApplyCommand.command, RenderCommand.command].first {
        $0.name == chosen
      } ?? ApplyCommand.command
    // The command's run as `layerfx COMMAND --config FILE.json` with this command's limits.
    let names = Set(command.options.map(\.name))
    let parsed = try ParsedArguments(["--config", path], options: command.options)
      .filling(arguments.values.filter { names.contains($0.key) })
    switch chosen {
    case RenderCommand.name:
      try RenderCommand.run(parsed, loaded: (path, config), console: console, checkOnly: true)
    case RippleCommand.name:
      try RippleCommand.run(parsed, config: (path, config), console: console, checkOnly: true)
    default:
      try ApplyCommand.runConfig(parsed, (path, config), console: console, checkOnly: true)
    }
    return "as layerfx \(chosen) --config runs it"
  }
}
