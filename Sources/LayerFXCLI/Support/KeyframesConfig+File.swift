import Foundation
import LayerFXAnimation
import LayerFXComposition

extension KeyframesConfig {
  /// Reads the config document at `path`; errors name the path as given.
  ///
  /// - Parameters:
  ///   - path: The JSON file, as given on the command line.
  ///   - initialValue: Parameters where the document has no track (see
  ///     ``KeyframesConfig/init(data:file:initialValue:clock:defaultDuration:)``).
  ///   - clock: The parameter the default clock drives.
  ///   - defaultDuration: Seconds, > 0; the `duration` when the document has none.
  /// - Throws: ``ConfigError``: `unreadable` when the file is missing or cannot be read, and
  ///   every decoding case.
  init(
    file path: String, initialValue: ParameterValues, clock: String,
    defaultDuration: TimeInterval
  ) throws(ConfigError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .unreadable(file: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else { throw .unreadable(file: path, reason: "is a directory") }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable(file: path, reason: "permission denied or read error")
    }
    try self.init(
      data: data, file: path, initialValue: initialValue, clock: clock,
      defaultDuration: defaultDuration)
  }
}
