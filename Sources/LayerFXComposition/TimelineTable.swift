import LayerFX
import LayerFXAnimation

/// Keyframe tracks sampled over time: the rows `layerfx timeline` prints as CSV and the chart
/// it draws (``TimelineChart``).
///
/// Row i is the time `from + i × step` (multiplied, never summed, so no drift) and the value of
/// every charted parameter there; values hold after a track ends.
public struct TimelineTable: Sendable {
  /// The tracks, with the parameters' starting values.
  public var timeline: KeyframeTimeline<ParameterValues>
  /// The parameters charted, one column each.
  public var names: [String]
  /// The columns' key-path prefix (`keyframes.`, `effects[0].keyframes.`).
  public var prefix: String
  /// The function whose parameters' units label the chart.
  public var function: ShaderFunction

  /// The most rows one table has.
  public static let maxRowCount = 100_000

  /// Creates a table; see the properties.
  public init(
    timeline: KeyframeTimeline<ParameterValues>, names: [String], prefix: String,
    function: ShaderFunction
  ) {
    self.timeline = timeline
    self.names = names
    self.prefix = prefix
    self.function = function
  }

  /// The tracks of effect `index` of a debug config: its clock, if it has one, and its tracks,
  /// from its values; columns `effects[index].keyframes.NAME`.
  ///
  /// - Throws: `KeyframeError` for tracks that do not fit the effect's values.
  public init(effect index: Int, of config: DebugConfig) throws {
    let effect = config.effects[index]
    try self.init(
      timeline: effect.timeline(initialValue: effect.values), names: Self.charted(effect),
      prefix: "effects[\(index)].keyframes.", function: effect.function)
  }

  /// The parameters of `effect` a chart shows: its clock, if it has one, and its tracks.
  public static func charted(_ effect: DebugConfig.Effect) -> [String] {
    effect.values.names.filter { $0 == effect.clock || effect.trackNames.contains($0) }
  }

  /// The index of the effect of `config` to chart: the one whose kernel or function is named
  /// `name`, or else the first with tracks or a clock; `nil` when there is none.
  public static func effectIndex(in config: DebugConfig, named name: String?) -> Int? {
    config.effects.firstIndex { effect in
      name.map { effect.kernel == $0 || effect.function.name == $0 } ?? !charted(effect).isEmpty
    }
  }

  /// The sample times `from`, `from + step`, … up to `to` (within 10⁻⁹ of a step); `nil` for
  /// more than ``maxRowCount``.
  ///
  /// - Parameters:
  ///   - from: Seconds, less than `to`.
  ///   - to: Seconds.
  ///   - step: Seconds > 0.
  /// - Returns: The times, seconds, or `nil`.
  public static func times(from: Double, to: Double, step: Double) -> [Double]? {
    let rows = ((to - from) / step + 1e-9).rounded(.down) + 1
    guard rows <= Double(maxRowCount) else { return nil }
    return (0..<Int(rows)).map { from + Double($0) * step }
  }

  /// The table as CSV: a header `time,PREFIXNAME,…`, then one row per time, each number with 6
  /// decimals, rows separated by newlines (no final one).
  public func csv(times: [Double]) -> String {
    var lines = ["time," + names.map { prefix + $0 }.joined(separator: ",")]
    for time in times {
      let value = timeline.value(time: time)
      lines.append(([time] + names.map { value[$0] }).map { $0.fixed() }.joined(separator: ","))
    }
    return lines.joined(separator: "\n")
  }

  /// The chart of the tracks at `times`, one series per column, each in its parameter's unit.
  public func chart(title: String, times: [Double]) -> TimelineChart {
    let samples = times.map { timeline.value(time: $0) }
    return TimelineChart(
      title: title, times: times,
      series: names.map { name in
        TimelineChart.Series(
          name: prefix + name,
          unit: function.parameters.first { $0.name == name }?.unit?.name ?? "",
          values: samples.map { $0[name] })
      })
  }
}
