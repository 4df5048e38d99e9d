import Foundation
import LayerFXTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `layerfx` copied to a folder of its own, as an install copies it: `tune --serve` finds its
/// page's files beside the copy, and without them stops with one line and exit 78 (EX_CONFIG;
/// README, "Commands": the page files not installed beside `layerfx`).
@Suite struct TuneInstallTests {
  /// The built `layerfx` in a new temporary folder, with `config.json` beside it; with
  /// `resources`, the build's page files too.
  ///
  /// The program is a hard link where the file system allows (`/proc/self/exe` then names the
  /// link it was started by): a copy is written through a descriptor that a process another
  /// test forks meanwhile inherits, and starting the copy then failed with ETXTBSY.
  static func install(resources: Bool) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    let build = LayerFXTool.executable.deletingLastPathComponent()
    let program = folder.url.appendingPathComponent("layerfx")
    do {
      try FileManager.default.linkItem(at: LayerFXTool.executable, to: program)
    } catch {
      try FileManager.default.copyItem(at: LayerFXTool.executable, to: program)
    }
    if resources {
      try FileManager.default.copyItem(
        at: build.appendingPathComponent("LayerFX_LayerFXTune.resources"),
        to: folder.url.appendingPathComponent("LayerFX_LayerFXTune.resources"))
    }
    let config = #"{"version": 1, "input": "testcard:64x36", "effects": []}"#
    try Data(config.utf8).write(to: folder.url.appendingPathComponent("config.json"))
    return folder
  }

  /// Starts `layerfx tune config.json --serve --port 0` of `folder`; returns the first line of
  /// standard output (nil when it closes first, waiting up to two minutes: a bound against a
  /// hang), the exit status after SIGTERM, and standard error.
  static func serve(in folder: TemporaryDirectory) throws -> (
    line: String?, status: Int32?, standardError: String
  ) {
    let ends = try ChildProcess.pipe()
    let output = DelimitedReader(descriptor: ends.read, delimiter: UInt8(ascii: "\n"))
    let process = try ChildProcess(
      executable: folder.path("layerfx"),
      arguments: ["tune", folder.path("config.json"), "--serve", "--port", "0"],
      descriptors: [1: ends.write], standardErrorPath: folder.path("stderr"))
    close(ends.write)
    let line = (try? output.next(within: 120)).map { String(decoding: $0, as: UTF8.self) }
    let status = process.stop(signal: SIGTERM, within: 10)
    let errors = (try? String(contentsOfFile: folder.path("stderr"), encoding: .utf8)) ?? ""
    return (line, status, errors)
  }

  @Test("without its resources folder, a copied layerfx refuses tune --serve in one line, exit 78")
  func pageMissing() throws {
    let folder = try Self.install(resources: false)
    let run = try Self.serve(in: folder)
    // Before: SwiftPM's Bundle.module fell back to the build folder and served (with the build
    // folder gone, fatalError, a backtrace and exit 132).
    #expect(run.line == nil)
    #expect(
      run.standardError
        == "layerfx: error: the tune page is not installed: no "
        + "LayerFX_LayerFXTune.resources/Page/index.html beside \(folder.path("layerfx")); copy "
        + "the LayerFX_LayerFXTune.resources folder from the build folder (.build/release/) "
        + "beside it\n")
    #expect(run.status == 78)
  }

  @Test("with its resources folder beside it, a copied layerfx serves the page")
  func pageInstalled() throws {
    let folder = try Self.install(resources: true)
    let run = try Self.serve(in: folder)
    #expect(run.line?.wholeMatch(of: /http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{32}/) != nil)
    #expect(run.status == 0)
  }
}
