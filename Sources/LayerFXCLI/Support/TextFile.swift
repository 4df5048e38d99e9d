import Foundation

/// Writes text outputs (SVG charts) the way frames are written: to a temporary file in the
/// destination's directory, renamed into place, so a failed run leaves no partial file.
enum TextFile {
  /// Writes `text` as UTF-8 to `path` atomically.
  ///
  /// - Throws: ``CLIError/cannotWrite(path:reason:)`` when the directory does not exist or the
  ///   file cannot be written.
  static func write(_ text: String, to path: String) throws(CLIError) {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw .cannotWrite(path: path, reason: "no such directory") }
    do {
      try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
      throw .cannotWrite(path: path, reason: error.localizedDescription)
    }
  }
}
