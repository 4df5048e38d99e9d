import Foundation
import LayerFXTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `layerfx tune CONFIG --serve --port 0` running as a child, for tests that open its page.
///
/// The config lives in a temporary folder the server owns, so the folder lives as long as the
/// server is used. Its standard output is a pipe whose first line is the page's address
/// (Documentation/TunePage.md, "Command"); its standard error goes to a file there. Released, the
/// server is killed and reaped and the folder removed.
final class TunePageServer {
  /// The page's address with its token, as the server printed it.
  let address: String
  /// The folder of the config (`config.json`) and of the server's standard error.
  let directory: TemporaryDirectory
  private let process: ChildProcess
  private let output: DelimitedReader
  private var errorPath: String { directory.path("stderr") }

  /// The config file the server tunes.
  var configPath: String { directory.path("config.json") }

  /// Writes `config` to `config.json` in a new temporary folder, starts the server on it and
  /// reads the first line of its standard output (waiting up to two minutes: a bound against
  /// a hang; a loaded machine may be slow to start the binary).
  init(config: String) throws {
    directory = try TemporaryDirectory()
    let configPath = directory.path("config.json")
    let errorPath = directory.path("stderr")
    try config.write(toFile: configPath, atomically: true, encoding: .utf8)
    let ends = try ChildProcess.pipe()
    output = DelimitedReader(descriptor: ends.read, delimiter: UInt8(ascii: "\n"))
    defer { close(ends.write) }
    process = try ChildProcess(
      executable: LayerFXTool.executable.path,
      arguments: ["tune", configPath, "--serve", "--port", "0"],
      descriptors: [1: ends.write], standardErrorPath: errorPath)
    do {
      address = String(decoding: try output.next(within: 120), as: UTF8.self)
    } catch {
      process.stop()
      let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      throw HeadlessChromium.Failure(
        description: "no address from layerfx tune --serve (\(error)); stderr: \(errors)")
    }
  }

  /// What the server has written on standard error so far.
  var standardError: String {
    (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
  }

  /// Sends SIGTERM and returns the exit status, or nil when it had to be killed after 10 s.
  func stop() -> Int32? { process.stop(signal: SIGTERM, within: 10) }
}
