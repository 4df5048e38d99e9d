import Foundation
import LayerFXTestSupport
import Testing

/// Errors of the animation options and commands: one line naming the file and JSON key path
/// for configs (65, or 66 when missing), usage errors with a Usage line (64), no output.
@Suite struct AnimationCommandErrorTests {
  static let rippleUsage =
    "Usage: layerfx ripple INPUT (--time SECONDS -o OUT.png | --fps FPS -o DIR/) [options]"
  static let timelineUsage =
    "Usage: layerfx timeline FILE.json [--effect NAME] [--from SECONDS] [--to SECONDS] "
    + "[--step SECONDS] [--svg OUT.svg] [--png OUT.png]"
  static let springUsage =
    "Usage: layerfx spring [--duration SECONDS --bounce B | --mass M --stiffness K --damping C "
    + "| --response SECONDS --damping-ratio Z] [--at T,T,…]"

  @Test(
    "config errors name the file and the JSON key path and exit 65",
    arguments: [
      (
        #"{"version": 1, "keyframes": {"amplitud": []}}"#,
        "bad.json: keyframes.amplitud: unknown key; did you mean amplitude?"
      ),
      (
        #"{"version": 1, "keyframes": {"amplitude": [{"type": "spring", "value": 4, "bounce": 2}]}}"#,
        "bad.json: keyframes.amplitude[0].bounce: 2.0 is outside (-1, 1]"
      ),
      (
        #"{"version": 1, "keyframes": {"speed": [{"type": "move", "value": "fast"}]}}"#,
        "bad.json: keyframes.speed[0].value: expected a number"
      ),
      (
        #"{"version": 2}"#, "bad.json: version: unsupported version 2; this LayerFX reads version 1"
      ),
    ])
  func configErrors(json: String, message: String) throws {
    for command in [
      ["ripple", "testcard:8x8", "--time", "0.1", "-o", "out.png", "--keyframes"],
      ["timeline"],
    ] {
      let directory = try TemporaryDirectory()
      try json.write(toFile: directory.path("bad.json"), atomically: true, encoding: .utf8)
      let result = try LayerFXTool.run(command + ["bad.json"], in: directory.url)
      #expect(result.status == 65)
      #expect(result.errorLines == ["layerfx: error: \(message)"])
      #expect(try directory.contents() == ["bad.json"])
    }
  }

  // At t = 0.25 s both tracks hold their move's value. Amplitude: the nearest Float to 3e38
  // is 3.0000000054977558e38 points, ⌈that⌉ pixels of padding per side, 32 + 2 × that ≈
  // 6.0000000109955e38 pixels a side, 7 significant digits each: 3e+38 and 6e+38 (before, the
  // size came in a Double's 17 digits, 6.0000000109955115e+38, the offset in a Float's).
  // Decay: −3 per second, outside the ripple's ≥ 0.
  @Test("a keyframes file's value that does not fit names the file, the track and the time, 65")
  func trackOutOfRange() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cases = [
      (
        #"{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": 3e38}]}}"#,
        "k.json: keyframes.amplitude: at t = 0.25 s: the 32 × 24 image padded by ripple's "
          + "maxSampleOffset of 3e+38, 3e+38 points is 6e+38 × 6e+38 pixels; a layer or "
          + "distortion effect takes at most 4194302 pixels a side"
      ),
      (
        #"{"version": 1, "keyframes": {"decay": [{"type": "move", "value": -3}]}}"#,
        "k.json: keyframes.decay: at t = 0.25 s: ripple: argument 'decay' must be ≥ 0 per "
          + "second, got -3"
      ),
    ]
    for (json, message) in cases {
      try json.write(toFile: directory.path("k.json"), atomically: true, encoding: .utf8)
      let result = try LayerFXTool.run(
        ["ripple", "testcard:32x24", "--keyframes", "k.json", "--time", "0.25", "-o", "o.png"],
        in: directory.url)
      #expect(result.status == 65)
      #expect(result.errorLines == ["layerfx: error: \(message)"])
      #expect(try directory.contents() == ["k.json"])
    }
  }

  // Trial 17: `--from 0 --to 1000000000000000019884624838656.000 --step 0.05 gives more than
  // 100000 rows`, exit 64, naming flags no one gave. The amplitude track lasts 1e30 s, written
  // in its shortest form; at 0.05 s a row that is 2e31 rows.
  @Test("a timeline too long for the step without --to is the file's: exit 65 naming its length")
  func hugeTimeline() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try #"""
    {"version":1,"input":"testcard:64x48","effects":[{"kernel":"ripple","keyframes":{"amplitude":[{"type":"linear","value":5,"duration":1e30}]}}]}
    """#.write(toFile: directory.path("huge.json"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(["timeline", "huge.json"], in: directory.url)
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: huge.json: the timeline is 1e+30 s long; at --step 0.05 that is more "
          + "than 100000 rows: give --to or a larger --step"
      ])
    #expect(result.standardOutput.isEmpty)
    // With --to the range is the flags', a usage error as before.
    let given = try LayerFXTool.run(["timeline", "huge.json", "--to", "1e6"], in: directory.url)
    #expect(given.status == 64)
    #expect(
      given.errorLines.first
        == "layerfx: error: --from 0 --to 1e6 --step 0.05 gives more than 100000 rows; use a "
        + "larger --step or a shorter range")
  }

  @Test("a missing config file exits 66 naming it")
  func missingConfig() throws {
    for command in [
      ["ripple", "testcard:8x8", "--time", "0.1", "-o", "out.png", "--keyframes"],
      ["timeline"],
    ] {
      let directory = try TemporaryDirectory()
      let result = try LayerFXTool.run(command + ["nope.json"], in: directory.url)
      #expect(result.status == 66)
      #expect(result.errorLines == ["layerfx: error: nope.json: cannot read: no such file"])
      #expect(try directory.contents().isEmpty)
    }
  }

  @Test(
    "usage errors exit 64 with the problem and the command's Usage line",
    arguments: [
      (
        ["ripple", "testcard:8x8", "--time", "0.1", "--tap", "1,2", "-o", "x.png"],
        "invalid value '1,2' for '--tap': expected X,Y@T (a point in points and a time ≥ 0 in "
          + "seconds, e.g. 120,80@0.5)", rippleUsage
      ),
      (
        ["ripple", "testcard:8x8", "--time", "0.1", "--tap", "1,2@-1", "-o", "x.png"],
        "invalid value '1,2@-1' for '--tap': expected X,Y@T (a point in points and a time ≥ 0 "
          + "in seconds, e.g. 120,80@0.5)", rippleUsage
      ),
      (
        [
          "ripple", "testcard:8x8", "--time", "0.1", "--tap", "1,2@0", "--origin", "3,4", "-o",
          "x.png",
        ],
        "--origin and --tap cannot be used together; give X,Y@T per tap", rippleUsage
      ),
      (
        ["timeline", "c.json", "--from", "2", "--to", "1"],
        "--from (2) must be less than --to (1)", timelineUsage
      ),
      (
        ["timeline", "c.json", "--step", "0"],
        "invalid value '0' for '--step': expected a finite number greater than 0", timelineUsage
      ),
      (
        ["timeline", "c.json", "--to", "1e6", "--step", "1"],
        "--from 0 --to 1e6 --step 1 gives more than 100000 rows; use a larger --step "
          + "or a shorter range", timelineUsage
      ),
      // As typed, never as the nearest Double's 31 digits (1000000000000000019884624838656).
      (
        ["timeline", "c.json", "--from", "0.5", "--to", "1e30"],
        "--from 0.5 --to 1e30 --step 0.05 gives more than 100000 rows; use a larger --step "
          + "or a shorter range", timelineUsage
      ),
      // A directory for --png is named by --png, not -o.
      (
        ["timeline", "c.json", "--png", "adir.png/"],
        "--png adir.png/ names a directory, but one image is written: give --png FILE.png",
        timelineUsage
      ),
      // And one for --svg by --svg, suggesting an SVG file (it was exit 73 after the render).
      (
        ["timeline", "c.json", "--svg", "adir.svg/"],
        "--svg adir.svg/ names a directory, but one image is written: give --svg FILE.svg",
        timelineUsage
      ),
      (
        ["timeline", "c.json", "--to", "0"],
        "--from (0) must be less than --to (0)", timelineUsage
      ),
      // A chart's name is checked before anything is written, as -o's is: - is not a file
      // (standard output carries the CSV; trial 11 found a file named '-'), and each format
      // has its extension (trial 11: --png x.svg wrote a PNG named x.svg).
      (
        ["timeline", "c.json", "--svg", "-"],
        "--svg -: standard output carries the CSV; give --svg FILE.svg", timelineUsage
      ),
      (
        ["timeline", "c.json", "--png", "-"],
        "--png -: standard output carries the CSV; give --png FILE.png", timelineUsage
      ),
      (
        ["timeline", "c.json", "--png", "chart.svg"],
        "--png chart.svg: the chart is written as PNG; give --png FILE.png", timelineUsage
      ),
      (
        ["timeline", "c.json", "--svg", "chart.png", "--png", "chart.png"],
        "--svg chart.png: the chart is written as SVG; give --svg FILE.svg", timelineUsage
      ),
      (
        ["spring", "--bounce", "0.2", "--stiffness", "10"],
        "--bounce and --stiffness cannot be used together; describe the spring by "
          + "--duration/--bounce, --mass/--stiffness/--damping or --response/--damping-ratio",
        springUsage
      ),
      (
        ["spring", "--response", "0.5", "--duration", "1"],
        "--duration and --response cannot be used together; describe the spring by "
          + "--duration/--bounce, --mass/--stiffness/--damping or --response/--damping-ratio",
        springUsage
      ),
      (
        ["spring", "--bounce", "1.5"],
        "invalid value '1.5' for '--bounce': expected a finite number in (-1, 1]", springUsage
      ),
      (
        ["spring", "--bounce", "-1"],
        "invalid value '-1' for '--bounce': expected a finite number in (-1, 1]", springUsage
      ),
      (
        ["spring", "--duration", "-0.5"],
        "invalid value '-0.5' for '--duration': expected a finite number greater than 0",
        springUsage
      ),
      (
        ["spring", "--duration", "nan"],
        "invalid value 'nan' for '--duration': expected a finite number greater than 0",
        springUsage
      ),
      (
        ["spring", "--stiffness", "100"],
        "missing --damping (the mass/stiffness/damping form needs it)", springUsage
      ),
      (
        ["spring", "--damping-ratio", "0.5"],
        "missing --response (the response/damping-ratio form needs it)", springUsage
      ),
      (
        ["spring", "--at", "0.1,x"],
        "invalid value '0.1,x' for '--at': expected comma-separated times in seconds, each "
          + "finite and ≥ 0 (at most 10000)", springUsage
      ),
      (
        // 1e-200 s is 0 as a Float: refused at the boundary, before any spring is made.
        ["spring", "--duration", "1e-200"],
        "invalid value '1e-200' for '--duration': 1e-200 underflows Float to 0 (smallest 1e-45)",
        springUsage
      ),
    ])
  func usage(arguments: [String], message: String, usageLine: String) throws {
    let directory = try TemporaryDirectory()
    try #"{"version": 1}"#.write(
      toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(arguments, in: directory.url)
    #expect(result.status == 64)
    #expect(result.errorLines == ["layerfx: error: \(message)", usageLine])
    #expect(result.standardOutput.isEmpty)
    #expect(try directory.contents() == ["c.json"])
  }

  @Test("the command list names timeline and spring")
  func commandList() throws {
    let result = try LayerFXTool.run(["--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("  timeline  "))
    #expect(result.standardOutput.contains("  spring    "))
    // Without a command, the same list is a usage error on standard error.
    let bare = try LayerFXTool.run([])
    #expect(bare.status == 64 && bare.standardOutput.isEmpty)
    #expect(bare.standardError == result.standardOutput)
  }
}
