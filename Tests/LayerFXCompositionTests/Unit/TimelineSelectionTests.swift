import Foundation
import LayerFX
import LayerFXComposition
import LayerFXKernels
import Testing

/// Which tracks `layerfx timeline` charts: a keyframes document's for a kernel, or one effect's
/// of a debug config, and why there may be none.
@Suite struct TimelineSelectionTests {
  @Test("a keyframes document's columns are its tracks and the kernel's clock, keyframes.NAME")
  func keyframesDocument() throws {
    let data = Data(
      #"{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": 4}]}}"#.utf8)
    let table = try TimelineTable(keyframes: data, file: "keys.json", function: .ripple)
    // The ripple's clock, `time`, is listed even without a track of its own.
    #expect(Set(table.names) == ["time", "amplitude"])
    #expect(table.prefix == "keyframes.")
  }

  @Test("a kernel without a time-since-trigger parameter has no clock to chart")
  func noClock() {
    let data = Data(#"{"version": 1, "keyframes": {}}"#.utf8)
    #expect(throws: TimelineSelectionError.noClock(function: "grayscale")) {
      try TimelineTable(keyframes: data, file: "keys.json", function: .grayscale)
    }
  }

  @Test("without a name the first effect with a clock or tracks is charted")
  func firstCharted() throws {
    let config = try debugConfig(
      #"{"version": 1, "effects": [{"kernel": "grayscale"}, {"kernel": "ripple"}]}"#)
    let table = try TimelineTable(effectNamed: nil, of: config, file: "tune.json")
    #expect(table.prefix == "effects[1].keyframes.")
    #expect(table.function.name == "ripple")
  }

  @Test("a name no effect has, no effect to chart, or a named effect without either, is refused")
  func refusals() throws {
    let config = try debugConfig(#"{"version": 1, "effects": [{"kernel": "grayscale"}]}"#)
    #expect(
      throws: TimelineSelectionError.noSuchEffect(
        name: "bulge", file: "tune.json", effects: ["grayscale"])
    ) { try TimelineTable(effectNamed: "bulge", of: config, file: "tune.json") }
    #expect(
      throws: TimelineSelectionError.nothingToChart(file: "tune.json", effects: ["grayscale"])
    ) { try TimelineTable(effectNamed: nil, of: config, file: "tune.json") }
    #expect(
      throws: TimelineSelectionError.effectNotCharted(
        file: "tune.json", index: 0, function: "grayscale")
    ) { try TimelineTable(effectNamed: "grayscale", of: config, file: "tune.json") }
    #expect(
      "\(TimelineSelectionError.nothingToChart(file: "a.json", effects: ["x", "y"]))"
        == "a.json: no effect has keyframe tracks or a clock to chart (it has x, y)")
  }
}
