import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

@Suite struct ReplayPresetTests {
  let ripple = ShaderFunction.ripple

  @Test("without taps, one replay starts at t = 0 at the origin, by default the image's centre")
  func defaultTap() throws {
    let preset = ReplayPreset(ripple, initialValue: ParameterValues(defaultsOf: ripple), duration: 2)
    let chain = try preset.chain(sizeInPoints: float2(40, 30))
    #expect(chain.effects.count == 1)
    let triggers = chain.effects[0].animator.triggers
    #expect(triggers.count == 1)
    #expect(triggers[0].time == 0)
    // The centre of a 40 × 30 point image.
    #expect(triggers[0].payload == float2(20, 15))
    var placed = preset
    placed.origin = float2(5, 6)
    #expect(try placed.chain(sizeInPoints: float2(40, 30)).effects[0].animator.triggers[0].payload
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
}

@Suite struct AnimatedEffectClockTests {
  @Test("the clock drives the named float parameter, else the time-since-trigger one")
  func clockParameter() {
    // Ripple(position, layer, origin, time, amplitude, frequency, decay, speed).
    #expect(ShaderFunction.ripple.clockParameter(named: nil) == "time")
    #expect(ShaderFunction.ripple.clockParameter(named: "amplitude") == "amplitude")
    // origin is a float2, not a clock.
    #expect(ShaderFunction.ripple.clockParameter(named: "origin") == "time")
    #expect(ShaderFunction.grayscale.clockParameter(named: nil) == nil)
  }

  @Test("on the clock the time parameter runs 0 to the length; given a value it stays put")
  func onClock() {
    let effect = AnimatedEffect.onClock(
      .ripple, arguments: [], timeParameter: nil, length: 2, maxSampleOffset: nil)
    #expect(abs(effect.animator.timeline.value(time: 1)["time"] - 1) <= 1e-12)
    #expect(abs(effect.endTime - 2) <= 1e-12)
    let fixed = AnimatedEffect.onClock(
      .ripple, arguments: [("time", .float(0.3))], timeParameter: nil, length: 2,
      maxSampleOffset: float2(4, 4))
    #expect(fixed.endTime == 0)
    #expect(fixed.maxSampleOffset == float2(4, 4))
  }

  @Test("without taps an effect gets the view's position; with taps it is replayed by them")
  func replayed() {
    let effect = AnimatedEffect(.ripple)
    let still = effect.replayed(
      by: [], duration: 1, timeParameter: nil, sizeInPoints: float2(40, 30))
    // A position left out is the image's centre (Semantics §1.2).
    #expect(still.arguments.contains { $0.name == "origin" && $0.value == .float2(float2(20, 15)) })
    let tapped = effect.replayed(
      by: [.init(time: 0.5, payload: float2(2, 3))], duration: 1, timeParameter: nil,
      sizeInPoints: float2(40, 30))
    #expect(tapped.animator.triggers.map(\.time) == [0.5])
    // The tap at 0.5 s plus the 1 s window.
    #expect(abs(tapped.endTime - 1.5) <= 1e-12)
  }
}

@Suite struct TimelineTableTests {
  @Test("sample times are from + i × step up to to, and too many rows give none")
  func times() {
    #expect(TimelineTable.times(from: 0, to: 0.1, step: 0.05) == [0, 0.05, 0.1])
    #expect(TimelineTable.times(from: 1, to: 1.5, step: 1) == [1])
    // 0…100 000 by 1 is 100 001 rows, one more than the most.
    #expect(TimelineTable.times(from: 0, to: 100_000, step: 1) == nil)
  }

  @Test("the CSV has a header of prefixed names and rows with 6 decimals")
  func csv() {
    let table = TimelineTable(
      timeline: KeyframeTimeline(constant: ParameterValues(names: ["a", "b"], values: [2, -0.5])),
      names: ["b"], prefix: "keyframes.", function: .ripple)
    #expect(table.csv(times: [0, 0.25]) == "time,keyframes.b\n0.000000,-0.500000\n0.250000,-0.500000")
    let chart = table.chart(title: "t", times: [0, 0.25])
    #expect(chart.series.map(\.name) == ["keyframes.b"])
    #expect(chart.series[0].values == [-0.5, -0.5])
  }
}
