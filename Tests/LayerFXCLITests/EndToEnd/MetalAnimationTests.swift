import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// `.metal` functions on the animation clock: `apply FILE.metal:FUNCTION --time/--fps`,
/// `.metal` effects inside `--effect` chains and `render FILE.metal:FILL --fps`, through the
/// built binary.
@Suite("layerfx .metal functions on the animation clock")
struct MetalAnimationTests {
  static let ripple = TestData.packageRoot.appendingPathComponent(
    "Shaders/LayerEffects/Ripple.metal"
  ).path

  /// Colour and fill functions whose outputs are worked out by hand: `tint` stores its time
  /// (or `level`) in red, `phased` its `phase`, `pulse` its `elapsedTime`.
  static let source = """
    [[ stitchable ]] half4 tint(float2 position, half4 color, float time, float level) {
        return half4(time + level, 0.0, 0.0, 1.0);
    }
    [[ stitchable ]] half4 phased(float2 position, half4 color, float phase) {
        return half4(phase, 0.0, 0.0, 1.0);
    }
    [[ stitchable ]] half4 pulse(float2 position, float elapsedTime) {
        return half4(0.0, elapsedTime, 0.0, 1.0);
    }

    """

  /// Writes ``source`` into `directory` and returns its path.
  static func writeSource(in directory: TemporaryDirectory) throws -> String {
    let path = directory.path("timed.metal")
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The distinct 8-bit codes of channel `channel` (0 red … 3 alpha) of the PNG at `path`.
  static func codes(_ path: String, channel: Int) throws -> Set<Int> {
    let image = try PNGDecoder().decode(contentsOf: path).image
    return Set(image.pixels.map { Int(($0[channel] * 255).rounded()) })
  }

  /// Expects the PNGs at two paths to agree as Documentation/Semantics.md §3 asks of every
  /// kernel: within 1 code on ≥ 99.9 % of pixels, 3 codes everywhere.
  static func expectAgree(_ first: String, _ second: String) throws {
    let a = try PNGDecoder().decode(contentsOf: first).image
    let b = try PNGDecoder().decode(contentsOf: second).image
    #expect(compare(a, b, tolerance: 1.0 / 255).mismatchFraction <= 0.001, "\(first)")
    #expect(compare(a, b, tolerance: 3.0 / 255).mismatchFraction == 0, "\(first)")
  }

  /// Runs two commands, expects both to succeed, and their PNGs at `outputs` to agree
  /// (``expectAgree(_:_:)``).
  static func expectCommandsAgree(
    _ first: [String], _ second: [String], outputs: (String, String)
  ) throws {
    for arguments in [first, second] {
      let result = try LayerFXTool.run(arguments)
      #expect(result.status == 0, "\(result.standardError)")
    }
    try expectAgree(outputs.0, outputs.1)
  }

  static let rippleArguments = [
    "--arg", "origin=100,60", "--arg", "amplitude=12", "--arg", "frequency=15", "--arg",
    "decay=8", "--arg", "speed=1200",
  ]

  @Test("apply FILE.metal:FUNCTION --time T gives the built-in ripple with time=T")
  func applyAtTime() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.expectCommandsAgree(
      [
        "apply", Self.ripple + ":Ripple", "testcard:200x120", "--time", "0.15",
        "--max-sample-offset", "12,12", "-o", directory.path("metal.png"),
      ] + Self.rippleArguments,
      ["apply", "ripple", "testcard:200x120", "--arg", "time=0.15", "-o", directory.path("s.png")]
        + Self.rippleArguments,
      outputs: (directory.path("metal.png"), directory.path("s.png")))
  }

  @Test("--effect FILE.metal:FUNCTION:P=V in a chain at --fps: frame k is the ripple at k / fps")
  func chainFrames() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let effect =
      Self.ripple + ":Ripple:origin=100,60,amplitude=12,frequency=15,decay=8,speed=1200"
    // Frame 2 at t = 2 / 10 s, against the built-ins with time given outright. A .metal
    // function declares no maxSampleOffset, so the chain gives the ripple's (its amplitude).
    try Self.expectCommandsAgree(
      [
        "apply", "testcard:200x120", "--effect", effect, "--effect", "grayscale", "--fps", "10",
        "--frames", "3", "--max-sample-offset", "12,12", "-o", directory.path("frames/"),
      ],
      [
        "apply", "testcard:200x120", "--effect",
        "ripple:origin=100,60,amplitude=12,frequency=15,decay=8,speed=1200,time=0.2",
        "--effect", "grayscale", "--time", "0", "-o", directory.path("s.png"),
      ],
      outputs: (directory.path("frames/frame_0002.png"), directory.path("s.png")))
  }

  @Test("a .metal colour effect's time follows the clock: red codes 0, 51, 102 at 5 fps")
  func colourClock() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try Self.writeSource(in: directory)
    let result = try LayerFXTool.run(
      [
        "apply", file + ":tint", "testcard:8x4", "--arg", "level=0", "--fps", "5", "--frames",
        "3", "-o", directory.path("frames/"),
      ])
    #expect(result.status == 0, "\(result.standardError)")
    // By hand: t = 0, 0.2, 0.4 s → 0 × 255, 0.2 × 255 = 51, 0.4 × 255 = 102.
    for (frame, code) in [(0, 0), (1, 51), (2, 102)] {
      let path = directory.path("frames/frame_000\(frame).png")
      #expect(try Self.codes(path, channel: 0) == [code], "frame \(frame)")
    }
  }

  /// Commands whose output's red is worked out by hand; `FILE` stands for ``source``'s path.
  static let redCases: [(arguments: [String], code: Int)] = [
    // A chain's .metal effect takes arguments after its function name: 0.2 + 0.2 → 102.
    (["apply", "testcard:8x4", "--effect", "FILE:tint:level=0.2", "--time", "0.2"], 102),
    // --time-parameter NAME puts the clock in that float parameter: 0.4 → 102.
    (["apply", "FILE:phased", "testcard:8x4", "--time", "0.4", "--time-parameter", "phase"], 102),
  ]

  @Test(
    "chain arguments after a .metal function name, and --time-parameter NAME, reach the shader",
    arguments: redCases)
  func redByHand(_ arguments: [String], code: Int) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try Self.writeSource(in: directory)
    let result = try LayerFXTool.run(
      arguments.map { $0.replacingOccurrences(of: "FILE", with: file) } + [
        "-o", directory.path("out.png"),
      ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try Self.codes(directory.path("out.png"), channel: 0) == [code])
  }

  @Test("a float the clock does not drive must be given; a misspelt --time-parameter is refused")
  func timeParameterErrors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try Self.writeSource(in: directory)
    let none = try LayerFXTool.run(
      ["apply", file + ":phased", "testcard:8x4", "--time", "0.4", "-o", directory.path("a.png")])
    #expect(none.status == 64)
    #expect(
      none.errorLines.first
        == "layerfx: error: \(file): phased: argument 'phase' (float) is required")
    let typo = try LayerFXTool.run(
      [
        "apply", file + ":phased", "testcard:8x4", "--time", "0.4", "--time-parameter", "phse",
        "-o", directory.path("a.png"),
      ])
    #expect(typo.status == 64)
    #expect(typo.standardError.contains("did you mean 'phase'?"), "\(typo.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("a.png")))
  }

  @Test("render FILE.metal:FILL --fps writes frames whose elapsedTime follows the clock")
  func renderFrames() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try Self.writeSource(in: directory)
    let result = try LayerFXTool.run(
      [
        "render", file + ":pulse", "--size", "4x2", "--fps", "5", "--frames", "3", "-o",
        directory.path("frames/"),
      ])
    #expect(result.status == 0, "\(result.standardError)")
    for (frame, code) in [(0, 0), (1, 51), (2, 102)] {
      let path = directory.path("frames/frame_000\(frame).png")
      #expect(try Self.codes(path, channel: 1) == [code], "frame \(frame)")
    }
    let single = try LayerFXTool.run(
      ["render", file + ":pulse", "--size", "4x2", "--time", "0.2", "-o", directory.path("p.png")])
    #expect(single.status == 0, "\(single.standardError)")
    #expect(try Self.codes(directory.path("p.png"), channel: 1) == [51])
  }
}
