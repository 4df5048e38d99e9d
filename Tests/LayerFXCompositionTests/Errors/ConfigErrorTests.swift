import Foundation
import LayerFXAnimation
import LayerFXComposition
import Testing

/// Decodes `json` as `config.json` and returns the error's one-line description.
private func message(_ json: String) -> String? {
  do {
    _ = try KeyframesConfig(
      data: Data(json.utf8), file: "config.json", initialValue: rippleValues, clock: "time")
    return nil
  } catch {
    return error.description
  }
}

@Suite struct ConfigErrorTests {
  @Test(
    "every config error names the file, the key path and the problem",
    arguments: [
      (
        #"{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": 12}, {"type": "linear", "value": 4, "durration": 1}]}}"#,
        "config.json: keyframes.amplitude[1].durration: unknown key; did you mean duration?"
      ),
      (#"{"version": 1, "extra": true}"#, "config.json: extra: unknown key"),
      // A debug config handed to --keyframes: said so, instead of its first unknown key.
      (
        #"{"version": 1, "effects": [{"kernel": "ripple"}], "debug": {}}"#,
        "config.json: effects: this is a debug config, not a keyframes document: give it with "
          + "--config"
      ),
      (
        #"{"version": 1, "keyframes": {"scale": []}}"#,
        "config.json: keyframes.scale: unknown key"
      ),
      (#"{"keyframes": {}}"#, #"config.json: missing key "version""#),
      (
        #"{"version": 2}"#,
        "config.json: version: unsupported version 2; this LayerFX reads version 1"
      ),
      (
        #"{"version": 1.5}"#,
        "config.json: version: 1.5 is not a version number; this LayerFX reads version 1"
      ),
      (
        #"{"version": 1, "keyframes": {"time": [{"type": "move", "value": 0}, {"type": "linear", "value": 3}]}}"#,
        #"config.json: keyframes.time[1]: missing key "duration""#
      ),
      (
        #"{"version": 1, "keyframes": {"decay": [{"value": 3}]}}"#,
        #"config.json: keyframes.decay[0]: missing key "type""#
      ),
      (
        #"{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": "twelve"}]}}"#,
        "config.json: keyframes.amplitude[0].value: expected a number"
      ),
      (
        #"{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": "NaN"}]}}"#,
        "config.json: keyframes.amplitude[0].value: nan is not finite"
      ),
      (
        // 1e39 is a finite Double but ∞ as a Float, the type of every kernel argument.
        #"{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": 1e39}]}}"#,
        "config.json: keyframes.amplitude[0].value: 1e+39 overflows Float (largest 3.4028235e+38)"
      ),
      (
        #"{"version": 1, "keyframes": {"speed": [{"type": "cubic", "value": 1, "duration": 1, "endVelocity": "-Infinity"}]}}"#,
        "config.json: keyframes.speed[0].endVelocity: -inf is not finite"
      ),
      (
        #"{"version": 1, "keyframes": {"speed": [{"type": "bounce", "value": 1}]}}"#,
        #"config.json: keyframes.speed[0].type: unknown keyframe type "bounce"; expected move, linear, spring or cubic"#
      ),
      (
        #"{"version": 1, "keyframes": {"speed": [{"type": "linear", "value": 1, "duration": -2}]}}"#,
        "config.json: keyframes.speed[0].duration: -2.0 must be ≥ 0 seconds"
      ),
      (
        #"{"version": 1, "duration": 0}"#,
        "config.json: duration: 0.0 must be > 0 seconds"
      ),
      (
        #"{"version": 1, "keyframes": {"amplitude": [{"type": "spring", "value": 1, "bounce": 1.5}]}}"#,
        "config.json: keyframes.amplitude[0].bounce: 1.5 is outside (-1, 1]"
      ),
      (
        #"{"version": 1, "keyframes": {"amplitude": [{"type": "spring", "value": 1, "springDuration": 0}]}}"#,
        "config.json: keyframes.amplitude[0].springDuration: 0.0 must be > 0 seconds"
      ),
      (
        #"{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": 12}, {"type": "spring", "value": 4, "bounce": 1}]}}"#,
        #"config.json: keyframes.amplitude[1]: a spring with bounce 1 never settles; give the keyframe a "duration""#
      ),
      (
        #"{"version": 1, "keyframes": {"time": [{"type": "linear", "value": 1, "duration": 1, "curve": "wobbly"}]}}"#,
        #"config.json: keyframes.time[0].curve: unknown curve "wobbly"; expected circularEaseIn, circularEaseInOut, circularEaseOut, easeIn, easeInOut, easeOut, linear or [x1, y1, x2, y2]"#
      ),
      (
        #"{"version": 1, "keyframes": {"time": [{"type": "linear", "value": 1, "duration": 1, "curve": [1.5, 0, 1, 1]}]}}"#,
        "config.json: keyframes.time[0].curve: Bézier control points must be 4 finite numbers "
          + "[x1, y1, x2, y2] with x in [0, 1]"
      ),
      (
        #"{"version": 1, "keyframes": {"time": [{"type": "linear", "value": 1, "duration": 1, "curve": 3}]}}"#,
        "config.json: keyframes.time[0].curve: expected a curve name or [x1, y1, x2, y2]"
      ),
      (
        #"{"version": 1, "keyframes": {"time": {"type": "move", "value": 1}}}"#,
        "config.json: keyframes.time: expected an array"
      ),
      // Where an object belongs, an array, a number or a string is "expected an object" (the
      // new-user trial: a Dictionary is a Collection, and was called an array).
      ("[1, 2]", "config.json: expected an object"),
      (#"{"version": 1, "keyframes": [1]}"#, "config.json: keyframes: expected an object"),
      (
        #"{"version": 1, "keyframes": {"time": [5]}}"#,
        "config.json: keyframes.time[0]: expected an object"
      ),
    ])
  func messages(json: String, expected: String) {
    #expect(message(json) == expected)
  }

  @Test(
    "numbers beyond Double or a 64-bit integer are named by key path, as written",
    arguments: [
      (
        #"{"version": 1, "duration": 1e999}"#,
        "config.json: duration: 1e999 overflows Double (largest 1.7976931348623157e+308)"
      ),
      // 2⁶³ = 9223372036854775808 is one more than the largest 64-bit integer.
      (
        #"{"version": 1, "keyframes": {"time": [{"type": "move", "value": 9223372036854775808}]}}"#,
        "config.json: keyframes.time[0].value: 9223372036854775808 overflows a 64-bit integer "
          + "(-9223372036854775808 to 9223372036854775807)"
      ),
      // Below half of Double's smallest subnormal, 2⁻¹⁰⁷⁴ ≈ 4.9e-324, a non-zero real rounds
      // to 0, which Foundation's JSONDecoder refused as "not valid JSON" (trial 17), with an
      // exponent or without (0.…01 with 339 zeros is 1e-340); 0e-400 is 0, held.
      (
        #"{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": 1e-400}]}}"#,
        "config.json: keyframes.amplitude[0].value: 1e-400 underflows Double to 0 "
          + "(smallest 5e-324)"
      ),
      (
        #"{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": 0e-400}, "#
          + #"{"type": "linear", "value": 1, "duration": 0.\#(String(repeating: "0", count: 339))1}]}}"#,
        "config.json: keyframes.amplitude[1].duration: "
          + "0.0000000000000000000000000000000000000000000000000000000000… underflows Double to 0 "
          + "(smallest 5e-324)"
      ),
      // Two such numbers: the first is named.
      (
        #"{"version": 1, "duration": 2E+400, "keyframes": {"time": [{"type": "move", "value": 1e400}]}}"#,
        "config.json: duration: 2E+400 overflows Double (largest 1.7976931348623157e+308)"
      ),
    ])
  func hugeNumber(json: String, expected: String) {
    #expect(message(json) == expected)
  }

  @Test("a number beyond Double in a document that is not JSON past it keeps the line and column")
  func hugeNumberInBrokenDocument() throws {
    // `{"version": 1, "duration": 1e999` is 32 characters; Jansson stops at the token's end.
    #expect(
      message(#"{"version": 1, "duration": 1e999 x}"#)
        == "config.json: invalid JSON: line 1, column 32: real number overflow near '1e999'")
  }

  @Test(
    "a syntax error is reported with its line and column",
    arguments: [
      // Line 1, the second comma is character 15: `{"version": 1,` is 14 characters; the
      // problem in Jansson's words (its documentation's error texts).
      (
        #"{"version": 1,, }"#,
        "config.json: invalid JSON: line 1, column 15: string or '}' expected near ','"
      ),
      // Line 3 is `  "keyframes": {"amplitude": [1 2]}`; the `2` is its 33rd character.
      (
        "{\n  \"version\": 1,\n  \"keyframes\": {\"amplitude\": [1 2]}\n}",
        "config.json: invalid JSON: line 3, column 33: ']' expected near '2'"
      ),
      // A text of no value: RFC 8259 §2, a JSON text is one value (Jansson 2.14 reported the
      // end of the text at column 0).
      ("", "config.json: invalid JSON: empty document (no JSON value)"),
      (" \n\t\r\n", "config.json: invalid JSON: empty document (no JSON value)"),
      // A NUL byte is allowed nowhere (RFC 8259 §2, §7); Jansson 2.14 skips one between
      // tokens. `{"version": 1` is 13 characters, the NUL the 14th.
      (
        "{\"version\": 1\u{0}}",
        "config.json: invalid JSON: line 1, column 14: a NUL byte, which JSON does not allow"
      ),
      // Inside a key on line 2: `  "é` is 4 characters (é is 2 bytes, 1 character), the NUL
      // the 5th.
      (
        "{\n  \"é\u{0}\": 1}",
        "config.json: invalid JSON: line 2, column 5: a NUL byte, which JSON does not allow"
      ),
      // A repeated key, which Foundation's decoders accept silently: the second "version"
      // ends at character 24, where Jansson reports it.
      (
        #"{"version": 1, "version": 1}"#,
        #"config.json: invalid JSON: line 1, column 24: duplicate object key near '"version"'"#
      ),
    ])
  func syntax(json: String, expected: String) {
    #expect(message(json) == expected)
  }

  @Test("an unreadable file is reported by name")
  func unreadable() {
    let url = URL(fileURLWithPath: "/nonexistent-layerfx-dir/missing.json")
    #expect {
      try KeyframesConfig(contentsOf: url, initialValue: rippleValues, clock: "time")
    } throws: { error in
      guard case .unreadable(let file, _) = error as? ConfigError else { return false }
      return file == "missing.json"
        && (error as? ConfigError)?.description.hasPrefix("missing.json: cannot read: ") == true
    }
  }
}
