import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import Testing

/// The ripple's animatable parameters at the defaults of Apple's WWDC24 sample, written out by
/// hand (not read from the kernel's declaration), in the kernel's argument order.
let rippleValues = ParameterValues([
  "time": 0, "amplitude": 12, "frequency": 15, "decay": 8, "speed": 1200,
])

@Suite struct KeyframesConfigTests {
  @Test("the keyframes section decodes into the ripple timeline")
  func decodesTimeline() throws {
    let json = #"""
      {
        "version": 1,
        "duration": 2,
        "keyframes": {
          "amplitude": [
            {"type": "move", "value": 12},
            {"type": "spring", "value": 4, "duration": 0.5, "bounce": 0.3}
          ],
          "speed": [
            {"type": "linear", "value": 600, "duration": 1, "curve": [0.42, 0, 0.58, 1]},
            {"type": "cubic", "value": 300, "duration": 1, "startVelocity": 0, "endVelocity": 0}
          ]
        }
      }
      """#
    let config = try KeyframesConfig(
      data: Data(json.utf8), file: "config.json", initialValue: rippleValues, clock: "time")
    #expect(config.version == 1)
    #expect(config.duration == 2)
    let timeline = config.timeline
    // No time track: the default clock runs 0 → 2 over 2 s.
    #expect(abs(timeline.value(time: 1.5)["time"] - 1.5) <= 1e-12)
    // Spring(0.5, 0.3) from 12 to 4: 4 + 8 (1 − x(0.25)), x(0.25) = 0.98409 (Documentation/Semantics.md §6).
    #expect(abs(timeline.value(time: 0.25)["amplitude"] - (4 + 8 * (1 - 0.98409))) <= 8e-4)
    // easeInOut is symmetric: halfway in time is halfway in value.
    #expect(abs(timeline.value(time: 0.5)["speed"] - 900) <= 1e-9)
    // Cubic with zero end tangents from 600 to 300: at s = 1/2 the midpoint 450.
    #expect(abs(timeline.value(time: 1.5)["speed"] - 450) <= 1e-9)
    #expect(timeline.value(time: 0)["frequency"] == 15)
  }

  @Test("a minimal document is Apple's ripple: 3 s clock and default parameters")
  func minimalDocument() throws {
    let config = try KeyframesConfig(
      data: Data(#"{"version": 1}"#.utf8), file: "config.json", initialValue: rippleValues,
      clock: "time")
    #expect(config.duration == 3)
    #expect(config.timeline.duration == 3)
    var expected = rippleValues
    expected["time"] = 1.5
    #expect(config.timeline.value(time: 1.5) == expected)
  }
}

@Suite struct KeyframesConfigPrecedenceTests {
  @Test("the caller's initial value fills untracked parameters and starts tracks")
  func initialValue() throws {
    let json = #"""
      {"version": 1, "keyframes": {"amplitude": [{"type": "linear", "value": 4, "duration": 1}]}}
      """#
    let base = ParameterValues([
      "time": 0, "amplitude": 20, "frequency": 9, "decay": 2, "speed": 300,
    ])
    let config = try KeyframesConfig(
      data: Data(json.utf8), file: "c.json", initialValue: base, clock: "time")
    let value = config.timeline.value(time: 0.25)
    // Linear from the base 20 to 4 over 1 s: a quarter of the way is 16.
    #expect(abs(value["amplitude"] - 16) <= 1e-12)
    #expect(value["frequency"] == 9 && value["decay"] == 2 && value["speed"] == 300)
    #expect(config.animatedNames == ["time", "amplitude"])
  }

  @Test("the document's duration wins; the default applies only when it has none")
  func duration() throws {
    let withDuration = try KeyframesConfig(
      data: Data(#"{"version": 1, "duration": 2}"#.utf8), file: "c.json",
      initialValue: rippleValues, clock: "time", defaultDuration: 5)
    #expect(withDuration.duration == 2 && withDuration.timeline.duration == 2)
    let without = try KeyframesConfig(
      data: Data(#"{"version": 1}"#.utf8), file: "c.json", initialValue: rippleValues,
      clock: "time", defaultDuration: 5)
    #expect(without.duration == 5 && without.timeline.duration == 5)
    // The default clock runs 0 → 5 over 5 s.
    #expect(abs(without.timeline.value(time: 4)["time"] - 4) <= 1e-12)
  }
}

@Suite struct ParameterValuesDefaultsTests {
  @Test("a function's animatable values are its float parameters at their declared defaults")
  func rippleDefaults() {
    // The ripple's float parameters and Apple's sample values (`origin` is a float2, left out).
    #expect(ParameterValues(defaultsOf: .ripple) == rippleValues)
  }

  @Test("a document may key tracks by any name of the initial value, and only those")
  func anyParameterNames() throws {
    let values = ParameterValues(["seconds": 0, "strength": 1])
    let json = #"""
      {"version": 1, "keyframes": {"strength": [{"type": "linear", "value": 3, "duration": 2}]}}
      """#
    let config = try KeyframesConfig(
      data: Data(json.utf8), file: "c.json", initialValue: values, clock: "seconds",
      defaultDuration: 4)
    // Linear 1 → 3 over 2 s: 2 at 1 s; the default clock drives "seconds".
    #expect(abs(config.timeline.value(time: 1)["strength"] - 2) <= 1e-12)
    #expect(abs(config.timeline.value(time: 1)["seconds"] - 1) <= 1e-12)
    #expect(config.animatedNames == ["seconds", "strength"])
    #expect(throws: ConfigError.self) {
      try KeyframesConfig(
        data: Data(#"{"version": 1, "keyframes": {"amplitude": []}}"#.utf8), file: "c.json",
        initialValue: values, clock: "seconds")
    }
  }
}

@Suite struct KeyframesConfigFileTests {
  @Test("a keyframes file is read by the path given, and a missing one is named as given")
  func file() throws {
    let path = NSTemporaryDirectory() + "keyframes-\(UUID().uuidString).json"
    try Data(#"{"version": 1, "duration": 2, "keyframes": {}}"#.utf8)
      .write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let values = ParameterValues(names: ["time", "amplitude"], values: [0, 12])
    let config = try KeyframesConfig(
      file: path, initialValue: values, clock: "time", defaultDuration: 3)
    // The document's duration wins over the default.
    #expect(config.duration == 2)
    let missing = "no-such-folder-\(UUID().uuidString)/k.json"
    do {
      _ = try KeyframesConfig(
        file: missing, initialValue: values, clock: "time", defaultDuration: 3)
      Issue.record("a missing file was read")
    } catch {
      #expect("\(error)".hasPrefix(missing))
    }
  }
}
