import Foundation

/// Reads a config document's bytes, with the file named as given in every error.
public enum ConfigFile {
  /// Returns the bytes of the file at `path`.
  ///
  /// - Parameter path: The file, as the command line or a caller names it.
  /// - Returns: Its bytes.
  /// - Throws: ``ConfigError/unreadable(file:reason:)``: no such file, a directory, or a read
  ///   error.
  public static func read(_ path: String) throws(ConfigError) -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .unreadable(file: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else { throw .unreadable(file: path, reason: "is a directory") }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable(file: path, reason: "permission denied or read error")
    }
    return data
  }
}
