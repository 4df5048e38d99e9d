import Foundation
import LayerFXAnimation
import LayerFXComposition
import LayerFXFiles

extension KeyframesConfig {
  /// The largest keyframes document read, in bytes (16 MiB: far more than any timeline needs).
  static let maxFileByteCount = 16 << 20

  /// Reads the config document at `path`; errors name the path as given.
  ///
  /// - Parameters:
  ///   - path: The JSON file, as given on the command line.
  ///   - initialValue: Parameters where the document has no track (see
  ///     ``KeyframesConfig/init(data:file:initialValue:clock:defaultDuration:)``).
  ///   - clock: The parameter the default clock drives.
  ///   - defaultDuration: Seconds, > 0; the `duration` when the document has none.
  /// - Throws: ``InputFileError`` when the file is missing, not a regular file, over
  ///   ``maxFileByteCount`` or cannot be read (``InputFile``), and every decoding case of
  ///   ``ConfigError``.
  init(
    file path: String, initialValue: ParameterValues, clock: String,
    defaultDuration: TimeInterval
  ) throws {
    let bytes = try InputFile.read(path, limit: Self.maxFileByteCount)
    try self.init(
      data: Data(bytes), file: path == "-" ? InputFile.standardInputName : path,
      initialValue: initialValue, clock: clock,
      defaultDuration: defaultDuration)
  }
}
