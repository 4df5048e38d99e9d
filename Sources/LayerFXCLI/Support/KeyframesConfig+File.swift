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
    try self.init(
      data: try ConfigFile.read(path), file: path, initialValue: initialValue, clock: clock,
      defaultDuration: defaultDuration)
  }
}
