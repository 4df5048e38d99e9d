import Foundation

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("LayerFXPNGTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  /// The names of the entries in the directory, sorted.
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
