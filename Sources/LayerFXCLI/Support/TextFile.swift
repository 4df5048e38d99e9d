import Foundation
import LayerFXFiles

/// Writes text outputs (SVG charts) the way frames are written (``AtomicFile``), so a failed run
/// leaves no partial file.
enum TextFile {
  /// Writes `text` as UTF-8 to `path` atomically.
  ///
  /// - Parameters:
  ///   - text: The content, written as UTF-8.
  ///   - path: The file to create or replace.
  ///   - protected: Files the command reads, which the output may not replace.
  /// - Throws: `AtomicFileError.cannotWrite` when the directory does not exist,
  ///   ``AtomicFileError`` when the file cannot be written or is one of `protected`.
  static func write(_ text: String, to path: String, protecting protected: [String] = []) throws {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw AtomicFileError.cannotWrite(path: path, reason: "no such directory") }
    try AtomicFile.write(text, to: path, protecting: protected)
  }
}
