import Foundation
import LayerFXTestSupport
import Testing

/// `layerfx config dump|schema|check` and `--config` on the rendering commands.
@Suite struct ConfigCommandTests {
  /// The bytes of a file the test wrote or expects.
  private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  @Test(
    "config dump ripple > c.json; config check c.json; ripple --config c.json: the flags' bytes")
  func dumpCheckRender() throws {
    let directory = try TemporaryDirectory()
    let dump = try LayerFXTool.run(["config", "dump", "ripple"])
    #expect(dump.status == 0, "\(dump.standardError)")
    try dump.outputData.write(to: URL(fileURLWithPath: directory.path("c.json")))
    let check = try LayerFXTool.run(["config", "check", "c.json"], in: directory.url)
    #expect(
      check.status == 0
        && check.standardOutput == "c.json: ok (as layerfx apply --config runs it)\n",
      "\(check.standardError)")
    let configured = try LayerFXTool.run(
      ["ripple", "--config", "c.json", "-o", "a.png"], in: directory.url)
    // The dump's input, time and defaults as flags (the ripple command's own defaults).
    let flags = try LayerFXTool.run(
      ["ripple", "testcard:512x384", "--time", "0.15", "-o", "b.png"], in: directory.url)
    #expect(configured.status == 0 && flags.status == 0, "\(configured.standardError)")
    let a = bytes(directory.path("a.png"))
    #expect(a != nil && a == bytes(directory.path("b.png")))
  }

  @Test("config dump with no kernel is the ripple preset")
  func dumpDefaultIsRipple() throws {
    let plain = try LayerFXTool.run(["config", "dump"])
    let ripple = try LayerFXTool.run(["config", "dump", "ripple"])
    #expect(plain.status == 0 && plain.outputData == ripple.outputData)
    #expect(plain.standardOutput.contains(#""amplitude": 12,"#))
  }

  @Test("config dump refuses an argument outside its range, as apply does and check would")
  func dumpOutOfRange() throws {
    // twirl's radius is > 0 points and gaussianBlur's 0…24 points (`layerfx list`); a dump
    // printed with either would fail its own `config check` with exit 65.
    for (operand, message) in [
      ("twirl:radius=-1", "twirl: argument 'radius' must be > 0 points, got -1"),
      ("gaussianBlur:radius=100", "gaussianBlur: argument 'radius' must be 0…24 points, got 100"),
      ("sepia:amount=2", "sepia: argument 'amount' must be a fraction in 0…1, got 2"),
      // noise's seed is a whole number in 0…1000000 (`layerfx list noise`).
      ("noise:seed=2.5", "noise: argument 'seed' must be a whole number in 0…1000000, got 2.5"),
    ] {
      let result = try LayerFXTool.run(["config", "dump", operand])
      #expect(result.status == 64, "\(operand)")
      #expect(result.usageErrorLines == ["layerfx: error: " + message], "\(operand)")
      #expect(result.outputData.isEmpty, "\(operand)")
    }
    // In range it dumps as before.
    let inRange = try LayerFXTool.run(["config", "dump", "twirl:radius=40"])
    #expect(inRange.status == 0 && inRange.standardOutput.contains(#""radius": 40,"#))
  }

  // Before, the dump printed it (exit 0) and its own `config check` refused it (exit 65).
  @Test("config dump refuses an offset that pads its 512 × 384 card beyond a side's limit")
  func dumpPaddedBeyondTheSideLimit() throws {
    // ripple's maxSampleOffset is |amplitude| points a side (Ripple.swift's doc), at scale 1
    // ⌈amplitude⌉ pixels; a layer effect takes at most 4194302 pixels a side (DebugConfig's
    // scale doc). 512 + 2 × 2096895 = 4194302 fits; 512 + 2 × 2096896 = 4194304 does not, nor
    // 512 + 2 × 1e30 = 2e+30.
    for (amplitude, offset, size) in [
      ("2096896", "2096896, 2096896", "4194304 × 4194176"),
      ("1e30", "1e+30, 1e+30", "2e+30 × 2e+30"),
    ] {
      let result = try LayerFXTool.run(["config", "dump", "ripple:amplitude=" + amplitude])
      let expected: String =
        "layerfx: error: config dump: effects[0]: at t = 0.15 s: the 512 × 384 image padded by "
        + "ripple's maxSampleOffset of \(offset) points is \(size) pixels; a layer or distortion "
        + "effect takes at most 4194302 pixels a side"
      #expect(result.status == 64, "\(amplitude)")
      #expect(result.usageErrorLines == [expected], "\(amplitude)")
      #expect(result.outputData.isEmpty, "\(amplitude)")
    }
    let directory = try TemporaryDirectory()
    let fits = try LayerFXTool.run(["config", "dump", "ripple:amplitude=2096895"])
    #expect(fits.status == 0, "\(fits.standardError)")
    try fits.outputData.write(to: URL(fileURLWithPath: directory.path("fits.json")))
    let check = try LayerFXTool.run(["config", "check", "fits.json"], in: directory.url)
    #expect(check.status == 0, "\(check.standardError)")
  }

  @Test("config dump's refusal of a padding over the pixel limit names what dump takes")
  func dumpPaddedBeyondThePixelLimit() throws {
    let ripple = TestData.packageRoot.appendingPathComponent("Shaders/LayerEffects/Ripple.metal")
      .path
    let arguments = "origin=1,1,time=0.1,amplitude=12,frequency=15,decay=8,speed=1200"
    // A compiled layer effect stores its padded layer: 512 + 2 × 5000 = 10512 by 384 + 2 ×
    // 5000 = 10384 is 109156608 pixels, over the default 100000000; 4000 gives 8512 × 8384 =
    // 71364608, within it.
    let result = try LayerFXTool.run(
      ["config", "dump", "\(ripple):Ripple:\(arguments),maxSampleOffset=5000,5000"])
    let expected: String =
      "layerfx: error: config dump: effects[0]: at t = 0.15 s: Ripple's maxSampleOffset of 5000, "
      + "5000 points pads the 512 × 384 image to 10512 × 10384 pixels, more than the limit of "
      + "100000000; give a smaller maxSampleOffset=X,Y in the effect (or lower the arguments that "
      + "set it); config dump checks at the default pixel limit"
    #expect(result.status == 64)
    #expect(result.usageErrorLines == [expected])
    #expect(result.outputData.isEmpty)
    // The render's remedies are options config dump refuses.
    for option in [
      ["--max-pixels", "200000000"], ["--max-sample-offset", "1,1"], ["--scale", "1"],
    ] {
      let refused = try LayerFXTool.run(
        ["config", "dump", "\(ripple):Ripple:\(arguments),maxSampleOffset=5000,5000"] + option)
      #expect(refused.status == 64, "\(option)")
    }
    let fits = try LayerFXTool.run(
      ["config", "dump", "\(ripple):Ripple:\(arguments),maxSampleOffset=4000,4000"])
    #expect(fits.status == 0, "\(fits.standardError)")
  }

  @Test("a config that sets amplitude to 20 renders as --amplitude 20; a flag overrides it")
  func amplitudeAndPrecedence() throws {
    let directory = try TemporaryDirectory()
    try #"""
    {"version": 1, "input": "testcard:64x48",
     "effects": [{"kernel": "ripple", "amplitude": 20}], "output": {"time": 0.3}}
    """#.write(toFile: directory.path("a20.json"), atomically: true, encoding: .utf8)
    let cases: [([String], [String])] = [
      (["--config", "a20.json", "-o", "c.png"], ["--amplitude", "20", "-o", "f.png"]),
      (
        ["--config", "a20.json", "--amplitude", "5", "-o", "c5.png"],
        ["--amplitude", "5", "-o", "f5.png"]
      ),
      (
        ["--config", "a20.json", "--time", "0.1", "-o", "ct.png"],
        ["--amplitude", "20", "--time", "0.1", "-o", "ft.png"]
      ),
    ]
    for (config, flags) in cases {
      let a = try LayerFXTool.run(["ripple"] + config, in: directory.url)
      var plain = ["ripple", "testcard:64x48"] + flags
      if !flags.contains("--time") { plain += ["--time", "0.3"] }
      let b = try LayerFXTool.run(plain, in: directory.url)
      #expect(a.status == 0 && b.status == 0, "\(a.standardError) \(b.standardError)")
      let outA = directory.path(config[config.count - 1])
      let outB = directory.path(flags[flags.count - 1])
      #expect(bytes(outA) != nil && bytes(outA) == bytes(outB), "\(config)")
    }
  }

  @Test("timing flags replace the config's timing as a group, --tap its triggers")
  func groupsOverride() throws {
    let directory = try TemporaryDirectory()
    try #"""
    {"version": 1, "input": "testcard:32x24", "effects": [{"kernel": "ripple"}],
     "triggers": [{"point": [4, 4], "time": 0}], "output": {"time": 0.3}}
    """#.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    let animation = try LayerFXTool.run(
      ["ripple", "--config", "c.json", "--fps", "10", "--frames", "2", "-o", "frames/"],
      in: directory.url)
    #expect(animation.status == 0, "\(animation.standardError)")
    #expect(try directory.contents().contains("frames"))
    let a = try LayerFXTool.run(
      ["ripple", "--config", "c.json", "--tap", "20,12@0", "-o", "a.png"], in: directory.url)
    let b = try LayerFXTool.run(
      ["ripple", "testcard:32x24", "--tap", "20,12@0", "--time", "0.3", "-o", "b.png"],
      in: directory.url)
    #expect(a.status == 0 && b.status == 0, "\(a.standardError)")
    #expect(bytes(directory.path("a.png")) != nil)
    #expect(bytes(directory.path("a.png")) == bytes(directory.path("b.png")))
  }

  @Test("a misspelt key fails with exit 65, its path and a did-you-mean, and writes nothing")
  func misspeltKey() throws {
    let directory = try TemporaryDirectory()
    try #"""
    {"version": 1, "input": "testcard:64x48",
     "effects": [{"kernel": "ripple", "amplitdue": 20}], "output": {"time": 0.3}}
    """#.write(toFile: directory.path("bad.json"), atomically: true, encoding: .utf8)
    for command in [["ripple"], ["apply"]] {
      let result = try LayerFXTool.run(
        command + ["--config", "bad.json", "-o", "out.png"], in: directory.url)
      #expect(result.status == 65)
      #expect(
        result.errorLines
          == [
            "layerfx: error: bad.json: effects[0].amplitdue: unknown key; did you mean amplitude?"
          ])
      #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
    }
    let check = try LayerFXTool.run(["config", "check", "bad.json"], in: directory.url)
    #expect(check.status == 65 && check.standardOutput.isEmpty)
    #expect(check.standardError.contains("did you mean amplitude"))
  }

  // Trial 15 (N13): a structural error after a `.metal` effect came only after the file was
  // compiled (about a second), and not at all when the file did not compile: its error came
  // instead. `broken.metal` does not compile, so only a document checked first names its error.
  @Test(
    "a config's structural error is named before a .metal file it names is compiled",
    arguments: [
      (
        #""effects": [{"kernel": "broken.metal:tint", "amount": 1}], "output": {"time": "soon"}"#,
        "output.time: expected a number"
      ),
      (
        #""effects": [{"kernel": "broken.metal:tint", "amount": 1}, {"kernel": "sepia", "amuont": 1}]"#,
        "effects[1].amuont: unknown key; did you mean amount?"
      ),
      (
        #""effects": [{"kernel": "broken.metal:tint", "amount": 1}], "triggers": [{"point": "x"}]"#,
        "triggers[0].point: expected an array"
      ),
      (
        #""effects": [{"kernel": "broken.metal:tint", "amount": 1}], "debug": {"checkBounds": 3}"#,
        "debug.checkBounds: expected true or false"
      ),
      (
        #""input": {"fill": "broken.metal:tint", "pixels": [8, 8]}, "scale": "2""#,
        "scale: expected a number"
      ),
    ])
  func structureBeforeCompile(members: String, message: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try """
    [[ stitchable ]] half4 tint(float2 position, half4 color, float amount) {
      return color * undeclared;
    }
    """.write(toFile: directory.path("broken.metal"), atomically: true, encoding: .utf8)
    let input = members.contains(#""input""#) ? "" : #""input": "testcard:8x8", "#
    try #"{"version": 1, \#(input)\#(members)}"#.write(
      toFile: directory.path("bad.json"), atomically: true, encoding: .utf8)
    let cache = directory.path("cache")
    for command in [["config", "check", "bad.json"], ["apply", "--config", "bad.json"]] {
      let result = try LayerFXTool.run(
        ["LAYERFX_CACHE=" + cache, LayerFXTool.executable.path] + command + ["-o", "o.png"],
        in: directory.url, program: URL(fileURLWithPath: "/usr/bin/env"))
      #expect(result.status == 65, "\(command)")
      #expect(result.errorLines == ["layerfx: error: bad.json: " + message], "\(command)")
    }
    // Nothing was compiled: the compiler's cache was never made.
    #expect(!FileManager.default.fileExists(atPath: cache))
    #expect(!FileManager.default.fileExists(atPath: directory.path("o.png")))
  }

  // Trial 11: 'config check' of a keyframes document said 'keyframes: unknown key', true but
  // no help to someone who confused the two kinds of document.
  @Test("a keyframes document given as a debug config is named as the other kind, exit 65")
  func keyframesDocument() throws {
    let directory = try TemporaryDirectory()
    try #"{"version": 1, "duration": 2, "keyframes": {"amplitude": []}}"#.write(
      toFile: directory.path("k.json"), atomically: true, encoding: .utf8)
    let expected: String =
      "layerfx: error: k.json: keyframes: a keyframes document's key, but this is a debug "
      + "config, whose tracks go in effects[i].keyframes ('layerfx timeline' and 'ripple "
      + "--keyframes' read the other)"
    for command in [["config", "check", "k.json"], ["apply", "--config", "k.json"]] {
      let result = try LayerFXTool.run(command, in: directory.url)
      #expect(result.status == 65, "\(command)")
      #expect(result.errorLines == [expected], "\(command)")
    }
    #expect(try directory.contents() == ["k.json"])
  }

  @Test("a duplicate key is refused with its line and column")
  func duplicateKey() throws {
    let directory = try TemporaryDirectory()
    // Line 2 is `"version": 1}`; the second "version" closes at its 9th character.
    try "{\"version\": 1,\n\"version\": 1}".write(
      toFile: directory.path("dup.json"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(["config", "check", "dup.json"], in: directory.url)
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        #"layerfx: error: dup.json: invalid JSON: line 2, column 9: duplicate object key near '"version"'"#
      ])
  }

  @Test(
    "a config value the CLI cannot use exits 65 naming the file, the key and why, in apply and check",
    arguments: [
      (
        #"{"version": 1.5, "input": "testcard:8x8", "output": {"time": 0, "path": "o.png"}}"#,
        "bad.json: version: 1.5 is not a version number; this LayerFX reads version 1"
      ),
      (
        #"{"version": 1, "input": "testcard:8x8", "effects": [], "output": {"time": 0, "path": "o.png"}}"#,
        "bad.json: effects: an empty list is a chain of nothing: give at least one effect (a "
          + "fill's config leaves the key out)"
      ),
      // The clock starts at 0, as on the command line.
      (
        #"{"version": 1, "input": "testcard:8x8", "output": {"time": -1, "path": "o.png"}}"#,
        "bad.json: output.time: -1 is outside ≥ 0 (seconds)"
      ),
      (
        #"{"version": 1, "input": "testcard:8x8", "output": {"time": 0, "path": "o.png"}, "debug": {"previewTimes": [0.5, -0.25]}}"#,
        "bad.json: debug.previewTimes: expected 1 to 64 finite times ≥ 0 (seconds)"
      ),
      (
        #"{"version": 1, "input": "testcard:8x8", "triggers": [{"point": [1, 1], "time": -1}], "output": {"time": 0, "path": "o.png"}}"#,
        "bad.json: triggers[0].time: -1 is outside ≥ 0 (seconds)"
      ),
      // Beyond binary64's largest finite value, (2 − 2⁻⁵²) × 2¹⁰²³ ≈ 1.7976931348623157e308.
      (
        #"{"version": 1, "input": "testcard:8x8", "output": {"time": 1e400, "path": "o.png"}}"#,
        // Every number of a config is held as a Float (README): named as overflowing that.
        "bad.json: output.time: 1e400 overflows Float (largest 3.4028235e+38)"
      ),
      // Below half of binary64's smallest subnormal, 2⁻¹⁰⁷⁴ ≈ 4.9e-324: a Double rounds it to
      // 0, and Foundation called the file "not valid JSON" (trial 17).
      (
        #"{"version": 1, "input": "testcard:8x8", "scale": 1e-400, "output": {"time": 0, "path": "o.png"}}"#,
        "bad.json: scale: 1e-400 underflows Float to 0 (smallest 1e-45)"
      ),
      // 10²³ − 1 is beyond 2⁶³ − 1 = 9223372036854775807, the most a JSON integer here holds.
      (
        #"{"version": 1, "input": {"width": 99999999999999999999999, "height": 8}, "output": {"time": 0, "path": "o.png"}}"#,
        "bad.json: input.width: 99999999999999999999999 overflows a 64-bit integer "
          + "(-9223372036854775808 to 9223372036854775807)"
      ),
      (
        #"{"version": 1, "input": "testcard:8x8", "effects": [{"kernel": "twirl"}, {"kernel": "ripple", "amplitude": -1e999}], "output": {"time": 0, "path": "o.png"}}"#,
        "bad.json: effects[1].amplitude: -1e999 overflows Float (largest 3.4028235e+38)"
      ),
      // A negative offset is named as the config's other ranges are, at its element, as an
      // overflow is (`maxSampleOffset[0]: 1e+39 overflows Float`).
      (
        #"{"version": 1, "input": "testcard:8x8", "output": {"time": 0, "path": "o.png"}, "debug": {"maxSampleOffset": [-1, 2]}}"#,
        "bad.json: debug.maxSampleOffset[0]: -1 is outside ≥ 0 (points)"
      ),
      (
        #"{"version": 1, "input": "testcard:8x8", "effects": [{"kernel": "twirl", "maxSampleOffset": [1, -0.5]}], "output": {"time": 0, "path": "o.png"}}"#,
        "bad.json: effects[0].maxSampleOffset[1]: -0.5 is outside ≥ 0 (points)"
      ),
      // noise's seed is a whole number, which the kernel would round down unseen; worded as
      // the config's other whole numbers are (`output.compression: 1.5 is not a whole number
      // in 0…9`).
      (
        #"{"version": 1, "input": {"fill": "noise", "pixels": [8, 8], "seed": 0.5}, "output": {"time": 0, "path": "o.png"}}"#,
        "bad.json: input.seed: 0.5 is not a whole number in 0…1000000"
      ),
    ])
  func refusedValues(json: String, message: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try json.write(toFile: directory.path("bad.json"), atomically: true, encoding: .utf8)
    for command in [["apply", "--config", "bad.json"], ["config", "check", "bad.json"]] {
      let result = try LayerFXTool.run(command, in: directory.url)
      #expect(result.status == 65)
      #expect(result.errorLines == ["layerfx: error: \(message)"], "\(command)")
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path("o.png")))
  }

  @Test("a keyframe track that leaves its range refuses the animation before frame 0")
  func trackRefusedBeforeRendering() throws {
    let directory = try TemporaryDirectory()
    try #"""
    {"version": 1, "input": "testcard:32x24", "output": {"fps": 10},
     "effects": [{"kernel": "ripple", "keyframes": {"speed": [
       {"type": "move", "value": 5}, {"type": "linear", "value": -10, "duration": 1}]}}]}
    """#.write(toFile: directory.path("kf.json"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(
      ["ripple", "--config", "kf.json", "-o", "frames/"], in: directory.url)
    // speed = 5 − 15 t is −1 at t = 0.4, the first frame where it leaves > 0.
    #expect(result.status == 65)
    #expect(
      result.standardError.hasPrefix(
        "layerfx: error: kf.json: effects[0].keyframes.speed: at t = 0.4 s: "))
    #expect(!FileManager.default.fileExists(atPath: directory.path("frames")))
  }

  @Test("render --config draws the config's fill as the flags do")
  func renderFill() throws {
    let directory = try TemporaryDirectory()
    let dump = try LayerFXTool.run(["config", "dump", "radialGradient"])
    try dump.outputData.write(to: URL(fileURLWithPath: directory.path("g.json")))
    let a = try LayerFXTool.run(["render", "--config", "g.json", "-o", "a.png"], in: directory.url)
    let b = try LayerFXTool.run(
      ["render", "radialGradient", "--size", "512x384", "-o", "b.png"], in: directory.url)
    #expect(a.status == 0 && b.status == 0, "\(a.standardError)")
    #expect(bytes(directory.path("a.png")) != nil)
    #expect(bytes(directory.path("a.png")) == bytes(directory.path("b.png")))
  }

  @Test("apply --config runs the config's chain as apply --effect does")
  func applyChain() throws {
    let directory = try TemporaryDirectory()
    try #"""
    {"version": 1, "input": "testcard:48x32", "output": {"time": 0.25},
     "effects": [{"kernel": "twirl", "center": [24, 16]}, {"kernel": "sepia"}]}
    """#.write(toFile: directory.path("chain.json"), atomically: true, encoding: .utf8)
    let a = try LayerFXTool.run(
      ["apply", "--config", "chain.json", "-o", "a.png"], in: directory.url)
    let b = try LayerFXTool.run(
      [
        "apply", "testcard:48x32", "--effect", "twirl:center=24,16", "--effect", "sepia",
        "--time", "0.25", "-o", "b.png",
      ], in: directory.url)
    #expect(a.status == 0 && b.status == 0, "\(a.standardError) \(b.standardError)")
    #expect(bytes(directory.path("a.png")) != nil)
    #expect(bytes(directory.path("a.png")) == bytes(directory.path("b.png")))
  }

  @Test("the --keyframes document keeps working beside --config")
  func legacyKeyframes() throws {
    let directory = try TemporaryDirectory()
    try #"""
    {"version": 1, "duration": 2, "keyframes": {"amplitude": [{"type": "move", "value": 6}]}}
    """#.write(toFile: directory.path("k.json"), atomically: true, encoding: .utf8)
    try #"""
    {"version": 1, "input": "testcard:32x24", "output": {"time": 0.2},
     "effects": [{"kernel": "ripple", "duration": 2,
                  "keyframes": {"amplitude": [{"type": "move", "value": 6}]}}]}
    """#.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    let legacy = try LayerFXTool.run(
      ["ripple", "testcard:32x24", "--keyframes", "k.json", "--time", "0.2", "-o", "a.png"],
      in: directory.url)
    let config = try LayerFXTool.run(
      ["ripple", "--config", "c.json", "-o", "b.png"], in: directory.url)
    #expect(legacy.status == 0 && config.status == 0, "\(config.standardError)")
    #expect(bytes(directory.path("a.png")) != nil)
    #expect(bytes(directory.path("a.png")) == bytes(directory.path("b.png")))
  }

  @Test("the config guide's example config passes config check")
  func readmeExample() throws {
    let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/LayerFX/LayerFX.docc/Config.md")
    let text = try String(contentsOf: guide, encoding: .utf8)
    let section = try #require(text.range(of: "# The debug config and tune"))
    let start = try #require(text.range(of: "```json\n", range: section.upperBound..<text.endIndex))
    let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
    let directory = try TemporaryDirectory()
    try String(text[start.upperBound..<end.lowerBound]).write(
      toFile: directory.path("readme.json"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(["config", "check", "readme.json"], in: directory.url)
    #expect(
      result.status == 0
        && result.standardOutput == "readme.json: ok (as layerfx apply --config runs it)\n",
      "\(result.standardError)")
  }

  @Test("config schema prints a JSON Schema (draft 2020-12)")
  func schema() throws {
    let result = try LayerFXTool.run(["config", "schema"])
    #expect(result.status == 0)
    let object = try JSONSerialization.jsonObject(with: result.outputData) as? [String: Any]
    #expect(object?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
  }
}
