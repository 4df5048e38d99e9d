import Foundation

extension RippleParameters {
  /// One animatable ripple parameter: its name in config documents and on the command line,
  /// its property and its unit.
  ///
  /// The cases are in the order of the ripple's arguments (semantics.md §5), which is also the
  /// order in which a config document's tracks are built and printed.
  ///
  /// Source: semantics.md §5 (arguments and units).
  public enum Property: String, CaseIterable, Sendable {
    /// Seconds since the tap as the shader sees it.
    case time
    /// Points.
    case amplitude
    /// Radians per second.
    case frequency
    /// Per second.
    case decay
    /// Points per second.
    case speed

    /// The property of ``RippleParameters`` this parameter names.
    public var keyPath: WritableKeyPath<RippleParameters, Double> & Sendable {
      switch self {
      case .time: \.time
      case .amplitude: \.amplitude
      case .frequency: \.frequency
      case .decay: \.decay
      case .speed: \.speed
      }
    }

    /// The unit, spelled out (`points per second`).
    public var unit: String {
      switch self {
      case .time: "seconds"
      case .amplitude: "points"
      case .frequency: "radians per second"
      case .decay: "per second"
      case .speed: "points per second"
      }
    }
  }
}
