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
  /// - Parameter name: A parameter name. A name the timeline's initial value lacks does not
  ///   trap: ``KeyframeTimeline/init(initialValue:content:)`` throws
  ///   ``KeyframeError/unknownParameter(track:name:suggestion:parameters:)`` with the nearest
  ///   name as a suggestion. (A key path into your own values type, `\.amplitude`, cannot be
  ///   misspelt at all.)
  /// - Returns: A writable key path to that value.
  public static func keyPath(_ name: String) -> WritableKeyPath<ParameterValues, Double> & Sendable
  {
    \ParameterValues.[track: TrackName(name)]
  }

  /// The name of an unknown parameter that a key path of ``keyPath(_:)`` names, found by
  /// writing through it; `nil` when the name is known (or the key path is another).
  func unknownName(at keyPath: AnyKeyPath) -> String? {
    guard let keyPath = keyPath as? WritableKeyPath<ParameterValues, Double> else { return nil }
    var probe = self
    probe[keyPath: keyPath] = 0
    return probe.unknownTrackName
  }

  /// A parameter name inside a key path (key path subscripts take hashable values).
  struct TrackName: Hashable, Sendable {
    let name: String
    init(_ name: String) { self.name = name }
  }

  /// The value a ``keyPath(_:)`` key path names: NaN for an unknown name, whose writes are
  /// ignored and remembered (``unknownName(at:)``), so a misspelt track is an error the
  /// timeline throws instead of a trap.
  subscript(track track: TrackName) -> Double {
    get { names.firstIndex(of: track.name).map { values[$0] } ?? .nan }
    set {
      if let index = names.firstIndex(of: track.name) {
        values[index] = newValue
      } else {
        unknownTrackName = track.name
      }
    }
  }

  /// The last unknown name written through ``subscript(track:)``; not part of the value.
  private var unknownTrackName: String?

  /// Whether both have the same names and values, in the same order.
  public static func == (a: ParameterValues, b: ParameterValues) -> Bool {
    a.names == b.names && a.values == b.values
  }

  private func index(of name: String) -> Int {
    guard let index = names.firstIndex(of: name) else {
      preconditionFailure("no parameter named \(name); have \(names.joined(separator: ", "))")
    }
    return index
  }
}
