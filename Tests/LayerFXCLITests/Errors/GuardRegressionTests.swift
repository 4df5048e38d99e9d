import Foundation
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// Issue 13, round 2: data loss (class 2) and limits checked late (class 4), one regression
/// test per finding; the expected exit codes are sysexits(3)'s, the messages the issue's.
@Suite struct GuardRegressionTests {
  /// A colour effect with one float argument.
  private static let brightness = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 Brightness(float2 position, half4 color, float amount) {
      return color + half4(amount, amount, amount, 0);
    }
    """

  /// A fill.
  private static let noise = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 Noise(float2 position) { return half4(0.5h, 0.5h, 0.5h, 1.0h); }
    """

  /// A colour effect with an image argument.
  private static let texture = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 Tex(float2 position, half4 color, texture2d<half> t) { return color; }
    """

  private static func write(_ text: String, _ name: String, in directory: TemporaryDirectory)
    throws -> String
  {
    let path = directory.path(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Writes `NAME.metal` (its name lower-cased) with the colour effect `NAME(position, color,
  /// time)`, which divides by `int((START - time) × 10)` and so faults (SIGFPE) at the first
  /// frame where that is 0.
  private static func writeDivider(
    _ name: String, dividingBy start: String, in directory: TemporaryDirectory
  ) throws {
    _ = try write(
      """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 \(name)(float2 position, half4 color, float time) {
        return color * half(int(position.x) / int((\(start) - time) * 10.0));
      }
      """, name.lowercased() + ".metal", in: directory)
  }

  private static func image(_ name: String, in directory: TemporaryDirectory) throws -> String {
    let path = directory.path(name)
    #expect(try LayerFXTool.run(["convert", "testcard:8x8", "-o", path]).status == 0)
    return path
  }

  /// Runs `arguments` and expects exit 73 with the one refusal line naming `victim`, whose
  /// bytes (a relative name is in `directory`) must be unchanged.
  private static func expectRefused(
    _ arguments: [String], victim: String, in directory: TemporaryDirectory
  ) throws {
    let file = URL(fileURLWithPath: victim, relativeTo: URL(fileURLWithPath: directory.path + "/"))
    let before = try Data(contentsOf: file)
    let result = try LayerFXTool.run(arguments, in: URL(fileURLWithPath: directory.path))
    #expect(result.status == 73, "\(arguments)")
    // A config names its output relative to the config's folder, so the path may be longer.
    #expect(result.errorLines.count == 1, "\(arguments)")
    #expect(
      result.errorLines.first?.hasSuffix(
        "/\(file.lastPathComponent): refusing to overwrite the input file; choose another "
          + "output path") == true, "\(arguments)")
    #expect(try Data(contentsOf: file) == before, "\(arguments)")
  }

  // MARK: 2. Data loss

  @Test("-o naming an --effect's .metal source is refused (one image and APNG), source intact")
  func effectSource() throws {
    let directory = try TemporaryDirectory()
    let source = try Self.write(Self.brightness, "B.metal", in: directory)
    let input = try Self.image("in.png", in: directory)
    let effect = source + ":Brightness:amount=0.1"
    try Self.expectRefused(
      ["apply", input, "--effect", effect, "--time", "0", "-o", source], victim: source,
      in: directory)
    try Self.expectRefused(
      [
        "apply", input, "--effect", effect, "--fps", "10", "--frames", "2", "--format", "apng",
        "-o", source,
      ], victim: source, in: directory)
  }

  @Test("render -o naming the fill's .metal source is refused, source intact")
  func fillSource() throws {
    let directory = try TemporaryDirectory()
    let source = try Self.write(Self.noise, "X.metal", in: directory)
    try Self.expectRefused(
      ["render", source + ":Noise", "--size", "8x8", "-o", source], victim: source,
      in: directory)
  }

  @Test("-o naming a header a .metal source includes is refused, cached or not, header intact")
  func includedHeader() throws {
    let directory = try TemporaryDirectory()
    let header = try Self.write("inline float k() { return 0.5f; }\n", "x.h", in: directory)
    let source = try Self.write(
      "#include <metal_stdlib>\n#include \"x.h\"\nusing namespace metal;\n"
        + "[[ stitchable ]] half4 Half(float2 position, half4 color) "
        + "{ return color * half(k()); }\n"
        + "[[ stitchable ]] half4 Grey(float2 position) { return half4(half(k())); }\n",
      "H.metal", in: directory)
    let input = try Self.image("in.png", in: directory)
    // The first run may compile, the second finds the library in the cache: both refuse.
    for _ in 0..<2 {
      try Self.expectRefused(
        ["apply", source + ":Half", input, "-o", header], victim: header, in: directory)
    }
    try Self.expectRefused(
      ["render", source + ":Grey", "--size", "8x8", "-o", header], victim: header, in: directory)
  }

  @Test("a config fill's .metal source as output.path: check and render both refuse")
  func configFillSource() throws {
    let directory = try TemporaryDirectory()
    let source = try Self.write(Self.noise, "N.metal", in: directory)
    let config = try Self.write(
      #"{"version": 1, "input": {"fill": "N.metal:Noise", "pixels": [8, 8]}, "#
        + #""output": {"path": "N.metal"}}"#, "n.json", in: directory)
    try Self.expectRefused(["config", "check", config], victim: "N.metal", in: directory)
    try Self.expectRefused(["render", "--config", config], victim: "N.metal", in: directory)
    #expect(try String(contentsOfFile: source, encoding: .utf8) == Self.noise)
  }

  @Test("-o naming a .metal function's image argument is refused, from an effect and a config")
  func imageArgument() throws {
    let directory = try TemporaryDirectory()
    _ = try Self.write(Self.texture, "tex.metal", in: directory)
    let input = try Self.image("in.png", in: directory)
    let picture = try Self.image("X.png", in: directory)
    try Self.expectRefused(
      ["apply", input, "--effect", "tex.metal:Tex:t=X.png", "--time", "0", "-o", picture],
      victim: picture, in: directory)
    _ = try Self.image("t.png", in: directory)
    let config = try Self.write(
      #"{"version": 1, "input": "in.png", "effects": [{"kernel": "tex.metal:Tex", "t": "t.png"}], "#
        + #""output": {"path": "t.png", "time": 0}}"#, "t.json", in: directory)
    try Self.expectRefused(["config", "check", config], victim: "t.png", in: directory)
    try Self.expectRefused(["apply", "--config", config], victim: "t.png", in: directory)
  }

  @Test("a frame name hard-linked to a fill's .metal source is refused before frame 0")
  func frameLinkedToSource() throws {
    let directory = try TemporaryDirectory()
    let text = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 Noise(float2 position, float time) { return half4(0.5h); }
      """
    let source = try Self.write(text, "T.metal", in: directory)
    try FileManager.default.createDirectory(
      atPath: directory.path("d"), withIntermediateDirectories: false)
    try FileManager.default.linkItem(atPath: source, toPath: directory.path("d/frame_0001.png"))
    let result = try LayerFXTool.run([
      "render", source + ":Noise", "--size", "4x4", "--fps", "10", "--frames", "3", "-o",
      directory.path("d/"),
    ])
    #expect(result.status == 73)
    #expect(
      result.errorLines == [
        "layerfx: error: \(directory.path("d/frame_0001.png")): refusing to overwrite the input "
          + "file; choose another output path"
      ])
    #expect(try String(contentsOfFile: source, encoding: .utf8) == text)
    #expect(!FileManager.default.fileExists(atPath: directory.path("d/frame_0000.png")))
  }

  // MARK: 4. Limits checked late

  @Test("--format apng refuses an fps its 16-bit delay cannot state (exit 64), writing nothing")
  func apngFrameRate() throws {
    let directory = try TemporaryDirectory()
    let output = directory.path("a.apng")
    for fps in ["65536", "1e-30"] {
      let result = try LayerFXTool.run([
        "ripple", "testcard:8x8", "--fps", fps, "--frames", "2", "-o", output,
      ])
      #expect(result.status == 64)
      #expect(
        result.errorLines.first
          == "layerfx: error: invalid value '\(fps)' for '--fps': expected 1/65535 (0.0000153) "
          + "to 65535 frames per second in an APNG (its frame delay is a 16-bit "
          + "fraction of seconds)")
      #expect(!FileManager.default.fileExists(atPath: output))
    }
    let edge = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--fps", "65535", "--frames", "2", "-o", output,
    ])
    #expect(edge.status == 0)
  }

  // MARK: 3. Outputs found unwritable only after the render

  @Test("a one-image -o that cannot be written is refused before rendering, by check too")
  func unwritableOneImageOutput() throws {
    let directory = try TemporaryDirectory()
    let fifo = try directory.fifo("out.png")
    let config = try Self.write(
      #"{"version": 1, "input": "testcard:8x8", "effects": [{"kernel": "ripple"}], "#
        + #""output": {"path": "out.png", "time": 0}}"#, "c.json", in: directory)
    // The FIFO message is AtomicFile's; a device and /proc (no entries can be made) likewise.
    let fifoLine =
      "layerfx: error: \(fifo): not a regular file (a FIFO); only regular files are replaced "
      + "(use -o - for standard output)"
    let cases: [([String], String)] = [
      (["ripple", "testcard:8x8", "--time", "0", "-o", fifo], fifoLine),
      (["apply", "grayscale", "testcard:8x8", "-o", fifo], fifoLine),
      (["render", "radialGradient", "--size", "8x8", "-o", fifo], fifoLine),
      (
        [
          "ripple", "testcard:8x8", "--fps", "10", "--frames", "4", "--contact-sheet", "2", "-o",
          fifo,
        ], fifoLine
      ),
      (
        ["ripple", "testcard:8x8", "--time", "0", "-o", "/dev/full"],
        "layerfx: error: /dev/full: not a regular file (a character device); only regular "
          + "files are replaced (use -o - for standard output)"
      ),
      (
        ["render", "radialGradient", "--size", "8x8", "-o", "/proc/x.png"],
        "layerfx: error: /proc/x.png: cannot write file (No such file or directory)"
      ),
    ]
    for (arguments, line) in cases {
      let result = try LayerFXTool.run(arguments)
      #expect(result.status == 73, "\(arguments)")
      #expect(result.errorLines == [line], "\(arguments)")
    }
    let check = try LayerFXTool.run(["config", "check", config])
    #expect(check.status == 73)
    #expect(check.errorLines.count == 1)
    #expect(check.errorLines.first?.contains("not a regular file (a FIFO)") == true)
  }

  @Test("an APNG or raw file larger than the free space is refused before frame 0")
  func oneFileFreeSpace() throws {
    let directory = try TemporaryDirectory()
    // 10⁶ frames × 1000 × 1000 pixels × 4 bytes = 4.0 TB, more than any test disk holds.
    let common = [
      "ripple", "testcard:1000x1000", "--fps", "30", "--frames", "1000000", "--max-frames",
      "1000000",
    ]
    for (name, format) in [("a.apng", "apng"), ("a.raw", "raw")] {
      let path = directory.path(name)
      let result = try LayerFXTool.run(common + ["--format", format, "-o", path])
      // EX_CANTCREAT since issue 25 (was 65): the output cannot be created in full.
      #expect(result.status == 73, "\(format)")
      #expect(result.errorLines.count == 1)
      #expect(
        result.errorLines.first?.hasPrefix(
          "layerfx: error: \(path): 1000000 frames of 1000 × 1000 pixels need up to 4.0 TB, "
            + "but only ") == true, "\(format)")
    }
    #expect(try directory.contents().isEmpty)
  }

  // MARK: .metal sources

  @Test("a .metal file without [[ stitchable ]] functions is one error, exit 65, for every use")
  func noStitchableFunctions() throws {
    let directory = try TemporaryDirectory()
    _ = try Self.write(
      "#include <metal_stdlib>\nusing namespace metal;\nhalf4 helper(half4 c) { return c; }\n",
      "nofn.metal", in: directory)
    for arguments in [
      ["list", "nofn.metal"], ["list", "nofn.metal", "--json"], ["config", "dump", "nofn.metal"],
    ] {
      let result = try LayerFXTool.run(arguments, in: URL(fileURLWithPath: directory.path))
      #expect(result.status == 65, "\(arguments)")
      #expect(result.standardOutput.isEmpty, "\(arguments)")
      #expect(
        result.errorLines == ["layerfx: error: nofn.metal: no [[ stitchable ]] functions"],
        "\(arguments)")
    }
  }

  // A raw fragment shader as a Metal app writes it (MSL §5.1.2): the line says what SwiftUI
  // runs instead and names the function to move; a comment saying "fragment shader" is no
  // declaration.
  @Test("a .metal file of a fragment function and no stitchable one gets a hint, exit 65")
  func fragmentShaderHint() throws {
    let directory = try TemporaryDirectory()
    _ = try Self.write(
      """
      #include <metal_stdlib>
      using namespace metal;
      // a fragment shader from an app
      struct VOut { float4 position [[position]]; float2 uv; };
      fragment float4 shade(VOut in [[stage_in]]) { return float4(in.uv, 0.0, 1.0); }

      """, "frag.metal", in: directory)
    for arguments in [
      ["list", "frag.metal"], ["apply", "frag.metal:shade", "testcard:4x4", "-o", "o.png"],
    ] {
      let result = try LayerFXTool.run(arguments, in: URL(fileURLWithPath: directory.path))
      #expect(result.status == 65, "\(arguments)")
      #expect(
        result.errorLines == [
          "layerfx: error: frag.metal: no [[ stitchable ]] functions: SwiftUI's effects are "
            + "[[ stitchable ]] functions, not fragment functions such as shade; move its body "
            + "into one, e.g. [[ stitchable ]] half4 name(float2 position, half4 color)"
        ], "\(arguments)")
    }
    #expect(try directory.contents() == ["frag.metal"])
  }

  @Test("a typo in the attribute reports clang's error, not 'no [[ stitchable ]] functions'")
  func attributeTypo() throws {
    let directory = try TemporaryDirectory()
    _ = try Self.write(
      """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ] half4 f(float2 position, half4 color) { return color; }

      """, "typo.metal", in: directory)
    let result = try LayerFXTool.run(
      ["list", "typo.metal"], in: URL(fileURLWithPath: directory.path))
    #expect(result.status == 65)
    // Column 16 is the `]` that should have been `]]`.
    #expect(result.errorLines.first == "layerfx: error: typo.metal:3:16: error: expected ']'")
    #expect(!result.standardError.contains("no [[ stitchable ]] functions"))
  }

  @Test("a forward-declared [[ stitchable ]] function compiles once and lists once")
  func forwardDeclaration() throws {
    let directory = try TemporaryDirectory()
    _ = try Self.write(
      """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 Fwd(float2, half4);
      [[ stitchable ]] half4 Fwd(float2 position, half4 color) { return color; }
      """, "fwd.metal", in: directory)
    let listed = try LayerFXTool.run(
      ["list", "fwd.metal"], in: URL(fileURLWithPath: directory.path))
    #expect(listed.status == 0)
    #expect(listed.errorLines.isEmpty)
    // Once, as the definition on line 4 (position and color are SwiftUI's, not listed).
    #expect(listed.standardOutput == "Fwd (color effect, line 4)\n")
    let applied = try LayerFXTool.run(
      ["apply", "fwd.metal:Fwd", "testcard:8x8", "-o", "out.png"],
      in: URL(fileURLWithPath: directory.path))
    #expect(applied.status == 0)
    #expect(applied.errorLines.isEmpty)
  }

  // New-user trial 17: a name of 1014 characters or more overran the worker's 1024-byte symbol
  // buffer (`lfx_pixel_` + name), and `list` blamed the worker (exit 78). 140 000 is past
  // execve's 128 KiB for one argument (MAX_ARG_STRLEN, execve(2)), the way names had travelled.
  @Test(
    "a .metal function of a long name lists and runs", arguments: [1100, 140_000])
  func longFunctionName(length: Int) throws {
    let directory = try TemporaryDirectory()
    let name = String(repeating: "f", count: length)
    _ = try Self.write(
      """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 \(name)(float2 position, half4 color) { return color; }

      """, "long.metal", in: directory)
    let listed = try LayerFXTool.run(
      ["list", "long.metal"], in: URL(fileURLWithPath: directory.path))
    #expect(listed.status == 0)
    #expect(listed.errorLines.isEmpty, "\(listed.standardError.prefix(300))")
    #expect(listed.standardOutput == "\(name) (color effect, line 3)\n")
    // Through a config: a command line of the name would be past execve's limit itself.
    _ = try Self.write(
      #"{"version": 1, "input": "testcard:8x8", "effects": [{"kernel": "long.metal:"#
        + name + #""}], "output": {"time": 0}}"#, "c.json", in: directory)
    let applied = try LayerFXTool.run(
      ["apply", "--config", "c.json", "-o", "out.png"], in: URL(fileURLWithPath: directory.path))
    #expect(applied.status == 0)
    #expect(applied.errorLines.isEmpty, "\(applied.standardError.prefix(300))")
    #expect(FileManager.default.fileExists(atPath: directory.path("out.png")))
  }

  // New-user trial 17: the second overload was dropped silently, and `--arg a=…` then said
  // `over` takes no parameter. SwiftUI finds a function by its name alone.
  @Test("an overloaded [[ stitchable ]] function is refused in one line naming both, exit 65")
  func overloadedFunction() throws {
    let directory = try TemporaryDirectory()
    _ = try Self.write(
      """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 over(float2 position, half4 color) { return color; }
      [[ stitchable ]] half4 over(float2 position, half4 color, float a) { return color * a; }

      """, "over.metal", in: directory)
    for arguments in [
      ["list", "over.metal"],
      ["apply", "over.metal:over", "testcard:8x8", "--arg", "a=0.5", "-o", "o.png"],
    ] {
      let result = try LayerFXTool.run(arguments, in: URL(fileURLWithPath: directory.path))
      #expect(result.status == 65)
      #expect(
        result.errorLines == [
          "layerfx: error: over.metal:4: over: also [[ stitchable ]] at over.metal:3; "
            + "a library's functions need distinct names"
        ])
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path("o.png")))
  }

  @Test("a .metal fault names the file, the frame and its time, and what was written")
  func faultMessage() throws {
    let directory = try TemporaryDirectory()
    // Divides by int((0.35 - t) × 10): 3, 2, 1 at t = 0, 0.1, 0.2, then 0 at t = 0.3 (frame 3);
    // the fill, drawn alone on the clock, by the same.
    try Self.writeDivider("Late", dividingBy: "0.35", in: directory)
    _ = try Self.write(
      """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 LateFill(float2 position, float time) {
        return half4(half(int(position.x) / int((0.35 - time) * 10.0)));
      }
      """, "latefill.metal", in: directory)
    let common = [
      "apply", "testcard:8x8", "--effect", "late.metal:Late", "--threads", "1",
    ]
    let cases: [([String], String)] = [
      (
        common + ["--fps", "10", "--frames", "6", "-o", "l.apng"],
        "late.metal: Late: SIGFPE at frame 3 (t = 0.3 s), row 0; nothing written"
      ),
      (
        common + ["--fps", "10", "--frames", "6", "-o", "frames/"],
        "late.metal: Late: SIGFPE at frame 3 (t = 0.3 s), row 0; 3 frames (0–2) written to "
          + "frames/ before it, none from it on"
      ),
      (
        common + ["--time", "0.3", "-o", "l.png"],
        "late.metal: Late: SIGFPE at t = 0.3 s, row 0; nothing written"
      ),
      (
        [
          "render", "latefill.metal:LateFill", "--size", "8x8", "--threads", "1", "--fps", "10",
          "--frames", "6", "-o", "fills/",
        ],
        "latefill.metal: LateFill: SIGFPE at frame 3 (t = 0.3 s), row 0; 3 frames (0–2) written "
          + "to fills/ before it, none from it on"
      ),
    ]
    for (arguments, line) in cases {
      let result = try LayerFXTool.run(arguments, in: URL(fileURLWithPath: directory.path))
      #expect(result.status == 65, "\(arguments)")
      #expect(result.errorLines == ["layerfx: error: " + line], "\(arguments)")
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path("l.apng")))
    #expect(!FileManager.default.fileExists(atPath: directory.path("l.png")))
    // Exactly frames 0–2, whole (the message counts them), and no temporary beside them.
    let frames = ["frame_0000.png", "frame_0001.png", "frame_0002.png"]
    for folder in ["frames", "fills"] {
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.path(folder)).sorted()
          == frames, "\(folder)")
      for frame in frames {
        let path = directory.path(folder + "/" + frame)
        #expect(try PNGDecoder().inspect(contentsOf: path).width == 8, "\(path)")
      }
    }
  }

  // The renderer reported a frame's bounds before the sink refused the frame for its fault, so
  // the frame that faulted had a 'bounds:' line counting only the rows drawn before the fault
  // ('frame 3 pass 1: 32 of 32 samples (at 32 of 64 pixels)'), above the error (trial 15).
  @Test("a bounds-checked animation reports no bounds for the frame that faulted")
  func boundsOfFaultedFrame() throws {
    let directory = try TemporaryDirectory()
    // Every pixel samples 2 points to the right, beyond --max-sample-offset 1,1. Rows 0–3
    // (y < 4) divide by 1; rows 4–7 by int((0.35 − t) × 10): 3, 2, 1 at t = 0, 0.1, 0.2, then
    // 0 at t = 0.3, so frame 3 faults after its first 32 pixels sampled.
    _ = try Self.write(
      """
      #include <metal_stdlib>
      #include <SwiftUI/SwiftUI_Metal.h>
      using namespace metal;
      [[ stitchable ]] half4 Late(float2 position, SwiftUI::Layer layer, float time) {
        int divisor = position.y > 4 ? int((0.35 - time) * 10.0) : 1;
        return layer.sample(position + float2(2, 0)) * half(1 + int(position.x) / divisor);
      }
      """, "late.metal", in: directory)
    let common = [
      "apply", "testcard:8x8", "--effect", "late.metal:Late", "--threads", "1",
      "--max-sample-offset", "1,1", "--check-bounds", "--fps", "10", "--frames", "6",
    ]
    // A PNG sequence stores each frame into the encoder's samples; an overlay draws on a Float
    // frame first: the renderer's two paths.
    for arguments in [["-o", "frames/"], ["--overlay", "bounds", "-o", "overlaid/"]] {
      let result = try LayerFXTool.run(
        common + arguments, in: URL(fileURLWithPath: directory.path))
      #expect(result.status == 65, "\(arguments)")
      let bounds = result.errorLines.filter { $0.hasPrefix("layerfx: bounds: ") }
      #expect(
        bounds.map { $0.prefix(35) } == [
          "layerfx: bounds: frame 0 pass 1: 64", "layerfx: bounds: frame 1 pass 1: 64",
          "layerfx: bounds: frame 2 pass 1: 64",
        ], "\(arguments)")
      #expect(
        result.errorLines.last?.hasPrefix("layerfx: error: late.metal: Late: SIGFPE at frame 3")
          == true, "\(arguments)")
    }
  }

  @Test("a fault while raw frames stream to standard output says how many went out")
  func rawStreamFault() throws {
    let directory = try TemporaryDirectory()
    // Frames 0, 1, 2 (t = 0, 0.1, 0.2) stream out; frame 3 (t = 0.3) divides by 0.
    try Self.writeDivider("Late", dividingBy: "0.35", in: directory)
    let result = try LayerFXTool.run(
      [
        "apply", "testcard:8x8", "--effect", "late.metal:Late", "--threads", "1", "--fps", "10",
        "--frames", "6", "-o", "-",
      ], in: URL(fileURLWithPath: directory.path))
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: late.metal: Late: SIGFPE at frame 3 (t = 0.3 s), row 0; 3 frames (0–2) "
          + "went to standard output before it, none from it on"
      ])
    // Three frames of 8 × 8 pixels × 4 bytes went out, and no more.
    #expect(result.outputData.count == 3 * 8 * 8 * 4)
  }

  @Test("a failed animation removes the frames directory it made, never one that was there")
  func failedAnimationDirectory() throws {
    let directory = try TemporaryDirectory()
    // Divides by int((0.05 - t) × 10) = int(0.5) = 0 at t = 0: frame 0 faults, nothing written.
    try Self.writeDivider("Early", dividingBy: "0.05", in: directory)
    try FileManager.default.createDirectory(
      atPath: directory.path("mine"), withIntermediateDirectories: false)
    for output in ["new/", "mine/"] {
      let result = try LayerFXTool.run(
        [
          "apply", "testcard:8x8", "--effect", "early.metal:Early", "--threads", "1", "--fps",
          "10", "--frames", "2", "--ignore-free-space", "-o", output,
        ], in: URL(fileURLWithPath: directory.path))
      #expect(result.status == 65, "\(output): \(result.errorLines)")
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path("new")))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("mine")).isEmpty)
  }
}
