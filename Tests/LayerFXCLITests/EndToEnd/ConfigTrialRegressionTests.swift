import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// What a fresh user's trial of the debug config broke: each case trapped (SIGILL) before.
@Suite struct ConfigTrialRegressionTests {
  static let minimal = #"{"version": 1, "input": "testcard:32x24"}"#

  @Test("a config read from standard input (-) or from a one-character name is checked")
  func shortNames() throws {
    let directory = try TemporaryDirectory()
    try Self.minimal.write(toFile: directory.path("x"), atomically: true, encoding: .utf8)
    let named = try LayerFXTool.run(["config", "check", "x"], in: directory.url)
    #expect(named.status == 0, "\(named.standardError)")
    #expect(named.standardOutput == "x: ok (as layerfx tune previews it)\n")
    let piped = try LayerFXTool.run(["config", "check", "-"], input: Data(Self.minimal.utf8))
    #expect(piped.status == 0, "\(piped.standardError)")
    #expect(piped.errorLines.isEmpty)
  }

  @Test("a render's config input that does not exist is named with the config and its key")
  func missingInputNamesKey() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try #"""
    {"version": 1, "input": "gone.png", "effects": [{"kernel": "sepia"}],
     "output": {"path": "o.png", "time": 0}}
    """#.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    // The key path says where to fix it; the file keeps sysexits' EX_NOINPUT (66). The path is
    // resolved against the config's folder, here the working directory, so it reads as given.
    let configured = try LayerFXTool.run(["apply", "--config", "c.json"], in: directory.url)
    #expect(configured.status == 66)
    #expect(
      configured.errorLines == ["layerfx: error: c.json: input: gone.png: no such file"])
    // Given on the command line, the input is the command line's: no config key.
    let given = try LayerFXTool.run(
      ["apply", "gone.png", "--config", "c.json"], in: directory.url)
    #expect(given.status == 66)
    #expect(given.errorLines == ["layerfx: error: gone.png: no such file"])
    #expect(try directory.contents() == ["c.json"])
  }

  @Test("a config's chain that nothing animates renders 3 s at its fps, as the command line does")
  func stillChainAnimation() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try #"""
    {"version": 1, "input": "testcard:32x24", "effects": [{"kernel": "twirl"},
     {"kernel": "sepia"}], "output": {"fps": 10, "path": "c/"}}
    """#.write(toFile: directory.path("chain.json"), atomically: true, encoding: .utf8)
    let configured = try LayerFXTool.run(["apply", "--config", "chain.json"], in: directory.url)
    #expect(configured.status == 0, "\(configured.standardError)")
    let flags = try LayerFXTool.run(
      [
        "apply", "testcard:32x24", "--effect", "twirl", "--effect", "sepia", "--fps", "10", "-o",
        "f/",
      ], in: directory.url)
    #expect(flags.status == 0, "\(flags.standardError)")
    // ⌈3 s × 10 fps⌉ = 30 frames, frame_0000 … frame_0029 (CommandLine.md: --duration's
    // default of 3 s for a chain that nothing animates), the same bytes from either front end.
    let frames = (0..<30).map { String(format: "frame_%04d.png", $0) }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("c")).sorted() == frames)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("f")).sorted() == frames)
    for frame in frames {
      #expect(
        FileManager.default.contents(atPath: directory.path("c/" + frame))
          == FileManager.default.contents(atPath: directory.path("f/" + frame)))
    }
  }

  @Test("a .metal effect whose time has no default runs on the triggers' clock")
  func metalEffectWithTime() throws {
    let directory = try TemporaryDirectory()
    let ripple = TestData.packageRoot.appendingPathComponent("Shaders/LayerEffects/Ripple.metal")
    // Ripple.metal's parameters have no defaults (a .metal file declares none): all but the
    // clock are given; the clock, `time`, is the trigger's.
    let config = """
      {"version": 1, "input": "testcard:64x48",
       "effects": [{"kernel": "\(ripple.path):Ripple", "origin": [32, 24], "amplitude": 12,
                    "frequency": 15, "decay": 8, "speed": 1200}],
       "debug": {"maxSampleOffset": [12, 12]},
       "output": {"time": 0.05}}
      """
    try config.write(toFile: directory.path("m.json"), atomically: true, encoding: .utf8)
    let check = try LayerFXTool.run(
      ["config", "check", "m.json", "-o", "m.png"], in: directory.url)
    #expect(check.status == 0, "\(check.standardError)")
    let rendered = try LayerFXTool.run(
      ["apply", "--config", "m.json", "-o", "m.png"], in: directory.url)
    #expect(rendered.status == 0, "\(rendered.standardError)")
    // The same frame through the built-in ripple, whose time the same trigger drives: the
    // compiled original agrees with its port within 1 code (LayerFXMetalTests).
    let builtIn = try LayerFXTool.run(
      [
        "ripple", "testcard:64x48", "--origin", "32,24", "--time", "0.05", "-o", "b.png",
      ], in: directory.url)
    #expect(builtIn.status == 0, "\(builtIn.standardError)")
    let a = try PNGDecoder().decode(contentsOf: directory.path("m.png")).image
    let b = try PNGDecoder().decode(contentsOf: directory.path("b.png")).image
    let difference = compare(a, b, tolerance: 1.5 / 255)
    #expect(difference.mismatchFraction == 0, "\(difference)")
  }
}
