import Foundation
import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

/// Decodes `json` as `tune.json` in `/configs`, with the built-in kernels.
func debugConfig(_ json: String) throws(ConfigError) -> DebugConfig {
  try DebugConfig(
    data: Data(json.utf8), file: "tune.json", directory: "/configs",
    resolve: { try ShaderLibrary.default.function(named: $0) })
}

@Suite struct DebugConfigTests {
  @Test("a full document decodes into the composition types, paths resolved against its folder")
  func decodesEverySection() throws {
    let config = try debugConfig(
      #"""
      {
        "version": 1,
        "input": "photos/cat.png",
        "scale": 2,
        "effects": [{"kernel": "ripple", "amplitude": 20, "decay": 4, "duration": 1.5}],
        "triggers": [{"point": [10, 20], "time": 0.25}, {"point": [30, 40]}],
        "output": {"path": "out/", "fps": 24, "frames": 12, "contactSheet": 4,
                   "bitDepth": 16, "compression": 9},
        "debug": {"checkBounds": true, "maxSampleOffset": [5, 6], "previewTimes": [0.1, 0.2]}
      }
      """#)
    #expect(config.input?.path == "/configs/photos/cat.png")
    #expect(config.scale == 2)
    let effect = try #require(config.effects.first)
    #expect(effect.function.name == "ripple")
    // The written values; the others are Apple's sample defaults (frequency 15, speed 1200).
    #expect(effect.values["amplitude"] == 20 && effect.values["decay"] == 4)
    #expect(effect.values["frequency"] == 15 && effect.values["speed"] == 1200)
    #expect(effect.duration == 1.5)
    #expect(config.triggers?.map(\.time) == [0.25, 0])
    #expect(config.triggers?.map(\.payload) == [float2(10, 20), float2(30, 40)])
    #expect(config.output.path == "/configs/out/")
    #expect(config.output.fps == 24 && config.output.frames == 12)
    #expect(config.output.contactSheet == 4)
    #expect(config.output.bitDepth == 16 && config.output.compression == 9)
    #expect(config.debug.checkBounds && config.debug.maxSampleOffset == float2(5, 6))
    #expect(config.debug.previewTimes(endTime: 3) == [0.1, 0.2])
  }

  @Test("absent sections take their defaults: one trigger at the centre, four preview times")
  func defaults() throws {
    let config = try debugConfig(#"{"version": 1, "effects": [{"kernel": "ripple"}]}"#)
    #expect(config.input == nil && config.scale == 1)
    #expect(config.effects[0].duration == 3)
    let triggers = config.triggers(sizeInPoints: float2(64, 48))
    #expect(triggers.count == 1 && triggers[0].time == 0 && triggers[0].payload == float2(32, 24))
    #expect(config.output.bitDepth == 8 && config.output.compression == 1)
    #expect(!config.debug.checkBounds && config.debug.maxSampleOffset == nil)
    // 1/5 … 4/5 of a 3-second animation.
    let times = config.debug.previewTimes(endTime: 3)
    #expect(zip(times, [0.6, 1.2, 1.8, 2.4]).allSatisfy { abs($0 - $1) <= 1e-12 })
  }

  @Test(
    "a scale outside 1/1024…1024 is refused at its key, so sizes in points stay finite",
    arguments: ["1e-40", "0.0009765", "1024.001", "0"])
  func scaleOutOfRange(scale: String) {
    do {
      _ = try debugConfig(
        #"{"version": 1, "scale": "# + scale + #", "effects": [{"kernel": "ripple"}]}"#)
      Issue.record("scale \(scale) was accepted")
    } catch {
      #expect(error.description.hasPrefix("tune.json: scale: "), "\(error)")
      #expect(error.description.hasSuffix("is outside 0.0009765625…1024"), "\(error)")
    }
  }

  @Test("the ends of the scale range are accepted", arguments: ["0.0009765625", "1024"])
  func scaleRangeEnds(scale: String) throws {
    let config = try debugConfig(
      #"{"version": 1, "scale": "# + scale + #", "effects": [{"kernel": "ripple"}]}"#)
    #expect(Float(config.scale) == Float(scale))
  }

  @Test("amplitude 20 in the config is the ripple's amplitude 20 at every frame")
  func amplitudeReachesThePass() throws {
    let config = try debugConfig(
      #"{"version": 1, "effects": [{"kernel": "ripple", "amplitude": 20}]}"#)
    let passes = try config.chain(sizeInPoints: float2(64, 48)).passes(
      at: 0.5, sizeInPoints: float2(64, 48))
    #expect(passes.count == 1)
    // The ripple's declared maxSampleOffset is its amplitude (Semantics.md §5.1).
    #expect(passes.first?.maxSampleOffset == float2(20, 20))
  }

  @Test("an effect's keyframes use the keyframes document's format and start from its values")
  func keyframesPerEffect() throws {
    let config = try debugConfig(
      #"""
      {"version": 1, "effects": [{"kernel": "ripple", "amplitude": 10, "keyframes": {
        "amplitude": [{"type": "linear", "value": 30, "duration": 2}]}}]}
      """#)
    let effect = config.effects[0]
    #expect(effect.trackNames == ["amplitude"])
    let timeline = try effect.timeline(initialValue: effect.values)
    // Halfway through a linear keyframe from 10 to 30: 20 (Semantics.md §7.4).
    #expect(abs(timeline.value(time: 1)["amplitude"] - 20) <= 1e-9)
    // The default clock runs with the time since the trigger.
    #expect(abs(timeline.value(time: 1)["time"] - 1) <= 1e-9)
  }

  @Test("a kernel without a clock gets the first trigger's point and the image's size")
  func positionAndViewSize() throws {
    let config = try debugConfig(
      #"""
      {"version": 1, "effects": [{"kernel": "twirl"}, {"kernel": "scaleEffect"}],
       "triggers": [{"point": [5, 7]}]}
      """#)
    let chain = config.chain(sizeInPoints: float2(64, 48))
    let twirl = chain.effects[0].arguments.first { $0.name == "center" }?.value
    #expect(twirl == .float2(float2(5, 7)))
    let size = chain.effects[1].arguments.first { $0.name == "size" }?.value
    #expect(size == .float2(float2(64, 48)))
  }

  @Test("a fill input decodes with its arguments; testcard:WxH names the test card")
  func inputs() throws {
    let fill = try debugConfig(
      #"{"version": 1, "input": {"fill": "radialGradient", "pixels": [640, 480], "endRadius": 300}}"#
    )
    guard case .fill(let function, let arguments, let width, let height, _, _)? = fill.input else {
      Issue.record("not a fill")
      return
    }
    #expect(function.name == "radialGradient" && width == 640 && height == 480)
    #expect(arguments.map(\.name) == ["endRadius"] && arguments.first?.value == .float(300))
    let card = try debugConfig(#"{"version": 1, "input": "testcard:64x48"}"#)
    #expect(card.input?.commandLineText == "testcard:64x48")
    // The command line's grammar (ValueType.size): exactly two whole sides from 1 to 65535,
    // digits only (Int("+5") is 5).
    for text in [
      "testcard:5xx6", "testcard:x5x6", "testcard:5x6x", "testcard:0x6", "testcard:5x",
      "testcard:+5x5", "testcard:5x+5",
    ] {
      #expect(throws: ConfigError.self, "\(text)") {
        try debugConfig(#"{"version": 1, "input": "\#(text)"}"#)
      }
    }
  }

  @Test("a dumped config reads back as the same document")
  func dumpRoundTrips() throws {
    var output = DebugConfig.Output()
    output.path = "/configs/out.png"
    output.time = 0.5
    let written = DebugConfig(
      input: .testCard(width: 64, height: 48), effects: [DebugConfig.Effect(.ripple)],
      output: output)
    let read = try debugConfig(written.json.text)
    #expect(read.json == written.json)
    // No trigger is written: the default tap is the centre of whatever input the config runs
    // on (32, 24 for the 64 × 48 card; 300, 200 for a 600 × 400 photo).
    #expect(read.triggers == nil)
    #expect(read.triggers(sizeInPoints: float2(64, 48)).map(\.payload) == [float2(32, 24)])
    #expect(read.triggers(sizeInPoints: float2(600, 400)).map(\.payload) == [float2(300, 200)])
  }

  @Test("JSONValue writes Floats in their shortest form and escapes strings")
  func jsonText() {
    let value = JSONValue.object([
      ("a", .float(0.3)), ("b", .number(1e-5)), ("c", .string("tab\tquote\"")), ("d", .null),
    ])
    // RFC 8259 §7 escapes; Jansson's two-space indentation.
    #expect(
      value.text
        == "{\n  \"a\": 0.3,\n  \"b\": 1e-5,\n  \"c\": \"tab\\tquote\\\"\",\n  \"d\": null\n}\n")
  }
}
