import Foundation
import LayerFXTestSupport
import Testing

/// Python's Pillow, an image reader independent of LayerFX and libpng's writer, for checking
/// animated PNGs; installed with pip when missing.
enum Pillow {
  /// Whether `python3` can import Pillow, after `pip install Pillow` when it could not.
  static let isAvailable: Bool = {
    if (try? python(["-c", "import PIL"]).status) == 0 { return true }
    _ = try? python(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "Pillow"])
    return (try? python(["-c", "import PIL"]).status) == 0
  }()

  /// Why the tests that need Pillow were skipped.
  static let missingMessage = Comment(
    rawValue: "Pillow is not importable and 'python3 -m pip install Pillow' failed (no python3, "
      + "pip or network)")

  /// Runs `python3 ARGUMENTS…`, capturing standard output (standard error is discarded).
  static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let scratch = try TemporaryDirectory()
    _ = FileManager.default.createFile(atPath: scratch.path("out"), contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path("out")))
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let output = try String(contentsOfFile: scratch.path("out"), encoding: .utf8)
    return (process.terminationStatus, output)
  }
}
