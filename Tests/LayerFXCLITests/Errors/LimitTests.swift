import Foundation
import LayerFXMath
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// Limits and boundaries are enforced before anything is rendered or written.
///
/// A limit that a flag's value exceeds (`--frames`, `--amplitude`, `--scale`, `--arg`) is a bad
/// command-line value: exit 64, sysexits' `EX_USAGE`, with the `Usage:` line; one that an input
/// file or a config exceeds is bad data, 65.
///
/// Covered: non-finite numbers, frame counts, disk space, the input file, damaged colour chunks.
@Suite struct LimitTests {
  @Test(
    "numbers that are NaN, ∞ or not finite in Float are refused at the command line",
    arguments: [
      (["--amplitude", "nan"], "amplitude", "a finite number"),
      (["--frequency", "inf"], "frequency", "a finite number"),
      (["--decay", "-infinity"], "decay", "a finite number"),
      // A derived parameter option is first read as a finite number, then checked against its
      // declared range (speed > 0: RippleCommandTests.speedOutOfRange).
      (["--speed", "nan"], "speed", "a finite number"),
      // A scale whose reciprocal, or an image's size in points, is not finite in Float; and
      // 1e-300, a positive Double but 0 as a Float.
      (["--scale", "1e-40"], "scale", "pixels per point from 1/1024 to 1024"),
      (["--scale", "1e-300"], "scale", "pixels per point from 1/1024 to 1024"),
      (["--scale", "1025"], "scale", "pixels per point from 1/1024 to 1024"),
      (["--scale", "0.0009"], "scale", "pixels per point from 1/1024 to 1024"),
      (["--duration", "nan"], "duration", "a finite number greater than 0"),
      (["--origin", "nan,1"], "origin", "X,Y (two finite numbers)"),
    ])
  func nonFiniteNumbers(option: [String], name: String, expected: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(
      ["ripple", "testcard:8x8", "--time", "0.1", "-o", directory.path("out.png")]
        .filter { !(option.first == "--time" && ($0 == "--time" || $0 == "0.1")) } + option)
    #expect(result.status == 64)
    #expect(
      result.errorLines.first
        == "layerfx: error: invalid value '\(option[1])' for '--\(name)': expected \(expected)")
    #expect(try directory.contents().isEmpty)
  }

  @Test(
    "a finite number that Float cannot hold is named as written, with Float's limit",
    arguments: [
      // 1e39 is a finite Double but ∞ as a Float, the kernels' type (largest 2¹²⁸ − 2¹⁰⁴).
      (["--amplitude", "1e39"], "'1e39' for '--amplitude': 1e39 overflows Float"),
      (["--speed", "1e39"], "'1e39' for '--speed': 1e39 overflows Float"),
      (["--time", "1e39"], "'1e39' for '--time': 1e39 overflows Float"),
      (["--origin", "1,-1e39"], "'1,-1e39' for '--origin': -1e39 overflows Float"),
      // 1e-46 is below half of Float's smallest subnormal, 2⁻¹⁴⁹ ≈ 1.4e-45, so it rounds to 0.
      (["--amplitude", "1e-46"], "'1e-46' for '--amplitude': 1e-46 underflows Float to 0"),
      (["--tap", "1,1@1e-50"], "'1,1@1e-50' for '--tap': 1e-50 underflows Float to 0"),
    ])
  func beyondFloat(option: [String], message: String) throws {
    let directory = try TemporaryDirectory()
    let time = option[0] == "--time" ? [] : ["--time", "0.1"]
    let result = try LayerFXTool.run(
      ["ripple", "testcard:8x8"] + time + option + ["-o", directory.path("out.png")])
    #expect(result.status == 64)
    let limit = message.hasSuffix("to 0") ? "(smallest 1e-45)" : "(largest 3.4028235e+38)"
    #expect(result.errorLines.first == "layerfx: error: invalid value \(message) \(limit)")
    #expect(try directory.contents().isEmpty)
  }

  /// The line the pixel-limit refusal prints for the 8 × 8 test card at `--scale 1024`: the
  /// ripple's 12-point amplitude is 12288 pixels of padding per side, 24584 × 24584 in all.
  static let paddedPixelLimitLine =
    "layerfx: error: ripple's maxSampleOffset of 12, 12 points pads the 8 × 8 image to "
    + "24584 × 24584 pixels, more than the limit of 100000000; lower the arguments that set it "
    + "(or --max-sample-offset, or --scale) or raise --max-pixels"

  @Test("a stored padding beyond --max-pixels is refused before anything is allocated")
  func storedPaddingBeyondPixelLimit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let ripple = ["--arg", "origin=4,4", "--arg", "time=0.1", "--scale", "1024"]
    // A padded output stores the padding: 24584² pixels, more than the limit.
    let padded = try LayerFXTool.run(
      ["apply", "ripple", "testcard:8x8"] + ripple + ["--padded", "-o", directory.path("o.png")])
    #expect(padded.status == 64)
    #expect(padded.usageErrorLines == [Self.paddedPixelLimitLine])
    // So does a compiled .metal pass: its row function reads the padded layer from memory.
    let metal = TestData.packageRoot.appendingPathComponent("Shaders/LayerEffects/Ripple.metal")
    let compiled = try LayerFXTool.run(
      ["apply", metal.path + ":Ripple", "testcard:8x8"] + ripple + [
        "--arg", "amplitude=12", "--arg", "frequency=15", "--arg", "decay=8", "--arg",
        "speed=1200", "--max-sample-offset", "12,12", "-o", directory.path("o.png"),
      ])
    #expect(compiled.status == 64, "\(compiled.standardError)")
    #expect(
      compiled.usageErrorLines
        == [Self.paddedPixelLimitLine.replacingOccurrences(of: "ripple's", with: "Ripple's")])
    #expect(try directory.contents().isEmpty)
  }

  @Test("a padding only read, not stored, is not held to --max-pixels")
  func readPaddingWithinSideLimit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The same 12288 pixels of padding per side as above, read by the built-in ripple.
    let ripple = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--time", "0.1", "--scale", "1024", "-o",
      directory.path("ripple.png"),
    ])
    #expect(ripple.status == 0, "\(ripple.standardError)")
    // The trial's case, smaller: turning a 3000 × 1 image by 90° about its centre declares
    // 2 × 1500.00008 × sin 45° = 2121.3 points (RotationEffect), padding it by 2122 pixels to
    // 7244 × 4245, over a limit of 1000000 pixels; the image itself is 3000.
    let rotation = try LayerFXTool.run([
      "apply", "rotationEffect", "testcard:3000x1", "--arg", "size=3000,1", "--arg",
      "degrees=90", "--max-pixels", "1000000", "-o", directory.path("rotation.png"),
    ])
    #expect(rotation.status == 0, "\(rotation.standardError)")
    let image = try PNGDecoder().decode(contentsOf: directory.path("rotation.png")).image
    #expect(image.width == 3000 && image.height == 1)
  }

  @Test("an output wider than a PNG can be is refused before rendering, not at the encoder")
  func outputBeyondPNGSide() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // offset's maxSampleOffset is (600000, 0): 100 + 2 × 600000 = 1200100 pixels wide.
    let padded = try LayerFXTool.run([
      "apply", "offset", "testcard:100x80", "--arg", "x=600000", "--arg", "y=0", "--padded",
      "-o", directory.path("o.png"),
    ])
    #expect(padded.status == 64)
    #expect(
      padded.usageErrorLines == [
        "layerfx: error: \(directory.path("o.png")): padded by offset's maxSampleOffset, the "
          + "output would be 1200100 × 80 pixels; a PNG is at most 1000000 pixels a side"
      ])
    // 20 frames of 60000 pixels and 19 gutters of 4: 1200076 pixels wide; 1 + 14 (the time
    // label) high.
    let sheet = try LayerFXTool.run([
      "apply", "testcard:60000x1", "--effect", "grayscale", "--fps", "30", "--frames", "20",
      "--contact-sheet", "20", "-o", directory.path("s.png"),
    ])
    #expect(sheet.status == 64)
    #expect(
      sheet.usageErrorLines == [
        "layerfx: error: a contact sheet of 20 frames in 20 columns would be 1200076 × 15 "
          + "pixels; a PNG is at most 1000000 pixels a side (fewer columns, or fewer frames)"
      ])
    #expect(try directory.contents().isEmpty)
  }

  @Test("a padding over 4194302 pixels a side is refused, stored or not")
  func paddingBeyondSideLimit() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--time", "0.1", "--amplitude", "1e9", "-o",
      directory.path("out.png"),
    ])
    #expect(result.status == 64)
    // ⌈1e9 × 1⌉ = 1e9 pixels of padding per side: 8 + 2e9 pixels a side.
    #expect(
      result.usageErrorLines == [
        "layerfx: error: the 8 × 8 image padded by ripple's maxSampleOffset of 1000000000, "
          + "1000000000 points is 2000000008 × 2000000008 pixels; a layer or distortion effect "
          + "takes at most 4194302 pixels a side"
      ])
    #expect(try directory.contents().isEmpty)
    // From a file, the line names it first, as every error about an input does.
    let input = directory.path("in.png")
    #expect(try LayerFXTool.run(["convert", "testcard:8x8", "-o", input]).status == 0)
    let fromFile = try LayerFXTool.run([
      "ripple", input, "--time", "0.1", "--amplitude", "1e9", "-o", directory.path("out.png"),
    ])
    // So does apply's one-kernel still, which checks the size apart.
    let applied = try LayerFXTool.run([
      "apply", "ripple", input, "--arg", "time=0.1", "--arg", "amplitude=1e9", "-o",
      directory.path("out.png"),
    ])
    for result in [fromFile, applied] {
      #expect(result.status == 64)
      #expect(
        result.usageErrorLines == [
          "layerfx: error: \(input): the 8 × 8 image padded by ripple's maxSampleOffset of "
            + "1000000000, 1000000000 points is 2000000008 × 2000000008 pixels; a layer or "
            + "distortion effect takes at most 4194302 pixels a side"
        ])
    }
    #expect(try directory.contents() == ["in.png"])
  }

  @Test("a padded size prints with a Float's 7 significant digits, as its offset, not widened")
  func paddedSizeInFloatDigits() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--time", "0.1", "--amplitude", "2e30", "-o",
      directory.path("out.png"),
    ])
    #expect(result.status == 64)
    // Float(2e30) is 2.0000000300949324e30 as a Double; 8 + 2 × that is twice that Float
    // (the 8 is below its last digit), 4.0000000601898648e30: to 7 significant digits, 4e+30.
    #expect(
      result.usageErrorLines == [
        "layerfx: error: the 8 × 8 image padded by ripple's maxSampleOffset of 2e+30, 2e+30 "
          + "points is 4e+30 × 4e+30 pixels; a layer or distortion effect takes at most "
          + "4194302 pixels a side"
      ])
  }

  @Test(
    "a kernel argument that is not finite, or that Float holds only as ∞ or 0, is refused by apply",
    arguments: [
      ("amplitude=nan", "expected a finite number"),
      ("amplitude=1e39", "1e39 overflows Float (largest 3.4028235e+38)"),
      // twirl's radius must be > 0: 1e-46 would reach it as 0, so it is named as written.
      ("radius=1e-46", "1e-46 underflows Float to 0 (smallest 1e-45)"),
      ("center=4,1e-99", "1e-99 underflows Float to 0 (smallest 1e-45)"),
    ])
  func nonFiniteKernelArgument(pair: String, problem: String) throws {
    let directory = try TemporaryDirectory()
    let kernel = pair.hasPrefix("amplitude") ? "ripple" : "twirl"
    for arguments in [["--arg", pair], ["--effect", "\(kernel):\(pair)", "--time", "0"]] {
      let result = try LayerFXTool.run(
        ["apply"] + (arguments[0] == "--arg" ? [kernel, "testcard:8x8"] : ["testcard:8x8"])
          + arguments + ["-o", directory.path("out.png")])
      #expect(result.status == 64)
      let option = arguments[0].dropFirst(2)
      #expect(
        result.errorLines.first
          == "layerfx: error: invalid value '\(pair)' for '--\(option)': \(problem)")
    }
    #expect(try directory.contents().isEmpty)
  }

  @Test(
    "a maxSampleOffset beyond Float, not finite or below 0 is named as written, with its item",
    arguments: [
      ("1e39,1", "1e39 overflows Float (largest 3.4028235e+38)"),
      ("1,-1e39", "-1e39 overflows Float (largest 3.4028235e+38)"),
      ("nan,1", "nan is not finite; expected X,Y, two finite numbers ≥ 0 (points)"),
      ("1,inf", "inf is not finite; expected X,Y, two finite numbers ≥ 0 (points)"),
      ("-1,1", "-1 is below 0; expected X,Y, two finite numbers ≥ 0 (points)"),
      ("1,2,3", "expected X,Y, two finite numbers ≥ 0 (points)"),
    ])
  func offsetBeyondFloat(offset: String, problem: String) throws {
    let directory = try TemporaryDirectory()
    let forms = [
      (
        ["--effect", "twirl:maxSampleOffset=\(offset)"],
        "'twirl:maxSampleOffset=\(offset)' for '--effect'"
      ),
      (
        ["--effect", "twirl", "--max-sample-offset", offset],
        "'\(offset)' for '--max-sample-offset'"
      ),
    ]
    for (arguments, value) in forms {
      let result = try LayerFXTool.run(
        ["apply", "testcard:8x8", "--time", "0"] + arguments + ["-o", directory.path("out.png")])
      #expect(result.status == 64)
      #expect(result.errorLines.first == "layerfx: error: invalid value \(value): \(problem)")
    }
    #expect(try directory.contents().isEmpty)
  }

  @Test("an animation over --max-frames is refused before rendering, naming the option")
  func tooManyFrames() throws {
    let directory = try TemporaryDirectory()
    // 400 s at 30 fps = 12000 frames > the default 10000.
    let result = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--fps", "30", "--duration", "400", "-o", directory.path("f/"),
    ])
    #expect(result.status == 64)
    #expect(
      result.usageErrorLines == [
        "layerfx: error: 400 s at 30 fps gives 12000 frames, more than the limit of 10000; "
          + "raise it with --max-frames N (at most 1000000)"
      ])
    #expect(try directory.contents().isEmpty)
    let explicit = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--fps", "30", "--frames", "11", "--max-frames", "10", "-o",
      directory.path("f/"),
    ])
    #expect(explicit.status == 64)
    #expect(
      explicit.usageErrorLines == [
        "layerfx: error: 11 frames are more than the limit of 10; raise it with "
          + "--max-frames N (at most 1000000)"
      ])
    #expect(try directory.contents().isEmpty)
  }

  @Test("a frame rate so high that the frame count overflows Int is refused, not trapped")
  func frameCountBeyondInt() throws {
    let directory = try TemporaryDirectory()
    // 3 s × 3e38 fps = 9e38 frames: Int(9e38) traps, so the count is compared as a Double.
    // More frames than any --max-frames allows: the rate is a bad flag value, exit 64.
    let result = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--fps", "3e38", "-o", directory.path("f/"),
    ])
    #expect(result.status == 64)
    #expect(result.errorLines.first?.hasPrefix("layerfx: error: invalid value '3e+38'") == true)
    #expect(try directory.contents().isEmpty)
  }

  // At 10 fps the 10⁶ frames one run renders cover 10⁶ / 10 = 100000 s: a tap at 10³⁰ s starts
  // past them, so the tap is the value to change, not the rate (the trial's report named --fps).
  @Test("a tap or trigger that starts past the frames one run renders is refused naming it")
  func tapBeyondCeiling() throws {
    let directory = try TemporaryDirectory()
    let expected: String =
      "layerfx: error: invalid value '1,2@1e30' for '--tap': expected a time of at most "
      + "100000 s: at 10 fps a later tap starts past the 1000000 frames one run renders"
    for command in [["ripple", "testcard:8x8"], ["apply", "testcard:8x8", "--effect", "ripple"]] {
      let result = try LayerFXTool.run(
        command + [
          "--fps", "10", "--tap", "0,0@0", "--tap", "1,2@1e30", "-o", directory.path("f/"),
        ])
      #expect(result.status == 64, "\(command)")
      #expect(result.usageErrorLines == [expected])
    }
    // A still at a time is not held to it: the tap has not started at t = 1 s.
    let still = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--time", "1", "--tap", "1,2@1e30", "-o", directory.path("s.png"),
    ])
    #expect(still.status == 0, "\(still.standardError)")
    #expect(try directory.contents() == ["s.png"])
    // At 30 fps the latest start is 10⁶ / 30 = 33333.33… s, stated as a person writes it: cut
    // to 6 significant digits (33333.3, a time that still fits), not 33333.333333333336.
    let thirty = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--fps", "30", "--tap", "1,2@1e6", "-o", directory.path("f/"),
    ])
    #expect(thirty.status == 64)
    let expectedAtThirty: String =
      "layerfx: error: invalid value '1,2@1e6' for '--tap': expected a time of at most "
      + "33333.3 s: at 30 fps a later tap starts past the 1000000 frames one run renders"
    #expect(thirty.usageErrorLines == [expectedAtThirty])
    #expect(try directory.contents() == ["s.png"])
    // A config's trigger is named at its key, by check and by the render (65, bad data).
    try #"""
    {"version": 1, "input": "testcard:8x8", "effects": [{"kernel": "ripple"}],
     "triggers": [{"point": [1, 2], "time": 1e30}], "output": {"path": "f/", "fps": 10}}
    """#.write(toFile: directory.path("t.json"), atomically: true, encoding: .utf8)
    for command in [["config", "check", "t.json"], ["ripple", "--config", "t.json"]] {
      let result = try LayerFXTool.run(command, in: directory.url)
      #expect(result.status == 65, "\(command)")
      #expect(
        result.errorLines == [
          "layerfx: error: t.json: triggers[0].time: invalid value 1e+30: expected a time of at "
            + "most 100000 s: at 10 fps a later trigger starts past the 1000000 frames one run "
            + "renders"
        ])
    }
    #expect(try directory.contents() == ["s.png", "t.json"])
  }

  // A trigger at 50000 s starts at frame 50000 × 10 = 500000 at 10 fps, within the 10⁶ frames
  // one run renders, but at 1500000 at 30 fps, past them (10⁶ / 30 = 33333.33… s, stated cut to
  // 33333.3). The rate the run uses is --fps when given, not the config's output.fps.
  @Test("a config's trigger time is checked at the run's rate, --fps over output.fps")
  func triggerTimeAtCommandLineRate() throws {
    let directory = try TemporaryDirectory()
    for fps in [10, 30] {
      try #"""
      {"version": 1, "input": "testcard:8x8", "effects": [{"kernel": "ripple"}],
       "triggers": [{"point": [1, 2], "time": 50000}], "output": {"path": "f/", "fps": \#(fps)}}
      """#.write(toFile: directory.path("c\(fps).json"), atomically: true, encoding: .utf8)
    }
    for command in ["ripple", "apply"] {
      // output.fps 30 refuses the trigger, but --fps 10 is the run's rate: it fits.
      let slower = try LayerFXTool.run(
        [command, "--config", "c30.json", "--fps", "10", "--frames", "1"],
        in: directory.url)
      #expect(slower.status == 0, "\(command): \(slower.standardError)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.path("f")) == [
          "frame_0000.png"
        ])
      try FileManager.default.removeItem(atPath: directory.path("f"))
      // output.fps 10 takes it, but --fps 30 does not: named at the config's key (65).
      let faster = try LayerFXTool.run(
        [command, "--config", "c10.json", "--fps", "30", "--frames", "1"], in: directory.url)
      #expect(faster.status == 65, "\(command)")
      let expected: String =
        "layerfx: error: c10.json: triggers[0].time: invalid value 50000: expected a time of at "
        + "most 33333.3 s: at 30 fps a later trigger starts past the 1000000 frames one run renders"
      #expect(faster.errorLines == [expected])
      #expect(try directory.contents() == ["c10.json", "c30.json"])
    }
  }

  // ⌈3 s (ripple's default duration) × 10⁹ fps⌉ = 3 × 10⁹ frames, beyond the 10⁶ one run
  // renders (AnimationLimits.framesCeiling, --max-frames' own maximum): raising --max-frames
  // cannot help, so the flag's value is what is wrong, a usage error (64), as a value beyond
  // an option's range is. The same rate from a config names its key (exit 65).
  @Test("--fps giving more frames than one run renders is a usage error naming --fps, exit 64")
  func frameRateBeyondCeiling() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--fps", "1e9", "-o", directory.path("f/"),
    ])
    #expect(result.status == 64)
    #expect(
      result.errorLines.first
        == "layerfx: error: invalid value '1000000000' for '--fps': expected a rate that gives "
        + "at most 1000000 frames, the most one run renders (3 s at 1000000000 fps is "
        + "3000000000 frames)")
    #expect(result.errorLines.count == 2)
    #expect(result.errorLines.last?.hasPrefix("Usage: layerfx ripple") == true)
    #expect(try directory.contents().isEmpty)
    try #"{"version": 1, "input": "testcard:8x8", "effects": [{"kernel": "ripple"}], "#
      .appending(#""output": {"path": "f/", "fps": 1e9}}"#)
      .write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    let config = try LayerFXTool.run(["apply", "--config", directory.path("c.json")])
    #expect(config.status == 65)
    #expect(
      config.errorLines == [
        "layerfx: error: \(directory.path("c.json")): output.fps: invalid value 1000000000: "
          + "expected a rate that gives at most 1000000 frames, the most one run renders (3 s "
          + "at 1000000000 fps is 3000000000 frames)"
      ])
    #expect(try directory.contents() == ["c.json"])
  }

  // --duration 1e30 at 30 fps: ⌈3 × 10³¹⌉ frames, beyond the 10⁶ one run renders. The rate is
  // ordinary; the longest duration that fits is 10⁶ / 30 = 33333.33… s, stated cut to 6
  // significant digits (33333.3, which still fits); at 7 fps 10⁶ / 7 = 142857.14… s.
  @Test("--duration giving more frames than one run renders is a usage error naming --duration")
  func durationBeyondCeiling() throws {
    let directory = try TemporaryDirectory()
    let cases: [(arguments: [String], value: String, longest: String, fps: String)] = [
      (["ripple", "testcard:8x8", "--fps", "30"], "1e30", "33333.3", "30"),
      (["apply", "testcard:8x8", "--effect", "ripple", "--fps", "7"], "1e6", "142857", "7"),
      (["render", "checkerboard", "--size", "8x8", "--fps", "30"], "1e30", "33333.3", "30"),
    ]
    for (arguments, value, longest, fps) in cases {
      let result = try LayerFXTool.run(
        arguments + ["--duration", value, "-o", directory.path("f/")])
      #expect(result.status == 64, "\(arguments)")
      let expected: String =
        "layerfx: error: invalid value '\(value)' for '--duration': expected a duration of at "
        + "most \(longest) s: at \(fps) fps a longer one takes more than the 1000000 frames one "
        + "run renders"
      #expect(result.errorLines.first == expected)
      #expect(result.errorLines.count == 2)
      #expect(try directory.contents().isEmpty)
    }
  }

  /// A temporary folder holding `mask.metal`, whose color effect `Mask` takes an image argument
  /// `mask` and returns the colour unchanged.
  static func maskFolder() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 Mask(float2 position, half4 color, texture2d<half> mask) {
      return color;
    }
    """.write(toFile: directory.path("mask.metal"), atomically: true, encoding: .utf8)
    return directory
  }

  // A test card of 100000 × 100000 = 10¹⁰ pixels is over the default limit of 10⁸ (and over
  // 2147483647, the most --max-pixels allows): as an image argument, the message says so and
  // names the argument (the trial's read "expected an image: … or testcard:WxH", which it is);
  // as INPUT, the same limit error. Pixels over a limit are the image's, bad data: 65.
  @Test("a test card over the pixel limit names the image argument that gives it")
  func imageArgumentOverPixelLimit() throws {
    let directory = try Self.maskFolder()
    let limit: String =
      "testcard:100000x100000: 100000 × 100000 exceeds the limit of 100000000 pixels (beyond "
      + "what LayerFX can render: at most 2147483647 pixels)"
    let cases: [(arguments: [String], message: String)] = [
      (
        ["mask.metal:Mask", "testcard:8x8", "--arg", "mask=testcard:100000x100000"],
        "--arg mask: \(limit)"
      ),
      (
        ["testcard:8x8", "--effect", "mask.metal:Mask:mask=testcard:100000x100000", "--time", "0"],
        "--effect mask: \(limit)"
      ),
      (["ripple", "testcard:100000x100000", "--time", "0"], limit),
    ]
    for (arguments, message) in cases {
      let result = try LayerFXTool.run(
        ["apply"] + arguments + ["-o", "o.png"], in: directory.url)
      #expect(result.status == 65, "\(arguments)")
      #expect(result.errorLines == ["layerfx: error: \(message)"])
    }
    #expect(try directory.contents() == ["mask.metal"])
  }

  // A test card's side is at most 65535 (ValueType.size), however few its pixels: 70000 × 10 is
  // 700000 pixels, far under the limit of 10⁸, but its side is not. As an image argument the
  // message said only "expected an image: a PNG file, - for standard input, or testcard:WxH".
  // A command-line argument: 64.
  @Test("a test card argument with a side over 65535 names the side and the limit")
  func imageArgumentSideOverLimit() throws {
    let directory = try Self.maskFolder()
    let cases: [(arguments: [String], option: String)] = [
      (["mask.metal:Mask", "testcard:8x8", "--arg", "mask=testcard:70000x10"], "--arg"),
      (
        ["testcard:8x8", "--effect", "mask.metal:Mask:mask=testcard:10x70000", "--time", "0"],
        "--effect"
      ),
    ]
    for (arguments, option) in cases {
      let result = try LayerFXTool.run(
        ["apply"] + arguments + ["-o", "o.png"], in: directory.url)
      #expect(result.status == 64, "\(arguments)")
      let side = option == "--arg" ? "70000x10" : "10x70000"
      let expected: String =
        "layerfx: error: invalid value 'mask=testcard:\(side)' for '\(option)': testcard:\(side): "
        + "a side of 70000 pixels is over the limit of 65535"
      #expect(result.usageErrorLines == [expected])
    }
    #expect(try directory.contents() == ["mask.metal"])
  }

  @Test("an animation larger than the free disk space is refused with both numbers")
  func notEnoughFreeSpace() throws {
    let directory = try TemporaryDirectory()
    // 1000000 frames × 1000 rows × (1 + 1000 × 4) bytes = 4.001e12 bytes, more than any
    // temporary directory here holds.
    let arguments = [
      "ripple", "testcard:1000x1000", "--fps", "30", "--frames", "1000000", "--max-frames",
      "1000000", "-o", directory.path("f/"),
    ]
    let result = try LayerFXTool.run(arguments)
    // EX_CANTCREAT: the output cannot be created in full (issue 25 chose 73 over 65).
    #expect(result.status == 73)
    let line = try #require(result.errorLines.first)
    #expect(
      line.hasPrefix(
        "layerfx: error: \(directory.path("f/")): 1000000 frames of 1000 × 1000 pixels need up to "
          + "4.0 TB uncompressed (4.0 MB each), but only "))
    #expect(line.hasSuffix("or pass --ignore-free-space (PNG compression usually writes less)"))
    #expect(try directory.contents().isEmpty)
  }

  @Test(
    "a frame directory holding the input under a frame name is refused",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func frameDirectoryHoldsInput() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.path("f"), withIntermediateDirectories: false)
    let input = directory.path("f/frame_0002.png")
    try FileManager.default.copyItem(
      atPath: TestData.path("pngsuite/basn2c08.png"), toPath: input)
    let before = try Data(contentsOf: URL(fileURLWithPath: input))
    let result = try LayerFXTool.run([
      "ripple", input, "--fps", "10", "--frames", "5", "-o", directory.path("f/"),
    ])
    #expect(result.status == 73)
    #expect(
      result.errorLines == [
        "layerfx: error: \(input): refusing to overwrite the input file; choose another output path"
      ])
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("f")) == [
        "frame_0002.png"
      ])
    // Two frames (frame_0000, frame_0001) do not reach the input's name: allowed.
    let two = try LayerFXTool.run([
      "ripple", input, "--fps", "10", "--frames", "2", "-o", directory.path("f/"),
    ])
    #expect(two.status == 0, "\(two.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
  }

  @Test(
    "a colour chunk with a bad CRC is dropped with a warning naming the file",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func badCRCWarning() throws {
    let directory = try TemporaryDirectory()
    var bytes = try [UInt8](
      Data(contentsOf: URL(fileURLWithPath: TestData.path("pngsuite/g03n2c08.png"))))
    // Signature (8) + IHDR (12 + 13) = 33: gAMA's length, type at 37, data at 41, CRC at 45.
    #expect(Array(bytes[37..<41]) == Array("gAMA".utf8))
    bytes[45] ^= 0xFF
    let input = directory.path("bad-gama.png")
    try Data(bytes).write(to: URL(fileURLWithPath: input))
    let result = try LayerFXTool.run(["convert", input, "-o", directory.path("out.png")])
    #expect(result.status == 0)
    #expect(result.errorLines == ["layerfx: warning: \(input): gAMA: CRC error; chunk dropped"])
    let info = try PNGDecoder().inspect(contentsOf: directory.path("out.png"))
    #expect(!info.chunkNames.contains("gAMA"))
  }

  /// A 2 × 1, 1-bit palette image of one entry (white) whose second pixel has index 1;
  /// indices 0 and 1 packed from the high bit: 0b0100_0000 (PNG Specification, Third Edition,
  /// §7.2).
  static let shortPalettePNG: [UInt8] =
    RawPNG.signature
    + RawPNG.chunk("IHDR", RawPNG.ihdrData(width: 2, height: 1, bitDepth: 1, colorType: 3))
    + RawPNG.chunk("PLTE", [255, 255, 255])
    + RawPNG.chunk("IDAT", RawPNG.storedZlib([0, 0x40])) + RawPNG.chunk("IEND", [])

  /// ``shortPalettePNG`` written into `directory`, and the warning decoding it gives.
  static func shortPaletteFile(in directory: TemporaryDirectory) throws -> (
    path: String, warning: String
  ) {
    let input = directory.path("short-palette.png")
    try Data(shortPalettePNG).write(to: URL(fileURLWithPath: input))
    let warning: String =
      "layerfx: warning: \(input): pixel (1, 0) has palette index 1, but PLTE has 1 entry; "
      + "such pixels decode as opaque black"
    return (input, warning)
  }

  @Test("a palette index past PLTE converts as opaque black, with a warning naming the pixel")
  func paletteIndexWarning() throws {
    let directory = try TemporaryDirectory()
    let (input, expected) = try Self.shortPaletteFile(in: directory)
    let result = try LayerFXTool.run(["convert", input, "-o", directory.path("out.png")])
    #expect(result.status == 0)
    #expect(result.errorLines == [expected])
    let output = try PNGDecoder().decode(contentsOf: directory.path("out.png"))
    #expect(output.image.pixels == [half4(1, 1, 1, 1), half4(0, 0, 0, 1)])
  }

  @Test("info warns of a palette index past PLTE as convert does, and prints the header")
  func paletteIndexInfoWarning() throws {
    let directory = try TemporaryDirectory()
    let (input, expected) = try Self.shortPaletteFile(in: directory)
    let result = try LayerFXTool.run(["info", input])
    #expect(result.status == 0)
    #expect(result.errorLines == [expected])
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "file: \(input)", "size: 2 × 1 pixels", "colour type: 3 (indexed-colour)",
        "bit depth: 1", "interlace: none", "chunks: IHDR PLTE IDAT IEND",
      ])
  }

  @Test("a small file whose header claims a huge image exits 65 without decoding")
  func hugeHeader() throws {
    let directory = try TemporaryDirectory()
    let input = directory.path("huge.png")
    try Data(HugeHeaderPNG.bytes).write(to: URL(fileURLWithPath: input))
    let result = try LayerFXTool.run(["convert", input, "-o", directory.path("out.png")])
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: \(input): image data too short (\(HugeHeaderPNG.imageDataCount) bytes "
          + "of IDAT cannot hold 9000 × 9000 pixels; deflate expands at most 1032:1)"
      ])
    #expect(try directory.contents() == ["huge.png"])
  }
}

/// A 68-byte PNG whose IHDR claims 9000 × 9000 RGBA pixels (324 MB of samples).
///
/// Its IDAT is 11 bytes of zlib data (10 zero bytes); CRCs correct. Bytes: signature; IHDR 00002328 00002328
/// 08 06 00 00 00; IDAT 789C 6360 8001 0000 0A00 01; IEND (PNG spec §5.3, §11.2.2; RFC 1950).
enum HugeHeaderPNG {
  static let imageDataCount = 11
  static let bytes: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D,
    0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x23, 0x28, 0x00, 0x00, 0x23, 0x28,
    0x08, 0x06, 0x00, 0x00, 0x00, 0x6D, 0xD5, 0x72, 0xBA, 0x00, 0x00, 0x00,
    0x0B, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x80, 0x01, 0x00,
    0x00, 0x0A, 0x00, 0x01, 0x7F, 0x80, 0x74, 0x5E, 0x00, 0x00, 0x00, 0x00,
    0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
  ]
}
