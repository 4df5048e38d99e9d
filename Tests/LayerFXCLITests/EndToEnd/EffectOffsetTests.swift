import Foundation
import LayerFXTestSupport
import Testing

/// An effect of a chain with its own `maxSampleOffset` (`--effect NAME:maxSampleOffset=X,Y`, a
/// config effect's `"maxSampleOffset": [x, y]`), which `--max-sample-offset` does not replace.
///
/// The offsets each pass is held to come back in `--check-bounds`'s reports, one per pass.
@Suite struct EffectOffsetTests {
  static let ripple =
    MetalCommandTests.ripple
    + ":Ripple:origin=32,24,amplitude=4,frequency=10,decay=2,speed=100"

  /// Expects the reports of the compiled ripple held to 15, 15 points (its own offset; it
  /// samples at most 3 points away) and twirl to 3, 3 (the global one, which it exceeds).
  func expectOwnAndGlobal(_ result: LayerFXTool.Result) {
    #expect(result.status == 1)
    #expect(result.errorLines.count == 2)
    #expect(
      result.errorLines.first?.hasPrefix(
        "layerfx: bounds: all 3072 samples within maxSampleOffset (15, 15)") == true,
      "\(result.standardError)")
    #expect(
      result.errorLines.last?.contains("pixels) beyond maxSampleOffset (3, 3)") == true,
      "\(result.standardError)")
  }

  @Test("--effect's maxSampleOffset sets its pass; --max-sample-offset the others")
  func commandLine() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "apply", "testcard:64x48", "--effect", Self.ripple + ",maxSampleOffset=15,15", "--effect",
      "twirl", "--max-sample-offset", "3,3", "--time", "0.2", "--check-bounds", "-o",
      directory.path("out.png"),
    ])
    expectOwnAndGlobal(result)
  }

  @Test("a config effect's maxSampleOffset is dumped, read back and kept over the global one")
  func config() throws {
    let directory = try TemporaryDirectory()
    let dump = try LayerFXTool.run([
      "config", "dump", Self.ripple + ",maxSampleOffset=15,15", "twirl",
    ])
    #expect(dump.status == 0, "\(dump.standardError)")
    let collapsed = dump.standardOutput.filter { !$0.isWhitespace }
    #expect(collapsed.contains("\"maxSampleOffset\":[15,15]"))
    let config = directory.path("chain.json")
    try dump.outputData.write(to: URL(fileURLWithPath: config))
    let result = try LayerFXTool.run([
      "apply", "testcard:64x48", "--config", config, "--max-sample-offset", "3,3", "--time",
      "0.2", "--check-bounds", "-o", directory.path("out.png"),
    ])
    expectOwnAndGlobal(result)
  }

  @Test("the schema gives a layer or distortion effect the key, a colour effect none")
  func schema() throws {
    let result = try LayerFXTool.run(["config", "schema"])
    let schema = try JSONSerialization.jsonObject(with: result.outputData) as? [String: Any]
    let definitions = schema?["$defs"] as? [String: Any]
    func properties(_ name: String) -> [String: Any]? {
      (definitions?["effect.\(name)"] as? [String: Any])?["properties"] as? [String: Any]
    }
    let offset = properties("twirl")?["maxSampleOffset"] as? [String: Any]
    #expect(offset?["minItems"] as? Int == 2)
    #expect(offset?["x-unit"] as? String == "points")
    #expect(properties("grayscale")?["maxSampleOffset"] == nil)
    #expect(properties("grayscale") != nil)
  }

  @Test(
    "an offset on a colour effect, below 0 or given twice, and a negative time, are refused, exit 64",
    arguments: [
      (
        "grayscale:maxSampleOffset=1,1",
        "layerfx: error: --effect grayscale:maxSampleOffset=1,1: only layer and distortion "
          + "effects take a maxSampleOffset; grayscale is a colour effect"
      ),
      (
        "twirl:maxSampleOffset=1,1,maxSampleOffset=2,2",
        "layerfx: error: --effect twirl: maxSampleOffset given more than once; give it once"
      ),
      // A parameter given twice is named as the offset is, with its effect (the trial's
      // '--effect amount given more than once' named neither the effect nor the item's place).
      (
        "sepia:amount=1,amount=2",
        "layerfx: error: --effect sepia: amount given more than once; give it once"
      ),
      (
        "water:time=-1",
        "layerfx: error: water: argument 'time' must be ≥ 0 seconds, got -1"
      ),
      // A .metal layer effect needs an offset (SwiftUI's required argument), or that is refused
      // first; with one, its negative time is, named with its .metal file.
      (
        ripple + ",time=-1,maxSampleOffset=4,4",
        "layerfx: error: \(MetalCommandTests.ripple): Ripple: argument 'time' must be ≥ 0 "
          + "seconds, got -1"
      ),
      (
        "twirl:maxSampleOffset=-1,1",
        "layerfx: error: invalid value 'twirl:maxSampleOffset=-1,1' for '--effect': -1 is below "
          + "0; expected X,Y, two finite numbers ≥ 0 (points)"
      ),
    ])
  func refusedOnCommandLine(effect: String, message: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "apply", "testcard:8x8", "--effect", effect, "--time", "0", "-o", directory.path("o.png"),
    ])
    #expect(result.status == 64)
    #expect(result.errorLines.first == message)
    #expect(try directory.contents() == [])
  }

  @Test("a config's maxSampleOffset on a colour effect is refused, naming the key, exit 65")
  func refusedInConfig() throws {
    let directory = try TemporaryDirectory()
    let dump = try LayerFXTool.run(["config", "dump", "twirl", "grayscale"])
    let text = dump.standardOutput.replacingOccurrences(
      of: "\"kernel\": \"grayscale\"",
      with: "\"kernel\": \"grayscale\", \"maxSampleOffset\": [1, 1]")
    #expect(text != dump.standardOutput)
    let config = directory.path("bad.json")
    try Data(text.utf8).write(to: URL(fileURLWithPath: config))
    let result = try LayerFXTool.run(["config", "check", config])
    #expect(result.status == 65)
    #expect(
      result.errorLines.first?.hasSuffix(
        "effects[1].maxSampleOffset: only layer and distortion effects take a maxSampleOffset; "
          + "grayscale is a colour effect") == true, "\(result.standardError)")
  }
}
