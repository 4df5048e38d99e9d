/// Why a document has no tracks to chart, in a command line's words (`--effect NAME` picks the
/// effect): ``TimelineTable/init(keyframes:file:function:)`` and
/// ``TimelineTable/init(effectNamed:of:file:)``.
public enum TimelineSelectionError: Error, Equatable, CustomStringConvertible {
  /// The kernel a keyframes document animates has no time-since-trigger parameter for a clock.
  case noClock(function: String)
  /// No effect of the config at `file` has the kernel or function name `name`; `effects` are
  /// the function names it has, in order.
  case noSuchEffect(name: String, file: String, effects: [String])
  /// No effect of the config at `file` has keyframe tracks or a clock; `effects` as above.
  case nothingToChart(file: String, effects: [String])
  /// The effect at `index`, named, has neither keyframe tracks nor a clock.
  case effectNotCharted(file: String, index: Int, function: String)

  /// One line naming the file or the effect, and the problem.
  public var description: String {
    switch self {
    case .noClock(let function):
      return "--effect \(function) has no time-since-trigger parameter to animate"
    case .noSuchEffect(let name, let file, let effects):
      return "--effect \(name): \(file) has no such effect" + Self.known(effects)
    case .nothingToChart(let file, let effects):
      return "\(file): no effect has keyframe tracks or a clock to chart" + Self.known(effects)
    case .effectNotCharted(let file, let index, let function):
      return "\(file): effects[\(index)] (\(function)) has no keyframe tracks and no clock to chart"
    }
  }

  /// ` (it has A, B)`, or nothing for a config without effects.
  private static func known(_ effects: [String]) -> String {
    effects.isEmpty ? "" : " (it has \(effects.joined(separator: ", ")))"
  }
}
