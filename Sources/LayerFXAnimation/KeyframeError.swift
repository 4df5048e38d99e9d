/// An error building a ``KeyframeTimeline``.
public enum KeyframeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A ``SpringKeyframe`` has no duration and its spring never settles (bounce 1), so the
  /// segment would never end. Indices count from 0 in declaration order.
  case springNeverSettles(track: Int, keyframe: Int)
  /// A track animates a name the initial ``ParameterValues`` lack
  /// (`ParameterValues.keyPath("amplitdue")`), with the nearest name when one is close.
  case unknownParameter(track: Int, name: String, suggestion: String?, parameters: [String])

  /// One line naming the track, the keyframe or parameter, and the problem.
  public var description: String {
    switch self {
    case .springNeverSettles(let track, let keyframe):
      "keyframe timeline: track \(track), keyframe \(keyframe): SpringKeyframe without a "
        + "duration uses a spring that never settles (bounce 1); give it a duration"
    case .unknownParameter(let track, let name, let suggestion, let parameters):
      "keyframe timeline: track \(track): no parameter named '\(name)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        + " (parameters: \(parameters.joined(separator: ", ")))"
    }
  }
}
