import Foundation

/// Locates the shared test data (PngSuite, photos) that tests read in place.
///
/// The directory is `$LAYERFX_TESTDATA` when that variable is set; otherwise the first
/// `shared/testdata` found beside the package root or one of its ancestors, so a checkout at
/// `work/main` and a worktree at `work/wt/png` both find `work/shared/testdata`.
public enum TestData {
  /// The test data directory, or `nil` when it does not exist.
  public static let root: URL? = locate()

  /// Whether the test data directory exists; use with `.enabled(if:)`.
  public static var isAvailable: Bool { root != nil }

  /// The reason to give when the data is missing: "shared testdata not found at …".
  public static var notFoundMessage: String {
    "shared testdata not found at \(candidates.map(\.path).joined(separator: " or ")); "
      + "set LAYERFX_TESTDATA to its path"
  }

  /// The path of `relativePath` inside the test data directory.
  ///
  /// - Precondition: ``isAvailable``; guard the test with `.enabled(if: TestData.isAvailable)`.
  public static func path(_ relativePath: String) -> String {
    guard let root else {
      preconditionFailure(notFoundMessage)
    }
    return root.appendingPathComponent(relativePath).path
  }

  /// The package root: this file is `<root>/Tests/LayerFXTestSupport/TestData.swift`.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  private static var candidates: [URL] {
    if let override = ProcessInfo.processInfo.environment["LAYERFX_TESTDATA"] {
      return [URL(fileURLWithPath: override)]
    }
    var result: [URL] = []
    var directory = packageRoot.deletingLastPathComponent()
    while directory.path != "/" && !directory.path.isEmpty {
      result.append(directory.appendingPathComponent("shared/testdata"))
      directory = directory.deletingLastPathComponent()
    }
    return result
  }

  private static func locate() -> URL? {
    candidates.first { url in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
  }
}
