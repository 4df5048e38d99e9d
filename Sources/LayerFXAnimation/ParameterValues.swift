import Foundation

/// Named numbers animated together: one `Double` per parameter name, in a fixed order.
///
/// The value a keyframe timeline animates when its parameters are known only at run time, such
/// as a shader function's declared parameters: `ParameterValues.keyPath("amplitude")` is a key
/// path a ``KeyframeTrack`` can animate, so tracks are picked by name rather than by a Swift
/// property.
///
/// ```swift
/// let start = ParameterValues(["time": 0, "amplitude": 12])
/// let timeline = try KeyframeTimeline(initialValue: start) {
///   KeyframeTrack(ParameterValues.keyPath("amplitude")) { LinearKeyframe(4, duration: 1) }
/// }
/// timeline.value(time: 0.5)["amplitude"]  // 8
/// ```
public struct ParameterValues: Sendable, Equatable {
  /// The parameter names, unique, in the order given.
  public let names: [String]

  /// One value per name, in the order of ``names``.
  public private(set) var values: [Double]

  /// Creates values from `(name, value)` pairs in order.
  ///
  /// - Parameter pairs: Names and their values.
  /// - Precondition: The names are unique; checked in release.
  public init(_ pairs: KeyValuePairs<String, Double>) {
    self.init(names: pairs.map(\.key), values: pairs.map(\.value))
  }

  /// Creates values from parallel lists of names and values.
  ///
  /// - Parameters:
  ///   - names: Unique parameter names.
  ///   - values: One value per name.
  /// - Precondition: `names` are unique and as many as `values`; checked in release.
  public init(names: [String], values: [Double]) {
    precondition(names.count == values.count, "one value per parameter name")
    precondition(Set(names).count == names.count, "parameter names must be unique")
    self.names = names
    self.values = values
  }

  /// Whether there is a value named `name`.
  public func contains(_ name: String) -> Bool { names.contains(name) }

  /// The value named `name`.
  ///
  /// - Precondition: There is a value of that name (``contains(_:)``); checked in release.
  public subscript(name: String) -> Double {
    get { values[index(of: name)] }
    set { values[index(of: name)] = newValue }
  }

  /// The key path of the value named `name`, for a ``KeyframeTrack``.
  ///
  /// - Parameter name: A parameter name; the track traps when it samples a timeline whose
  ///   initial value has no such name.
  /// - Returns: A writable key path to that value.
  public static func keyPath(_ name: String) -> WritableKeyPath<ParameterValues, Double> & Sendable
  {
    \ParameterValues.[name]
  }

  private func index(of name: String) -> Int {
    guard let index = names.firstIndex(of: name) else {
      preconditionFailure("no parameter named \(name); have \(names.joined(separator: ", "))")
    }
    return index
  }
}
