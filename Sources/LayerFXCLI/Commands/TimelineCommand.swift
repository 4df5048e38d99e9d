import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXArguments
import LayerFXComposition
import LayerFXFiles
import LayerFXKernels
import LayerFXPNG

/// `layerfx timeline`: a config document's keyframe tracks sampled over time, as CSV and
/// optionally as an SVG chart.
enum TimelineCommand: CommandDefinition {
  static let name = "timeline"
  static let summary = "Print a config's keyframe tracks over time as CSV, or chart them as SVG."
  static let synopsis =
    "FILE.json [--effect NAME] [--from SECONDS] [--to SECONDS] [--step SECONDS] [--svg OUT.svg] [--png OUT.png]"
  static let discussion = """
    FILE.json is a keyframes document (see 'layerfx ripple --help') or a debug config (see
    'layerfx config dump'), whose effect --effect NAME picks (default: the first with
    tracks or a clock); its
    columns are then named effects[i].keyframes.<track>. Prints a header
    time,keyframes.<track>,… then one row per sample time from, from + step, … up to to,
    each value with 6 decimals. Columns are named by the track's JSON key path; the ripple's
    clock keyframes.time is always listed (the default clock, 0 → duration over duration,
    when the file has no time track). Parameters start from the kernel's declared defaults,
    for the \(defaultEffect.name)
      \(defaultEffectDefaults).
    Times are seconds since a tap; values hold after a track ends.
    --svg also draws the tracks: one panel per track with its own value axis in the track's
    unit, a shared time axis in seconds, and a legend. --png draws the same panels, grid,
    lines and tick numbers as a PNG (names, units and the legend are the SVG's only).
    --effect NAME reads the tracks of another built-in kernel (default \(defaultEffect.name)): its float
    parameters, at their declared defaults, with its time-since-trigger parameter as the
    clock.
    """
  static let options: [OptionSpec] = [
    .value("from", "SECONDS", "first sample time, seconds (default 0)"),
    .value("to", "SECONDS", "last sample time, seconds (default: the timeline's duration)"),
    .value("step", "SECONDS", "time between samples, seconds, > 0 (default 0.05)"),
    .value("svg", "OUT.svg", "also write the chart to this SVG file"),
    .value("png", "OUT.png", "also write the chart to this PNG file"),
    .value(
      "effect", "NAME",
      "the kernel whose parameters the tracks animate (default \(defaultEffect.name); in a "
        + "debug config, "
        + "its first effect)"),
  ]

  /// The kernel a keyframes document animates when `--effect` names none.
  static let defaultEffect = ShaderLibrary.defaultEffect

  /// The default effect's animated parameters other than its clock, with their declared
  /// defaults and units: `amplitude 12 points, …` for the ripple.
  static var defaultEffectDefaults: String {
    defaultEffect.parameters.filter { $0.role == nil }.compactMap { parameter in
      guard case .float(let value)? = parameter.defaultValue else { return nil }
      return "\(parameter.name) \(value.shortDescription)"
        + (parameter.unit.map { " \($0.name)" } ?? "")
    }.joined(separator: ", ")
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    let file = try arguments.positionals("FILE.json")[0]
    let from = try arguments.value("from", as: .time, default: 0)
    let to = try arguments.value("to", as: .time)
    let step = try arguments.value("step", as: .positiveNumber, default: 0.05)
    let svgPath = arguments.value("svg")
    if let svgPath { try OutputOptions.checkNotInput(svgPath, input: file) }
    let pngPath = arguments.value("png")
    if let pngPath {
      try OutputOptions.checkIsFile(pngPath)
      try OutputOptions.checkNotInput(pngPath, input: file)
    }
    let data = try ConfigFile.read(file)
    let tracks =
      DebugConfig.isDocument(data)
      ? try debugTracks(data, file: file, arguments: arguments, console: console)
      : try keyframesTracks(data, file: file, effect: arguments.value("effect"))
    let end = to ?? tracks.timeline.duration
    guard from < end else {
      let toText = arguments.value("to") ?? "\(end.fixed(3)), the timeline's duration"
      throw UsageError.invalid(
        "--from (\(arguments.value("from") ?? "0")) must be less than --to (\(toText))")
    }
    guard let times = TimelineTable.times(from: from, to: end, step: step) else {
      throw UsageError.invalid(
        "--from \(from.fixed(3)) --to \(end.fixed(3)) --step \(arguments.value("step") ?? "0.05") "
          + "gives more than \(TimelineTable.maxRowCount) rows; use a larger --step or a shorter "
          + "range")
    }
    if svgPath != nil || pngPath != nil {
      let chart = tracks.chart(
        title: "\(URL(fileURLWithPath: file).lastPathComponent): keyframe tracks", times: times)
      if let svgPath { try TextFile.write(chart.svg, to: svgPath, protecting: [file]) }
      if let pngPath {
        try AtomicFile.write(
          try PNGEncoder().encode(chart.image, name: pngPath), to: pngPath, protecting: [file])
      }
    }
    console.print(tracks.csv(times: times))
  }

  /// The tracks of a keyframes document for the built-in `effect` (``defaultEffect`` by
  /// default).
  ///
  /// - Throws: ``UsageError`` for a kernel without a clock; ``ConfigError``.
  static func keyframesTracks(_ data: Data, file: String, effect: String?) throws
    -> TimelineTable
  {
    let function = try ShaderLibrary.default.function(named: effect ?? defaultEffect.name)
    guard let clock = function.parameter(role: .timeSinceTrigger)?.name else {
      throw UsageError.invalid(
        "--effect \(function.name) has no time-since-trigger parameter to animate")
    }
    let config = try KeyframesConfig(
      data: data, file: file == "-" ? InputFile.standardInputName : file,
      initialValue: ParameterValues(defaultsOf: function), clock: clock, defaultDuration: 3)
    return TimelineTable(
      timeline: config.timeline, names: config.animatedNames, prefix: "keyframes.",
      function: function)
  }

  /// The tracks of one effect of a debug config: `--effect NAME` (its kernel or function name),
  /// or the first with tracks or a clock; its tracks and its clock, from its values.
  ///
  /// - Throws: ``ConfigError``; ``UsageError`` when no effect has that name, or the effect has
  ///   neither tracks nor a clock.
  static func debugTracks(
    _ data: Data, file: String, arguments: ParsedArguments, console: Console
  ) throws -> TimelineTable {
    let config = try DebugConfig(
      data: data, file: file, directory: DebugConfig.directory(of: file),
      resolve: ConfigOptions.resolver(arguments, console: console, configData: data))
    let wanted = arguments.value("effect")
    guard let index = TimelineTable.effectIndex(in: config, named: wanted) else {
      let names = config.effects.map(\.function.name)
      let known = names.isEmpty ? "" : " (it has \(names.joined(separator: ", ")))"
      throw UsageError.invalid(
        (wanted.map { "--effect \($0): \(file) has no such effect" }
          ?? "\(file): no effect has keyframe tracks or a clock to chart")
          + known)
    }
    let effect = config.effects[index]
    guard !TimelineTable.charted(effect).isEmpty else {
      throw UsageError.invalid(
        "\(file): effects[\(index)] (\(effect.function.name)) has no keyframe tracks and no clock "
          + "to chart")
    }
    return try TimelineTable(effect: index, of: config)
  }
}
