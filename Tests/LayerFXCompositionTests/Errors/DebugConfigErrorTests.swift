import Foundation
import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

/// Decodes `json` and returns the error's one-line description.
private func message(_ json: String) -> String? {
  do {
    _ = try debugConfig(json)
    return nil
  } catch {
    return error.description
  }
}

@Suite struct DebugConfigErrorTests {
  @Test(
    "every config error names the file, the key path and the problem",
    arguments: [
      (
        #"{"version": 1, "effects": [{"kernel": "ripple", "amplitdue": 20}]}"#,
        "tune.json: effects[0].amplitdue: unknown key; did you mean amplitude?"
      ),
      (
        #"{"version": 1, "outptu": {}}"#,
        "tune.json: outptu: unknown key; did you mean output?"
      ),
      (
        #"{"version": 1, "debug": {"checkbounds": true}}"#,
        "tune.json: debug.checkbounds: unknown key; did you mean checkBounds?"
      ),
      // Repeated keys, which Foundation's decoders accept: Jansson finds the second "amplitude",
      // whose closing quote is character 76 of the line.
      (
        #"{"version": 1, "effects": [{"kernel": "ripple", "amplitude": 20, "amplitude": 3}]}"#,
        #"tune.json: invalid JSON: line 1, column 76: duplicate object key near '"amplitude"'"#
      ),
      (
        #"{"version": 1, "effects": [{"kernel": "ripple", "amplitude": "twenty"}]}"#,
        "tune.json: effects[0].amplitude: expected a number"
      ),
      // input takes a string (a PNG file or testcard:WxH) or a fill object (the schema's
      // description of the key); anything else is told so, not "expected an object".
      (
        #"{"version": 1, "input": 12}"#,
        "tune.json: input: expected a PNG file's path or testcard:WxH (a string), or a fill "
          + "object"
      ),
      (
        #"{"version": 1, "input": ["photo.png"]}"#,
        "tune.json: input: expected a PNG file's path or testcard:WxH (a string), or a fill "
          + "object"
      ),
      // The overlays are a set: a repeat is refused at its element, as --overlay refuses one.
      (
        #"{"version": 1, "debug": {"overlays": ["origins", "tiles", "origins"]}}"#,
        #"tune.json: debug.overlays[2]: "origins" is given twice"#
      ),
      // A boolean key given another type was "expected an object" (new-user trial 15).
      (
        #"{"version": 1, "debug": {"checkBounds": "yes"}}"#,
        "tune.json: debug.checkBounds: expected true or false"
      ),
      (
        #"{"version": 1, "effects": [{"kernel": "ripple", "amplitude": "NaN"}]}"#,
        "tune.json: effects[0].amplitude: nan is not finite"
      ),
      // Float's largest finite value is (2 − 2⁻²³) × 2¹²⁷ ≈ 3.4028235e38 (IEEE 754 binary32).
      (
        #"{"version": 1, "effects": [{"kernel": "ripple", "amplitude": 1e39}]}"#,
        "tune.json: effects[0].amplitude: 1e+39 overflows Float (largest 3.4028235e+38)"
      ),
      // Float's smallest subnormal is 2⁻¹⁴⁹ ≈ 1.4e-45; 1e-300 rounds to 0 (IEEE 754 binary32).
      (
        #"{"version": 1, "effects": [{"kernel": "ripple", "amplitude": 1e-300}]}"#,
        "tune.json: effects[0].amplitude: 1e-300 underflows Float to 0 (smallest 1e-45)"
      ),
      (
        #"{"version": 1, "effects": [{"kernel": "ripple", "speed": 1e-300}]}"#,
        "tune.json: effects[0].speed: 1e-300 underflows Float to 0 (smallest 1e-45)"
      ),
      // Below half of Double's smallest subnormal, 2⁻¹⁰⁷⁴ ≈ 4.9e-324, a real rounds to 0 as a
      // Double too, which Foundation's JSONDecoder refused as "not valid JSON" (trial 17): named
      // as written, as underflowing the Float the key holds.
      (
        #"{"version": 1, "input": "testcard:8x8", "scale": 1e-400}"#,
        "tune.json: scale: 1e-400 underflows Float to 0 (smallest 1e-45)"
      ),
      (
        #"{"version": 1, "effects": [{"kernel": "ripple", "amplitude": -2e-324}]}"#,
        "tune.json: effects[0].amplitude: -2e-324 underflows Float to 0 (smallest 1e-45)"
      ),
      // A string holding \u0000 (RFC 8259 §7 allows the escape; no path or name can hold it).
      // `{"version": 1, "input": "a\u0000b.png"` is 38 characters; Jansson reports the string
      // at its closing quote.
      (
        #"{"version": 1, "input": "a\u0000b.png"}"#,
        #"tune.json: invalid JSON: line 1, column 38: a string holds \u0000 (NUL), which no file name or value may contain"#
      ),
      // The ripple's speed is > 0 points per second (Semantics.md §5.1).
      (
        #"{"version": 1, "effects": [{"kernel": "ripple", "speed": -3}]}"#,
        "tune.json: effects[0].speed: -3 is outside > 0 (points per second)"
      ),
      (
        #"{"version": 1, "effects": [{"kernel": "ripple", "duration": 0}]}"#,
        "tune.json: effects[0].duration: 0 is outside > 0 (seconds)"
      ),
      (
        #"{"version": 1, "output": {"compression": 10}}"#,
        "tune.json: output.compression: 10 is not a whole number in 0…9"
      ),
      (
        #"{"version": 1, "output": {"time": 1, "fps": 30}}"#,
        "tune.json: output.time: give time (one frame) or fps, not both"
      ),
      (
        #"{"version": 1, "triggers": [{"time": 1}]}"#,
        #"tune.json: triggers[0]: missing key "point""#
      ),
      (
        #"{"version": 1, "effects": [{"kernel": "ripple", "origin": [1, 2, 3]}]}"#,
        "tune.json: effects[0].origin: expected 2 numbers, found 3"
      ),
      (
        #"{"version": 2}"#,
        "tune.json: version: unsupported version 2; this LayerFX reads version 1"
      ),
      (
        #"{"version": 1, "effects": []}"#,
        "tune.json: effects: an empty list is a chain of nothing: give at least one effect (a "
          + "fill's config leaves the key out)"
      ),
      (
        #"{"version": 1, "output": {"time": -0.5}}"#,
        "tune.json: output.time: -0.5 is outside ≥ 0 (seconds)"
      ),
      // A fraction is a number, but no version: said so at its key, not as invalid JSON.
      (
        #"{"version": 1.5}"#,
        "tune.json: version: 1.5 is not a version number; this LayerFX reads version 1"
      ),
      (
        #"{"version": 1, "effects": [{"kernel": "ripple", "keyframes": {"amplitud": []}}]}"#,
        "tune.json: effects[0].keyframes.amplitud: unknown key; did you mean amplitude?"
      ),
    ])
  func messages(json: String, expected: String) {
    #expect(message(json) == expected)
  }

  // The first channel outside 0…1, in R,G,B,A order, named with its value, as --arg names it
  // (colorMultiply's `color` is R,G,B,A with straight alpha, each in 0…1).
  @Test(
    "a colour channel outside 0…1 is named with its value at the colour's key path",
    arguments: [
      ("[2, 0, 0, 1]", "red is 2"), ("[0.5, -0.25, 0, 1]", "green is -0.25"),
      ("[0, 0, 10, 1]", "blue is 10"), ("[0.5, 0, 0, 1.5]", "alpha is 1.5"),
      ("[3, 0, 0, 2]", "red is 3"),
    ])
  func colorOutOfRange(color: String, problem: String) {
    let json = #"{"version": 1, "effects": [{"kernel": "colorMultiply", "color": "# + color + "}]}"
    #expect(message(json) == "tune.json: effects[0].color: \(problem), outside 0…1")
  }

  @Test("a colour list's channel outside 0…1 is named at its colour's index")
  func colorListOutOfRange() {
    // A .metal-like function taking a colour list, which no built-in kernel declares.
    let function = ShaderFunction(
      name: "g", kind: .color, parameters: [.init("colors", .colorArray)]
    ) { _ throws(ShaderArgumentError) in (.color { _, color in color }, RowKernel { _ in }) }
    let json =
      #"{"version": 1, "effects": [{"kernel": "g", "colors": [[0, 0, 0, 1], [1, 1, 1, 2]]}]}"#
    do {
      _ = try DebugConfig(
        data: Data(json.utf8), file: "tune.json", directory: "/configs", resolve: { _ in function })
      Issue.record("a colour with alpha 2 was accepted")
    } catch {
      #expect(error.description == "tune.json: effects[0].colors[1]: alpha is 2, outside 0…1")
    }
  }

  @Test("an unknown kernel is named with the library's did-you-mean")
  func unknownKernel() throws {
    let text = try #require(message(#"{"version": 1, "effects": [{"kernel": "ripplee"}]}"#))
    #expect(text.hasPrefix("tune.json: effects[0].kernel: "))
    #expect(text.contains("did you mean 'ripple'?"))
  }

  @Test("a huge unknown key is echoed cut to 60 characters, with no suggestion")
  func hugeKeyIsCut() throws {
    let key = String(repeating: "k", count: 1_000_000)
    let text = try #require(message(#"{"version": 1, ""# + key + #"": 1}"#))
    #expect(text == "tune.json: " + String(repeating: "k", count: 60) + "…: unknown key")
  }

  @Test("a keyframe track that leaves its range is found at the first time it does")
  func trackOverSchedule() throws {
    let config = try debugConfig(
      #"""
      {"version": 1, "effects": [{"kernel": "ripple", "keyframes": {"speed": [
        {"type": "move", "value": 5}, {"type": "linear", "value": -10, "duration": 1}]}}]}
      """#)
    // speed = 5 − 15 t: still > 0 at t = 0.3 (0.5), −1 at t = 0.4.
    let times = [0, 0.1, 0.2, 0.3, 0.4, 0.5]
    #expect(throws: ConfigError.self) {
      try config.checkSchedule(file: "tune.json", sizeInPoints: float2(64, 48), times: times)
    }
    do {
      try config.checkSchedule(file: "tune.json", sizeInPoints: float2(64, 48), times: times)
    } catch {
      #expect(
        error.description.hasPrefix("tune.json: effects[0].keyframes.speed: at t = 0.4 s: "))
    }
    // Up to t = 0.3 the track stays in range.
    try config.checkSchedule(
      file: "tune.json", sizeInPoints: float2(64, 48), times: [0, 0.1, 0.2, 0.3])
  }
}
