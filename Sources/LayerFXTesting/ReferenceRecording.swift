/// When ``expectReference(_:at:tolerance:recording:artifactDirectory:sourceLocation:)`` writes
/// the reference instead of (or after) comparing, as swift-snapshot-testing's record modes.
///
/// Every write is reported as a test issue that names the file, so a run that records never
/// passes silently: check the file in and run again. The environment variable `LAYERFX_RECORD`
/// (`never`, `missing`, `failed` or `all`) overrides the mode of every call
/// (``init(environment:)``), so one run after an intended change updates just the failing
/// references: `LAYERFX_RECORD=failed swift test`.
///
/// Source: swift-snapshot-testing's `SnapshotTestingConfiguration.Record` (`.never`, `.missing`,
/// `.failed`, `.all`) and its `SNAPSHOT_TESTING_RECORD` variable.
public enum ReferenceRecording: String, Sendable, Equatable, CaseIterable {
  /// Never writes: a missing reference is a test failure.
  case never
  /// Writes a missing reference from the rendered image; an existing one is compared.
  case missing
  /// Writes a missing reference, and rewrites one the comparison fails against (a different
  /// size, or differences beyond the tolerance); a matching reference is left untouched.
  case failed
  /// Writes every reference, matching or not.
  case all

  /// Writes every reference: the former name of ``all``.
  @available(*, deprecated, renamed: "all")
  public static let always = ReferenceRecording.all

  /// The name of the environment variable that overrides every call's mode.
  public static let environmentVariable = "LAYERFX_RECORD"

  /// The mode `LAYERFX_RECORD` asks for in `environment`: `nil` when it is unset or empty.
  ///
  /// - Parameter environment: The process's environment
  ///   (`ProcessInfo.processInfo.environment`).
  /// - Throws: ``ReferenceRecordingError`` when the value is none of `never`, `missing`,
  ///   `failed`, `all`.
  public init?(environment: [String: String]) throws(ReferenceRecordingError) {
    guard let value = environment[Self.environmentVariable], !value.isEmpty else { return nil }
    guard let mode = ReferenceRecording(rawValue: value) else {
      throw ReferenceRecordingError(value: value)
    }
    self = mode
  }
}

/// A `LAYERFX_RECORD` value that names no ``ReferenceRecording`` mode.
public struct ReferenceRecordingError: Error, Equatable, CustomStringConvertible {
  /// The value as set.
  public let value: String

  /// One line naming the variable, its value and the values it takes.
  public var description: String {
    "\(ReferenceRecording.environmentVariable)=\(value) is not a recording mode; use "
      + ReferenceRecording.allCases.map(\.rawValue).joined(separator: ", ")
  }
}
