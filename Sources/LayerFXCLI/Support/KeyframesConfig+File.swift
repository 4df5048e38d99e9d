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
  /// - Throws: ``ConfigError``: `unreadable` when the file is missing, not a regular file or
  ///   cannot be opened (``InputFile``), and every decoding case; ``InputFileError`` when it
  ///   is over ``maxFileByteCount`` or a read fails part way.
  init(
    file path: String, initialValue: ParameterValues, clock: String,
    defaultDuration: TimeInterval
  ) throws {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(path, limit: Self.maxFileByteCount)
    } catch {
      // A file that is missing or cannot be opened is the config's own error (exit 66); one
      // too large (65) or failing mid-read (74) keeps its own exit status.
      switch error {
      case .notFound, .notRegularFile, .standardInputClosed, .cannotOpen:
        throw ConfigError.unreadable(file: path, reason: error.reason)
      case .tooLarge, .readFailed: throw error
      }
    }
    try self.init(
      data: Data(bytes), file: path == "-" ? InputFile.standardInputName : path,
      initialValue: initialValue, clock: clock,
      defaultDuration: defaultDuration)
  }
}
