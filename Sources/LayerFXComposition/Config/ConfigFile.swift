import Foundation
import LayerFXFiles

/// Reads a config document's bytes (the debug config, the keyframes document), through the one
/// input opener (`InputFile`), with the file named as given in every error.
public enum ConfigFile {
  /// The largest config document read, in bytes (16 MiB: far more than any config needs).
  public static let maxByteCount = 16 << 20

  /// Returns the bytes of the file at `path` (`-`: standard input).
  ///
  /// - Parameter path: The file, as the command line or a caller names it.
  /// - Returns: Its bytes.
  /// - Throws: ``ConfigError/unreadable(file:reason:)`` when the file is missing, not a regular
  ///   file or cannot be opened (exit 66 in the CLI); `InputFileError` when it is over
  ///   ``maxByteCount`` (65) or a read fails part way (74), which keep their own exit status.
  public static func read(_ path: String) throws -> Data {
    do {
      return Data(try InputFile.read(path, limit: maxByteCount))
    } catch {
      switch error {
      case .notFound, .notRegularFile, .standardInputClosed, .cannotOpen:
        throw ConfigError.unreadable(file: path, reason: error.reason)
      case .tooLarge, .readFailed: throw error
      }
    }
  }
}
