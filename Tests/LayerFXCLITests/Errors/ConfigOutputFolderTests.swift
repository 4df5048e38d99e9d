import Foundation
import LayerFXTestSupport
import Testing

/// A config writes only inside its own folder (symbolic links followed) unless `-o` names the
/// output; an output without `.png` (`.apng`) is refused; a config reached through a symbolic
/// link resolves its relative paths beside the file the link names (README, "Debug config and
/// tune").
@Suite struct ConfigOutputFolderTests {
  /// A one-frame grayscale config over a 16 × 16 test card writing `path`.
  private func config(path: String) -> String {
    #"""
    {"version": 1, "input": "testcard:16x16", "effects": [{"kernel": "grayscale"}],
     "output": {"path": "\#(path)", "time": 0}}
    """#
  }

  /// `root/cfg/` holding `c.json` with `path`, and `root/victim/.ssh/authorized_keys` holding
  /// "old".
  private func layout(path: String) throws -> (root: TemporaryDirectory, victim: String) {
    let root = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: root.path("victim/.ssh"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: root.path("cfg"), withIntermediateDirectories: true)
    let victim = root.path("victim/.ssh/authorized_keys")
    try "old".write(toFile: victim, atomically: true, encoding: .utf8)
    try config(path: path).write(toFile: root.path("cfg/c.json"), atomically: true, encoding: .utf8)
    return (root, victim)
  }

  @Test(
    "an output climbing out of the config's folder is refused by config check and apply, exit 65",
    arguments: [["config", "check", "c.json"], ["apply", "--config", "c.json"]])
  func climbsOut(arguments: [String]) throws {
    let (root, victim) = try layout(path: "../victim/.ssh/authorized_keys")
    let result = try LayerFXTool.run(arguments, in: URL(fileURLWithPath: root.path("cfg")))
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: c.json: output.path: ../victim/.ssh/authorized_keys is outside the "
          + "config's folder ./ (symbolic links followed): a config writes only inside its own "
          + "folder; give -o to write elsewhere"
      ])
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "old")
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("cfg")) == ["c.json"])
  }

  @Test("a folder inside the config's folder that links outside is refused too")
  func linkedFolder() throws {
    let (root, _) = try layout(path: "out/x.png")
    try FileManager.default.createSymbolicLink(
      atPath: root.path("cfg/out"), withDestinationPath: root.path("victim"))
    let result = try LayerFXTool.run(
      ["apply", "--config", "cfg/c.json"], in: URL(fileURLWithPath: root.path))
    #expect(result.status == 65)
    #expect(
      result.errorLines.first?.hasPrefix(
        "layerfx: error: cfg/c.json: output.path: "
          + "cfg/out/x.png is outside the config's folder cfg/ ") == true)
    #expect(!FileManager.default.fileExists(atPath: root.path("victim/x.png")))
  }

  @Test("-o names the output: the config's own path is then not used, and the render runs")
  func commandLineOutput() throws {
    let (root, victim) = try layout(path: "../victim/.ssh/authorized_keys")
    let result = try LayerFXTool.run(
      ["apply", "--config", "cfg/c.json", "-o", "elsewhere.png"],
      in: URL(fileURLWithPath: root.path))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(FileManager.default.fileExists(atPath: root.path("elsewhere.png")))
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "old")
  }

  @Test(
    "an output inside the config's folder without .png is refused, exit 65",
    arguments: [["config", "check", "c.json"], ["apply", "--config", "c.json"]])
  func extensionless(arguments: [String]) throws {
    let (root, _) = try layout(path: "authorized_keys")
    let result = try LayerFXTool.run(arguments, in: URL(fileURLWithPath: root.path("cfg")))
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: c.json: output.path: authorized_keys: layerfx writes PNG only; give a "
          + "file name ending in .png"
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("cfg")) == ["c.json"])
  }

  @Test("a config reached through a symbolic link reads and writes beside the file it names")
  func linkedConfig() throws {
    // real/c.json writes out.png next to itself; link/c.json is a link to it from elsewhere.
    let root = try TemporaryDirectory()
    for folder in ["real", "link"] {
      try FileManager.default.createDirectory(
        atPath: root.path(folder), withIntermediateDirectories: true)
    }
    try config(path: "out.png").write(
      toFile: root.path("real/c.json"), atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: root.path("link/c.json"), withDestinationPath: root.path("real/c.json"))
    let result = try LayerFXTool.run(
      ["apply", "--config", "link/c.json"], in: URL(fileURLWithPath: root.path))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(FileManager.default.fileExists(atPath: root.path("real/out.png")))
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("link")) == ["c.json"])
  }
}
