import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

@Suite struct ReplayPresetTests {
  let ripple = ShaderFunction.ripple

  @Test("without taps, one replay starts at t = 0 at the origin, by default the image's centre")
  func defaultTap() throws {
    let preset = ReplayPreset(
      ripple, initialValue: ParameterValues(defaultsOf: ripple), duration: 2)
    let chain = try preset.chain(sizeInPoints: float2(40, 30))
    #expect(chain.effects.count == 1)
    let triggers = chain.effects[0].animator.triggers
    #expect(triggers.count == 1)
    #expect(triggers[0].time == 0)
    // The centre of a 40 × 30 point image.
    #expect(triggers[0].payload == float2(20, 15))
    var placed = preset
    placed.origin = float2(5, 6)
    #expect(
      try placed.chain(sizeInPoints: float2(40, 30)).effects[0].animator.triggers[0].payload
        == float2(5, 6))
  }

  @Test("taps replay the timeline: the last replay ends at the last tap plus the duration")
  func taps() throws {
    let preset = ReplayPreset(
      ripple, initialValue: ParameterValues(defaultsOf: ripple), duration: 2,
      taps: [.init(time: 0, payload: float2(1, 1)), .init(time: 0.5, payload: float2(9, 9))])
    let chain = try preset.chain(sizeInPoints: float2(40, 30))
    #expect(chain.effects[0].animator.triggers.map(\.time) == [0, 0.5])
    // 0.5 s + 2 s.
    #expect(abs(chain.endTime - 2.5) <= 1e-12)
    #expect(!preset.usesConfigTracks)
  }

  @Test("a config of another chain, or one that gives the clock a value, is refused at its key")
  func configRefusals() throws {
    let two = DebugConfig(
      input: nil, effects: [DebugConfig.Effect(ripple), DebugConfig.Effect(.grayscale)])
    #expect(throws: ConfigError.self) {
      try ReplayPreset.ConfigValues(
        two, file: "c.json", function: ripple, parameters: [], readsTaps: true)
    }
    var fixed = DebugConfig.Effect(ripple)
    fixed.arguments = [("time", .float(0.5))]
    #expect(throws: ConfigError.self) {
      try ReplayPreset.ConfigValues(
        DebugConfig(input: nil, effects: [fixed]), file: "c.json", function: ripple,
        parameters: [], readsTaps: true)
    }
  }

  @Test("a config's effect gives its values, duration and triggers; taps from elsewhere drop them")
  func configValues() throws {
    var effect = DebugConfig.Effect(ripple, duration: 1.5)
    effect.values["amplitude"] = 7
    let taps: [AnimatedEffect.Trigger] = [.init(time: 0.25, payload: float2(3, 4))]
    let config = DebugConfig(input: nil, effects: [effect], triggers: taps)
    let values = try ReplayPreset.ConfigValues(
      config, file: "c.json", function: ripple, parameters: ["amplitude"], readsTaps: true)
    #expect(values.values == ["amplitude": 7])
    #expect(values.duration == 1.5)
    #expect(values.taps?.map(\.time) == [0.25])
    #expect(values.origin == nil)
    let without = try ReplayPreset.ConfigValues(
      config, file: "c.json", function: ripple, parameters: [], readsTaps: false)
    #expect(without.taps == nil)
    #expect(without.values.isEmpty)
  }

  @Test("a fill input is refused at its key, unless the front end gives the input")
  func fillInput() throws {
    let fill = DebugConfig.Input.fill(
      .radialGradient, arguments: [], width: 4, height: 4, kernel: "radialGradient")
    let config = DebugConfig(input: fill, effects: [DebugConfig.Effect(ripple)])
    #expect(
      throws: ConfigError.invalidValue(
        file: "c.json", path: "input",
        reason: "a fill input needs 'layerfx render --config', 'layerfx apply --config' or "
          + "'layerfx tune'")
    ) {
      try ReplayPreset.ConfigValues(
        config, file: "c.json", function: ripple, parameters: [], readsTaps: true)
    }
    _ = try ReplayPreset.ConfigValues(
      config, file: "c.json", function: ripple, parameters: [], readsTaps: true,
      readsInput: false)
  }

  @Test("a keyframes file is read with the function's clock; its duration wins")
  func keyframesFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("keys.json")
    try Data(
      #"{"version": 1, "duration": 2, "keyframes": {"amplitude": [{"type": "move", "value": 4}]}}"#
        .utf8
    ).write(to: URL(fileURLWithPath: path))
    let initial = ParameterValues(defaultsOf: ripple)
    let preset = try ReplayPreset(
      ripple, initialValue: initial, duration: 3, keyframesFile: path)
    #expect(preset.keyframes?.duration == 2)
    #expect(preset.keyframes?.timeline.value(time: 0)["amplitude"] == 4)
    #expect(
      try ReplayPreset(ripple, initialValue: initial, duration: 3, keyframesFile: nil).keyframes
        == nil)
  }
}
