import Foundation
import LayerFXTestSupport
import Testing

@testable import LayerFXTune

/// The page's files are read from `LayerFX_LayerFXTune.resources/Page/` beside the executable,
/// and a missing one is a ``TuneServerError`` naming it, not a crash.
@Suite struct TunePageTests {
  /// A new temporary folder holding `names` in `LayerFX_LayerFXTune.resources/Page/`, each file
  /// containing its own name (no resources folder when `names` is nil).
  static func install(_ names: [String]?) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    guard let names else { return folder }
    let page = folder.url.appendingPathComponent("LayerFX_LayerFXTune.resources/Page")
    try FileManager.default.createDirectory(at: page, withIntermediateDirectories: true)
    for name in names {
      try Data(name.utf8).write(to: page.appendingPathComponent(name))
    }
    return folder
  }

  @Test(
    "the first file missing beside the executable is named",
    arguments: [
      (nil, "index.html"), ([], "index.html"), (["index.html"], "tune.js"),
      (["index.html", "tune.js"], "tune.css"),
    ] as [([String]?, String)])
  func missingFile(installed: [String]?, missing: String) throws {
    let folder = try Self.install(installed)
    let executable = folder.url.appendingPathComponent("layerfx")
    let expected = TuneServerError.pageMissing(
      file: "LayerFX_LayerFXTune.resources/Page/\(missing)", executable: executable.path)
    #expect(throws: expected) { try TunePage(executable: executable) }
  }

  @Test("the three files are served from the folder beside the executable, byte for byte")
  func installedFiles() throws {
    let folder = try Self.install(["index.html", "tune.js", "tune.css"])
    let files = try TunePage(executable: folder.url.appendingPathComponent("layerfx")).files
    #expect(files["/"]?.bytes == Array("index.html".utf8))
    #expect(files["/"]?.contentType == "text/html; charset=utf-8")
    #expect(files["/tune.js"]?.bytes == Array("tune.js".utf8))
    #expect(files["/tune.css"]?.bytes == Array("tune.css".utf8))
  }
}
