import Foundation
import LayerFXTestSupport
import Testing

/// `layerfx apply --effect …` (a chain on the general path) and the options it shares with
/// `ripple`: `--max-sample-offset`, `--check-bounds`, limits checked before frame 0.
@Suite struct ApplyChainTests {
  @Test("one --effect ripple at --time gives the bytes of 'ripple --origin' at that time")
  func applyMatchesRipple() throws {
    let directory = try TemporaryDirectory()
    let chain = try LayerFXTool.run([
      "apply", "testcard:48x32", "--effect", "ripple:origin=24,16,amplitude=18", "--time", "0.25",
      "-o", directory.path("apply.png"),
    ])
    let ripple = try LayerFXTool.run([
      "ripple", "testcard:48x32", "--origin", "24,16", "--amplitude", "18", "--time", "0.25",
      "-o", directory.path("ripple.png"),
    ])
    #expect(chain.status == 0 && ripple.status == 0, "\(chain.standardError)")
    let a = FileManager.default.contents(atPath: directory.path("apply.png"))
    let b = FileManager.default.contents(atPath: directory.path("ripple.png"))
    #expect(a != nil && a == b)
  }

  @Test("two --effect ripples stack as two taps at the same time")
  func twoEffectsAreTwoTaps() throws {
    let directory = try TemporaryDirectory()
    let chain = try LayerFXTool.run([
      "apply", "testcard:40x30", "--effect", "ripple:origin=10,10",
      "--effect", "ripple:origin=30,20", "--time", "0.2", "-o", directory.path("apply.png"),
    ])
    let ripple = try LayerFXTool.run([
      "ripple", "testcard:40x30", "--tap", "10,10@0", "--tap", "30,20@0", "--time", "0.2",
      "-o", directory.path("ripple.png"),
    ])
    #expect(chain.status == 0 && ripple.status == 0, "\(chain.standardError)")
    let a = FileManager.default.contents(atPath: directory.path("apply.png"))
    #expect(a != nil && a == FileManager.default.contents(atPath: directory.path("ripple.png")))
  }

  @Test("ripple --check-bounds with too small a --max-sample-offset reports it and exits 1")
  func rippleCheckBounds() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", "testcard:40x30", "--time", "0.05", "--max-sample-offset", "0,0",
      "--check-bounds", "-o", directory.path("out.png"),
    ])
    #expect(result.status == 1)
    #expect(result.errorLines.first?.hasPrefix("layerfx: bounds: ") == true)
    #expect(result.standardError.contains("beyond maxSampleOffset (0, 0)"))
    // The frame is still written: the check reports, it does not refuse.
    #expect(FileManager.default.fileExists(atPath: directory.path("out.png")))
  }

  @Test("a keyframed amplitude over the padding limit late in the animation refuses before frame 0")
  func limitBeforeFrameZero() throws {
    let directory = try TemporaryDirectory()
    let config = directory.path("grow.json")
    // At t = 1 s the amplitude is 3000000 points: 64 + 6000000 pixels a side, over 4194302.
    try #"""
    {"version": 1, "keyframes": {"amplitude": [
      {"type": "move", "value": 2}, {"type": "linear", "value": 3000000, "duration": 1}]}}
    """#.write(toFile: config, atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run([
      "ripple", "testcard:64x48", "--fps", "10", "--keyframes", config, "-o",
      directory.path("frames"),
    ])
    #expect(result.status == 65)
    #expect(result.standardError.contains("takes at most 4194302 pixels a side"))
    // Nothing was written, not even the frame directory.
    #expect(!FileManager.default.fileExists(atPath: directory.path("frames")))
  }

  /// The two forms of one effect on a 24 × 16 card: `apply KERNEL INPUT [--arg P=V]…` and
  /// `apply INPUT --effect KERNEL[:P=V,…]`, a chain of one.
  static func forms(_ kernel: String, _ pairs: [String] = []) -> [[String]] {
    [
      ["apply", kernel, "testcard:24x16"] + pairs.flatMap { ["--arg", $0] },
      ["apply", "testcard:24x16", "--effect", ([kernel] + pairs).joined(separator: ":")],
    ]
  }

  /// The bytes of every file in `folder`, by name.
  static func files(in folder: String) throws -> [String: Data] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    return try Dictionary(
      uniqueKeysWithValues: names.map {
        ($0, try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)))
      })
  }

  @Test(
    "a kernel with no time parameter, alone or as a chain of one, is a still under the clock",
    arguments: forms("twirl"))
  func clockWithoutTimeParameter(form: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let still = try LayerFXTool.run([
      "apply", "twirl", "testcard:24x16", "-o", directory.path("s.png"),
    ])
    let once = try LayerFXTool.run(form + ["--time", "1", "-o", directory.path("t.png")])
    // --duration 3 (the default) at 2 fps is ⌈3 × 2⌉ = 6 frames, t = 0, 0.5, … 2.5 s.
    let animated = try LayerFXTool.run(form + ["--fps", "2", "-o", directory.path("f/")])
    #expect(still.status == 0 && once.status == 0, "\(once.standardError)")
    #expect(animated.status == 0, "\(animated.standardError)")
    let image = try Data(contentsOf: URL(fileURLWithPath: directory.path("s.png")))
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("t.png"))) == image)
    let frames = try Self.files(in: directory.path("f"))
    #expect(frames.keys.sorted() == (0..<6).map { "frame_000\($0).png" })
    #expect(frames.values.allSatisfy { $0 == image })
  }

  @Test(
    "a time parameter given a value, with --arg or in --effect, keeps it under --time and --fps",
    arguments: forms("water", ["time=1"]))
  func givenTimeWinsOverClock(form: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let pinned = try LayerFXTool.run(
      ["apply", "water", "testcard:24x16", "--arg", "time=1", "-o", directory.path("p.png")])
    let clocked = try LayerFXTool.run(
      ["apply", "water", "testcard:24x16", "--arg", "time=0.5", "-o", directory.path("c.png")])
    let once = try LayerFXTool.run(form + ["--time", "0.5", "-o", directory.path("t.png")])
    // --duration 1 at 2 fps: frames at t = 0 and 0.5 s.
    let animated = try LayerFXTool.run(
      form + ["--fps", "2", "--duration", "1", "-o", directory.path("f/")])
    #expect(pinned.status == 0 && clocked.status == 0, "\(pinned.standardError)")
    #expect(once.status == 0 && animated.status == 0, "\(once.standardError)")
    let image = try Data(contentsOf: URL(fileURLWithPath: directory.path("p.png")))
    // The water moves between t = 0.5 and 1 s, so the two stills differ.
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("c.png"))) != image)
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("t.png"))) == image)
    let frames = try Self.files(in: directory.path("f"))
    #expect(frames.keys.sorted() == ["frame_0000.png", "frame_0001.png"])
    #expect(frames.values.allSatisfy { $0 == image })
  }
}
