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
    #expect(result.standardError.contains("beyond maxSampleOffset (0.0, 0.0)"))
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
}
