import Foundation
import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXFiles
import LayerFXKernels

/// `layerfx timeline`: a config document's keyframe tracks sampled over time, as CSV and
/// optionally as an SVG chart.
enum TimelineCommand: CommandDefinition {
  static let name = "timeline"
  static let summary =
    "Print a config's keyframe tracks over time as CSV, or chart them as SVG or PNG."
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
    .value(
      "to", "SECONDS",
      "last sample time, seconds (default: the timeline's duration, the end of its longest "
        + "track as SwiftUI's KeyframeTimeline.duration; the file's duration is the clock "
        + "track's length only when it has no time track; 0 for moves only: one row)"),
    .value("step", "SECONDS", "time between samples, seconds, > 0 (default 0.05)"),
    .value("svg", "OUT.svg", "also write the chart to this SVG file (named .svg)"),
    .value("png", "OUT.png", "also write the chart to this PNG file (named .png)"),
    .value(
      "effect", "NAME",
      "the kernel whose parameters the tracks animate (default \(defaultEffect.name); in a "
        + "debug config, its first effect with tracks or a clock)"),
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
    if let svgPath {
      try checkChartPath(svgPath, option: "--svg", fileExtension: "svg", file: file)
    }
    let pngPath = arguments.value("png")
    if let pngPath {
      try checkChartPath(pngPath, option: "--png", fileExtension: "png", file: file)
    }
    let data = try ConfigFile.read(file)
    let effect = arguments.value("effect")
    // A debug config's effect, or the tracks of a keyframes document for a built-in.
    let tracks =
      DebugConfig.isDocument(data)
      ? try TimelineTable(
        effectNamed: effect,
        of: DebugConfig(
          data: data, file: file, directory: DebugConfig.directory(of: file),
          resolve: ConfigOptions.resolver(arguments, console: console, configData: data)),
        file: file)
      : try TimelineTable(
        keyframes: data, file: file,
        function: ShaderLibrary.default.function(named: effect ?? defaultEffect.name))
    let end = to ?? tracks.timeline.duration
    // The values as the user typed them; the duration, which no one typed, in its shortest
    // form (`1e+30`, never 31 digits).
    let fromText = arguments.value("from") ?? "0"
    let toText = arguments.value("to") ?? end.formatted
    let stepText = arguments.value("step") ?? "0.05"
    // A timeline of moves lasts 0 s: its one row, at 0, unless --to asks for a range.
    guard from < end || (to == nil && from == end) else {
      let toSource = to == nil ? ", the timeline's duration" : ""
      throw UsageError.invalid(
        "--from (\(fromText)) must be less than --to (\(toText)\(toSource))")
    }
    guard let times = TimelineTable.times(from: from, to: end, step: step) else {
      // Without --to the range is the file's: its data (exit 65), not a flag no one gave.
      guard to != nil else {
        throw ConfigError.invalidValue(
          file: file, path: "",
          reason: "the timeline is \(toText) s long; at --step \(stepText) that is more than "
            + "\(TimelineTable.maxRowCount) rows: give --to or a larger --step")
      }
      throw UsageError.invalid(
        "--from \(fromText) --to \(toText) --step \(stepText) gives more than "
          + "\(TimelineTable.maxRowCount) rows; use a larger --step or a shorter range")
    }
    if svgPath != nil || pngPath != nil {
      let chart = tracks.chart(
        title: "\(URL(fileURLWithPath: file).lastPathComponent): keyframe tracks", times: times)
      if let svgPath { try chart.writeSVG(to: svgPath, protecting: [file]) }
      if let pngPath { try chart.writePNG(to: pngPath, protecting: [file]) }
    }
    console.print(tracks.csv(times: times))
  }

  /// Refuses a chart's path before anything is written: a folder, the file read, `-` (standard
  /// output carries the CSV), or a name that does not end in `.fileExtension` (as `-o` refuses
  /// a PNG named otherwise).
  ///
  /// - Throws: ``UsageError`` (exit 64); `AtomicFileError.wouldOverwriteInput` for `file`.
  private static func checkChartPath(
    _ path: String, option: String, fileExtension: String, file: String
  ) throws {
    let example = "FILE.\(fileExtension)"
    try OutputOptions.checkIsFile(path, option: option, example: example)
    try RenderJob.Output.checkNotRead(path, reads: [file])
    guard path != "-" else {
      throw UsageError.invalid(
        "\(option) -: standard output carries the CSV; give \(option) \(example)")
    }
    do {
      try RenderJob.Output.checkExtension(path, allowing: [fileExtension])
    } catch {
      throw UsageError.invalid(
        "\(option) \(path): the chart is written as \(fileExtension.uppercased()); give "
          + "\(option) \(example)")
    }
  }
}
