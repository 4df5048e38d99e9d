import Foundation
import LayerFXTestSupport

/// Runs the built `layerfx` executable, as a user would, and captures what it prints.
struct LayerFXTool {
  struct Result {
    var status: Int32
    /// Standard output's bytes.
    var outputData: Data
    var standardError: String
    /// Standard output as UTF-8 text.
    var standardOutput: String { String(decoding: outputData, as: UTF8.self) }
    /// Standard error's lines, without the trailing empty one.
    var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }
    /// A usage error's lines before the `Usage: layerfx …` line that ends them; `nil` when the
    /// last line is not one.
    var usageErrorLines: [String]? {
      guard errorLines.last?.hasPrefix("Usage: layerfx ") == true else { return nil }
      return Array(errorLines.dropLast())
    }
  }

  /// The `layerfx` binary beside the test bundle (SwiftPM builds both into one folder).
  static let executable: URL = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
    var directory = bundle.deletingLastPathComponent()
    while directory.path != "/" {
      let candidate = directory.appendingPathComponent("layerfx")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return bundle.deletingLastPathComponent().appendingPathComponent("layerfx")
  }()

  /// Runs `layerfx` (or `program`, such as an emulator given `layerfx` among its arguments)
  /// with `arguments`, reading `input` on standard input; standard output and error go to files
  /// (no pipe can fill).
  static func run(
    _ arguments: [String], in directory: URL? = nil, input: Data? = nil,
    program: URL = executable
  ) throws -> Result {
    let scratch = try TemporaryDirectory()
    _ = FileManager.default.createFile(atPath: scratch.path("out"), contents: nil)
    _ = FileManager.default.createFile(atPath: scratch.path("err"), contents: nil)
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let input {
      _ = FileManager.default.createFile(atPath: scratch.path("in"), contents: input)
      process.standardInput = FileHandle(forReadingAtPath: scratch.path("in"))
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path("out")))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path("err")))
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      outputData: try Data(contentsOf: URL(fileURLWithPath: scratch.path("out"))),
      standardError: try String(contentsOfFile: scratch.path("err"), encoding: .utf8))
  }
}
