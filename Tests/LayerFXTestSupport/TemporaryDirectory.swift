import Foundation

/// A fresh directory under the system's temporary directory, removed when released (or by
/// ``remove()``).
public final class TemporaryDirectory {
  /// The directory.
  public let url: URL
  /// The directory's path.
  public var path: String { url.path }

  /// Creates an empty directory with a unique name.
  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "layerfx-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  /// The path of `name` inside the directory.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// The names of the entries in the directory, sorted.
  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  /// Removes the directory and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  deinit { remove() }
}
