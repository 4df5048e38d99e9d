import Foundation
import LayerFX
import LayerFXMath
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// `config check FILE` runs the render's own checks: it passes exactly when `apply --config` or
/// `render --config` starts, and both report a config's bad setting in the same one line, naming
/// the file and the JSON key (Documentation/Semantics.md §7; sysexits 65 for bad data).
@Suite struct ConfigCheckParityTests {
  /// A ripple config on a small test card with `output` replaced.
  static func ripple(output: String, effect: String = "") -> String {
    """
    {"version": 1, "input": "testcard:32x24",
     "effects": [{"kernel": "ripple"\(effect)}], "output": \(output)}
    """
  }

  /// A radial-gradient fill drawn alone with `output` replaced.
  static func fill(output: String, debug: String = "{}") -> String {
    """
    {"version": 1, "input": {"fill": "radialGradient", "pixels": [32, 24]},
     "output": \(output), "debug": \(debug)}
    """
  }

  @Test(
    "a config the render refuses fails config check with the render's line, naming the key",
    arguments: [
      // An animation writes a directory; one .png path is a file (what the trial found).
      (
        ripple(output: #"{"fps": 10, "frames": 2, "path": "x.png"}"#), "apply",
        "bad.json: output.path: x.png names a PNG file, but an animation writes a directory "
          + "of frames: give a folder, DIR/ (or output.contactSheet N for one image)"
      ),
      // A .raw path is one file of raw frames only with format raw (it made a folder x.raw).
      (
        ripple(output: #"{"fps": 10, "frames": 2, "path": "x.raw"}"#), "apply",
        "bad.json: output.path: x.raw names a raw file, but an animation writes a directory "
          + "of frames: give a folder, DIR/ (or output.format raw for one file)"
      ),
      // A .gif path made a folder x.gif of PNG frames.
      (
        ripple(output: #"{"fps": 10, "frames": 2, "path": "x.gif"}"#), "apply",
        "bad.json: output.path: x.gif: layerfx writes PNG only; give a folder, DIR/ (PNG "
          + "frames), or a file name ending in .apng (an animated PNG)"
      ),
      // 20000 frames against the default limit of 10000.
      (
        ripple(output: #"{"fps": 10, "frames": 20000, "path": "f/"}"#), "apply",
        "bad.json: output.frames: 20000 frames are more than the limit of 10000; "
          + "raise it with --max-frames N (at most 1000000)"
      ),
      // Frame 5 of a 2-frame animation.
      (
        ripple(output: #"{"fps": 10, "frames": 2, "path": "f/", "frameRange": "5.."}"#),
        "apply",
        "bad.json: output.frameRange: invalid value \"5..\": expected frames "
          + "from 0 to 1 (the animation has 2 frames)"
      ),
      // 25..40 of a 10-frame animation: the key and the value as JSON wrote them, no flag.
      (
        ripple(output: #"{"fps": 30, "frames": 10, "path": "f/", "frameRange": "25..40"}"#),
        "apply",
        "bad.json: output.frameRange: invalid value \"25..40\": expected frames from 0 to 9 "
          + "(the animation has 10 frames)"
      ),
      // An APNG frame's delay is a fraction of two 16-bit integers (PNG spec, APNG fcTL):
      // 70000 fps is beyond 65535; the number is echoed as the JSON has it, not as 70000.0.
      (
        ripple(output: #"{"fps": 70000, "frames": 2, "path": "a.apng"}"#), "apply",
        "bad.json: output.fps: invalid value 70000: expected 1/65535 (0.0000153) to 65535 "
          + "frames per second in an APNG (its frame delay is a 16-bit fraction of seconds)"
      ),
      // ⌈1000 s × 30 fps⌉ = 30000 frames against the default limit of 10000.
      (
        ripple(output: #"{"fps": 30, "duration": 1000, "path": "f/"}"#), "apply",
        "bad.json: output.duration: 30000 frames are more than the limit of 10000; raise it "
          + "with --max-frames N (at most 1000000)"
      ),
      // 3e38 s at 3e38 fps is ∞ frames in Double: it trapped converting to Int (SIGILL).
      (
        ripple(output: #"{"fps": 3e38, "duration": 3e38, "path": "f/"}"#), "apply",
        "bad.json: output.duration: 3e+38 s at 3e+38 fps is more than 1000000 frames, the most "
          + "one run renders"
      ),
      // 1e-300 frames per second is more than 0 but 0 as a Float (smallest subnormal 2⁻¹⁴⁹,
      // IEEE 754 binary32): refused as it is read, in the config's own words.
      (
        ripple(output: #"{"fps": 1e-300, "path": "f/"}"#), "apply",
        "bad.json: output.fps: 1e-300 underflows Float to 0 (smallest 1e-45)"
      ),
      (
        #"{"version": 1, "input": "", "output": {"time": 0, "path": "o.png"}}"#, "apply",
        "bad.json: input: expected a PNG file's path or testcard:WxH, not an empty string"
      ),
      // 65535² pixels against the default limit of 100000000, more than --max-pixels can allow.
      (
        #"{"version": 1, "input": "testcard:65535x65535", "output": {"time": 0, "path": "o.png"}}"#,
        "apply",
        "bad.json: input: testcard:65535x65535: 65535 × 65535 exceeds the limit of 100000000 "
          + "pixels (beyond what LayerFX can render: at most 2147483647 pixels)"
      ),
      // 20000² pixels: over the default limit, within what --max-pixels allows.
      (
        #"{"version": 1, "input": "testcard:20000x20000", "output": {"time": 0, "path": "o.png"}}"#,
        "apply",
        "bad.json: input: testcard:20000x20000: 20000 × 20000 exceeds the limit of 100000000 "
          + "pixels (raise it with --max-pixels)"
      ),
      // No trigger at all: the ripple would have no origin.
      (
        #"{"version": 1, "input": "testcard:32x24", "effects": [{"kernel": "ripple"}], "#
          + #""triggers": [], "output": {"time": 0.1, "path": "o.png"}}"#,
        "apply",
        "bad.json: triggers: expected at least one trigger (leave the key out for one at t = 0 "
          + "at the centre)"
      ),
      // A fill samples no layer: no displacement or bounds to draw.
      (
        fill(output: #"{"path": "o.png"}"#, debug: #"{"overlays": ["bounds"]}"#), "render",
        "bad.json: debug.overlays: a fill samples no layer, so it has no bounds overlay; a fill "
          + "takes origins and tiles"
      ),
      // render writes a fill to one PNG or a PNG sequence: an APNG was a folder named p.apng.
      (
        fill(output: #"{"fps": 10, "frames": 2, "format": "apng", "path": "p.apng"}"#), "render",
        "bad.json: output.format: 'layerfx render' writes a fill to one PNG or a PNG sequence; "
          + "leave format out"
      ),
      (
        fill(output: #"{"fps": 10, "frames": 2, "frameRange": "1..1", "path": "f/"}"#), "render",
        "bad.json: output.frameRange: 'layerfx render' writes a fill to one PNG or a PNG "
          + "sequence; leave frameRange out"
      ),
      (
        #"{"version": 1, "input": {"fill": "radialGradient", "pixels": [32, 24]}, "#
          + #""triggers": [{"point": [1, 1]}], "output": {"path": "o.png"}}"#, "render",
        "bad.json: triggers: 'layerfx render' drives a fill's time with output.time or "
          + "output.fps; leave triggers out"
      ),
    ])
  func refusedAlike(config: String, command: String, message: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try config.write(toFile: directory.path("bad.json"), atomically: true, encoding: .utf8)
    let check = try LayerFXTool.run(["config", "check", "bad.json"], in: directory.url)
    let render = try LayerFXTool.run([command, "--config", "bad.json"], in: directory.url)
    for result in [check, render] {
      #expect(result.status == 65)
      #expect(result.errorLines == ["layerfx: error: " + message])
    }
    #expect(try directory.contents() == ["bad.json"])
  }

  @Test("an output folder that is not there is refused before frame 0, exit 73")
  func missingFolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.ripple(output: #"{"time": 0.1, "path": "no/such/o.png"}"#)
      .write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    let line = "layerfx: error: no/such/o.png: cannot write file (No such file or directory)"
    for command in [["config", "check"], ["apply", "--config"]] {
      let result = try LayerFXTool.run(command + ["c.json"], in: directory.url)
      #expect(result.status == 73, "\(command)")
      #expect(result.errorLines == [line])
    }
    // A contact sheet is written after every frame: the folder is checked before the first.
    let sheet = try LayerFXTool.run(
      [
        "ripple", "testcard:8x8", "--fps", "10", "--frames", "2", "--contact-sheet", "2", "-o",
        "no/s.png",
      ], in: directory.url)
    #expect(sheet.status == 73)
    #expect(
      sheet.errorLines == [
        "layerfx: error: no/s.png: cannot write file (No such file or directory)"
      ])
    #expect(try directory.contents() == ["c.json"])
  }

  @Test("an amplitude of 1e30 is refused before frame 0 at its effect, by check and render")
  func hugeAmplitude() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.ripple(output: #"{"time": 0.1, "path": "o.png"}"#, effect: #", "amplitude": 1e30"#)
      .write(toFile: directory.path("bad.json"), atomically: true, encoding: .utf8)
    // ⌈1e30⌉ pixels of padding on each side of 32 × 24 is far beyond 4194302 pixels a side.
    let prefix =
      "layerfx: error: bad.json: effects[0]: at t = 0.1 s: the 32 × 24 image padded by "
      + "ripple's maxSampleOffset of 1e+30, 1e+30 points is "
    for command in [["config", "check"], ["apply", "--config"], ["ripple", "--config"]] {
      let result = try LayerFXTool.run(command + ["bad.json"], in: directory.url)
      #expect(result.status == 65, "\(command)")
      #expect(result.errorLines.count == 1)
      #expect(result.errorLines.first?.hasPrefix(prefix) == true, "\(result.errorLines)")
    }
    // The same offset from a flag is the command line's: its message names no config key, and
    // it exits as a bad flag value (64, EX_USAGE).
    try Self.ripple(output: #"{"time": 0.1, "path": "o.png"}"#)
      .write(toFile: directory.path("ok.json"), atomically: true, encoding: .utf8)
    for flags in [["--amplitude", "1e30"], ["--max-sample-offset", "1e30,1e30"]] {
      let result = try LayerFXTool.run(
        ["ripple", "--config", "ok.json"] + flags, in: directory.url)
      #expect(result.status == 64)
      #expect(
        result.errorLines.first?.hasPrefix(
          "layerfx: error: the 32 × 24 image padded by ripple's maxSampleOffset of 1e+30, "
            + "1e+30 points is ") == true, "\(result.errorLines)")
    }
    #expect(try directory.contents() == ["bad.json", "ok.json"])
  }

  @Test("an amplitude of 1e30 in a previewed config names the key, by check and tune --once")
  func hugeAmplitudePreviewed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // No output.time: config check checks what tune previews, here the one time 0.5 s.
    let config = """
      {"version": 1, "input": "testcard:32x24",
       "effects": [{"kernel": "ripple", "amplitude": 1e30}], "output": {"path": "o.png"},
       "debug": {"previewTimes": [0.5]}}
      """
    try config.write(toFile: directory.path("bad.json"), atomically: true, encoding: .utf8)
    // ⌈1e30⌉ pixels of padding on each side of 32 × 24 is far beyond 4194302 pixels a side.
    let prefix =
      "layerfx: error: bad.json: effects[0]: at t = 0.5 s: the 32 × 24 image padded by "
      + "ripple's maxSampleOffset of 1e+30, 1e+30 points is "
    for command in [["config", "check", "bad.json"], ["tune", "bad.json", "--once"]] {
      let result = try LayerFXTool.run(command, in: directory.url)
      #expect(result.status == 65, "\(command)")
      #expect(result.errorLines.count == 1)
      #expect(result.errorLines.first?.hasPrefix(prefix) == true, "\(result.errorLines)")
    }
    #expect(try directory.contents() == ["bad.json"])
  }

  @Test("a config that passes check renders: one frame, an animation and a fill")
  func passesAndRenders() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let configs = [
      ("one.json", Self.ripple(output: #"{"time": 0.1, "path": "one.png"}"#), "apply", "one.png"),
      (
        "anim.json", Self.ripple(output: #"{"fps": 10, "frames": 2, "path": "a.apng"}"#), "apply",
        "a.apng"
      ),
      ("fill.json", Self.fill(output: #"{"path": "fill.png"}"#), "render", "fill.png"),
      // A fill without a time parameter on the clock, as apply takes an effect without one.
      (
        "fills.json", Self.fill(output: #"{"fps": 10, "frames": 2, "path": "f/"}"#), "render",
        "f/frame_0001.png"
      ),
    ]
    for (name, text, command, output) in configs {
      try text.write(toFile: directory.path(name), atomically: true, encoding: .utf8)
      let check = try LayerFXTool.run(["config", "check", name], in: directory.url)
      #expect(check.status == 0, "\(name): \(check.standardError)")
      #expect(check.standardOutput == "\(name): ok (as layerfx \(command) --config runs it)\n")
      // The check renders and writes nothing.
      #expect(!FileManager.default.fileExists(atPath: directory.path(output)))
      let render = try LayerFXTool.run([command, "--config", name], in: directory.url)
      #expect(render.status == 0, "\(name): \(render.standardError)")
      #expect(FileManager.default.fileExists(atPath: directory.path(output)))
    }
  }

  @Test("--for ripple checks as ripple --config runs: one ripple effect, nothing written")
  func forRipple() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.ripple(output: #"{"time": 0.1, "path": "o.png"}"#)
      .write(toFile: directory.path("one.json"), atomically: true, encoding: .utf8)
    let two = """
      {"version": 1, "input": "testcard:32x24",
       "effects": [{"kernel": "ripple"}, {"kernel": "grayscale"}],
       "output": {"time": 0.1, "path": "o.png"}}
      """
    try two.write(toFile: directory.path("two.json"), atomically: true, encoding: .utf8)
    let one = try LayerFXTool.run(
      ["config", "check", "one.json", "--for", "ripple"], in: directory.url)
    #expect(one.status == 0, "\(one.standardError)")
    let line =
      "layerfx: error: two.json: effects: 'layerfx ripple' renders one ripple effect; use "
      + "'layerfx apply --config' for another chain"
    // apply renders the chain; ripple refuses it, and check --for ripple says so alike.
    let general = try LayerFXTool.run(["config", "check", "two.json"], in: directory.url)
    #expect(general.status == 0, "\(general.standardError)")
    for command in [
      ["config", "check", "two.json", "--for", "ripple"], ["ripple", "--config", "two.json"],
    ] {
      let result = try LayerFXTool.run(command, in: directory.url)
      #expect(result.status == 65)
      #expect(result.errorLines == [line])
    }
    #expect(try directory.contents() == ["one.json", "two.json"])
  }

  @Test("-o on config check stands for the render's -o when the config has no output.path")
  func outputFromCommandLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.ripple(output: #"{"time": 0.1}"#)
      .write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    let missing = try LayerFXTool.run(["config", "check", "c.json"], in: directory.url)
    #expect(missing.status == 65)
    #expect(
      missing.errorLines == [
        "layerfx: error: c.json: output.path: missing: give a file name, OUT.png (one frame), "
          + "or a folder, DIR/ (frames), here or with -o"
      ])
    let given = try LayerFXTool.run(
      ["config", "check", "c.json", "-o", "c.png"], in: directory.url)
    #expect(given.status == 0, "\(given.standardError)")
    // A flag on the command line is the command line's: a usage error, not the config's.
    let wrong = try LayerFXTool.run(
      ["config", "check", "c.json", "-o", "dir/"], in: directory.url)
    #expect(wrong.status == 64)
    #expect(wrong.errorLines.first?.hasPrefix("layerfx: error: c.json") == false)
  }

  @Test("null is refused where the schema says number, and accepted where it lists null")
  func nullValues() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.ripple(output: #"{"time": 0.1, "path": "o.png"}"#, effect: #", "amplitude": null"#)
      .write(toFile: directory.path("bad.json"), atomically: true, encoding: .utf8)
    let refused = try LayerFXTool.run(["config", "check", "bad.json"], in: directory.url)
    #expect(refused.status == 65)
    #expect(
      refused.errorLines == [
        "layerfx: error: bad.json: effects[0].amplitude: null is not a value here; give one, or "
          + "leave the key out"
      ])
    // The schema's output.format is {"enum": [..., null]}: null means "from the path".
    try Self.ripple(output: #"{"fps": 10, "frames": 1, "path": "f/", "format": null}"#)
      .write(toFile: directory.path("ok.json"), atomically: true, encoding: .utf8)
    let accepted = try LayerFXTool.run(["config", "check", "ok.json"], in: directory.url)
    #expect(accepted.status == 0, "\(accepted.standardError)")
  }

  @Test("render --config draws debug.overlays and its legend names only those drawn")
  func fillOverlays() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.fill(output: #"{"path": "t.png"}"#, debug: #"{"overlays": ["tiles"]}"#)
      .write(toFile: directory.path("t.json"), atomically: true, encoding: .utf8)
    try Self.fill(output: #"{"path": "p.png"}"#)
      .write(toFile: directory.path("p.json"), atomically: true, encoding: .utf8)
    let tiles = try LayerFXTool.run(
      ["render", "--config", "t.json", "--tile-size", "16"], in: directory.url)
    #expect(tiles.status == 0, "\(tiles.standardError)")
    #expect(tiles.errorLines == ["layerfx: overlay: cyan: tile edges"])
    let plain = try LayerFXTool.run(["render", "--config", "p.json"], in: directory.url)
    #expect(plain.status == 0, "\(plain.standardError)")
    let drawn = try PNGDecoder().decode(contentsOf: directory.path("t.png")).image.pixels
    let bare = try PNGDecoder().decode(contentsOf: directory.path("p.png")).image.pixels
    // 16-pixel tiles on 32 × 24: the tile edges are column 16 and row 16, opaque cyan.
    for (x, y) in [(16, 0), (16, 23), (0, 16), (31, 16)] {
      #expect(drawn[y * 32 + x] == half4(0, 1, 1, 1), "(\(x), \(y))")
    }
    // Off the edges the frame is the fill itself.
    #expect(drawn[5 * 32 + 5] == bare[5 * 32 + 5])
  }
}

/// A `.metal` shader that faults (SIGFPE) while an animation renders publishes nothing: no
/// animated PNG, contact sheet or raw file appears.
@Suite struct MetalFaultOutputTests {
  @Test(
    "a SIGFPE during an APNG, contact-sheet or raw render exits 65 and writes no output",
    arguments: [
      ["-o", "o.apng"], ["--contact-sheet", "2", "-o", "s.png"],
      ["--format", "raw", "-o", "r.raw"],
      ["--format", "png-sequence", "-o", "frames/"],
    ])
  func faultPublishesNothing(output: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Integer division by d = 0 on every pixel.
    let source =
      "[[ stitchable ]] half4 f(float2 position, half4 color, float d, float time) "
      + "{ return color * half(int(position.x) / int(d)); }\n"
    try source.write(toFile: directory.path("div.metal"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(
      [
        "apply", "testcard:8x8", "--effect", "div.metal:f:d=0", "--fps", "10", "--frames", "2",
        "--threads", "1",
      ] + output, in: directory.url)
    #expect(result.status == 65)
    #expect(
      result.errorLines.first?.hasPrefix("layerfx: error: div.metal: f: SIGFPE at frame 0") == true)
    // The frame directory may have been made before frame 0; it holds no frame.
    #expect(try directory.contents().filter { !$0.hasPrefix("div.metal") && $0 != "frames" } == [])
    if FileManager.default.fileExists(atPath: directory.path("frames")) {
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("frames")) == [])
    }
  }
}
