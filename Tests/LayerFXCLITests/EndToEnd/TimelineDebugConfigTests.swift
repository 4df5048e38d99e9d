import Foundation
import LayerFXTestSupport
import Testing

/// `layerfx timeline` reads a debug config's keyframe tracks as well as the keyframes document.
@Suite struct TimelineDebugConfigTests {
  static let config = """
    {"version": 1, "input": "testcard:32x24",
     "effects": [{"kernel": "grayscale"},
                 {"kernel": "ripple", "keyframes": {"amplitude": [
                   {"type": "move", "value": 12},
                   {"type": "linear", "value": 4, "duration": 1}]}}]}
    """

  @Test("a debug config's effect is charted with columns named by its key path")
  func debugConfigTracks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.config.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    // The first effect with tracks or a clock is the ripple, as --effect ripple names it.
    let chosen = try LayerFXTool.run(
      ["timeline", "c.json", "--to", "1", "--step", "0.25"], in: directory.url)
    let result = try LayerFXTool.run(
      ["timeline", "c.json", "--effect", "ripple", "--to", "1", "--step", "0.25"],
      in: directory.url)
    #expect(chosen.status == 0 && chosen.standardOutput == result.standardOutput)
    #expect(result.status == 0, "\(result.standardError)")
    // The default clock runs t → t; amplitude 12 + (4 − 12) t over the first second.
    #expect(
      result.standardOutput == """
        time,effects[1].keyframes.time,effects[1].keyframes.amplitude
        0.000000,0.000000,12.000000
        0.250000,0.250000,10.000000
        0.500000,0.500000,8.000000
        0.750000,0.750000,6.000000
        1.000000,1.000000,4.000000

        """)
  }

  @Test("an effect the config lacks, or one with nothing to chart, is a usage error saying why")
  func refusals() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.config.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    let missing = try LayerFXTool.run(
      ["timeline", "c.json", "--effect", "sepia"], in: directory.url)
    #expect(missing.status == 64)
    #expect(
      missing.errorLines.first
        == "layerfx: error: --effect sepia: c.json has no such effect (it has grayscale, ripple)")
    // Grayscale has neither tracks nor a clock.
    let still = try LayerFXTool.run(
      ["timeline", "c.json", "--effect", "grayscale"], in: directory.url)
    #expect(still.status == 64)
    #expect(
      still.errorLines.first
        == "layerfx: error: c.json: effects[0] (grayscale) has no keyframe tracks and no clock "
        + "to chart")
  }

  // Before, 64 with a Usage line, though no flag was given (trial 13, Q7); sysexits(3):
  // EX_DATAERR, "the input data was incorrect", as a .metal file without a stitchable function
  // is for `layerfx list`.
  @Test("a config with nothing to chart and no --effect is bad data, 65, naming the file")
  func nothingToChart() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Neither twirl nor sepia has a clock, and neither effect has keyframe tracks.
    try #"{"version": 1, "effects": [{"kernel": "twirl"}, {"kernel": "sepia"}]}"#.write(
      toFile: directory.path("still.json"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(["timeline", "still.json"], in: directory.url)
    #expect(result.status == 65)
    #expect(
      result.errorLines
        == [
          "layerfx: error: still.json: no effect has keyframe tracks or a clock to chart (it "
            + "has twirl, sepia)"
        ])
  }
}
