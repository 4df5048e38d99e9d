import Foundation
import LayerFXAnimation
import LayerFXFiles

extension KeyframesConfig {
  /// Reads the config document at `path` (`-` for standard input); errors name the path as
  /// given.
  ///
  /// - Parameters:
  ///   - path: The JSON file, as the user gave it.
  ///   - initialValue: Parameters where the document has no track (see
  ///     ``KeyframesConfig/init(data:file:initialValue:clock:defaultDuration:)``).
  ///   - clock: The parameter the default clock drives.
  ///   - defaultDuration: Seconds, > 0; the `duration` when the document has none.
  /// - Throws: ``ConfigError``: `unreadable` when the file is missing, not a regular file or
  ///   cannot be opened (`InputFile`), and every decoding case; `InputFileError` when it
  ///   is over ``ConfigFile/maxByteCount`` or a read fails part way.
  public init(
    file path: String, initialValue: ParameterValues, clock: String,
    defaultDuration: TimeInterval
  ) throws {
    try self.init(
      data: try ConfigFile.read(path), file: path == "-" ? InputFile.standardInputName : path,
      initialValue: initialValue, clock: clock,
      defaultDuration: defaultDuration)
  }
}
