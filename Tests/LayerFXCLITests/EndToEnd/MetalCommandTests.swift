import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// The `.metal` forms of `list`, `apply` and `render`, through the built binary.
@Suite("layerfx with .metal files")
struct MetalCommandTests {
  static let ripple = TestData.packageRoot.appendingPathComponent(
    "Shaders/LayerEffects/Ripple.metal"
  ).path

  /// Writes `source` as `name` in `directory`, runs `apply NAME:f testcard:4x4 ARGUMENTS -o
  /// o.png` and expects exit 65 and no `o.png`; returns the run, for its lines.
  static func applyRefused(
    _ source: String, as name: String, in directory: TemporaryDirectory,
    input: String = "testcard:4x4", _ arguments: [String] = []
  ) throws -> LayerFXTool.Result {
    try source.write(toFile: directory.path(name), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(
      ["apply", directory.path(name) + ":f", input] + arguments + ["-o", directory.path("o.png")])
    #expect(result.status == 65)
    #expect(!FileManager.default.fileExists(atPath: directory.path("o.png")))
    return result
  }

  /// Runs `list PATH` and `apply PATH:f testcard:4x4 -o o.png` in `directory`, and expects each
  /// to exit 65 with the one error line `message` (after `layerfx: error: `).
  static func sourceRefused(
    _ path: String, in directory: TemporaryDirectory, message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for command in [["list", path], ["apply", path + ":f", "testcard:4x4", "-o", "o.png"]] {
      let result = try LayerFXTool.run(command, in: directory.url)
      #expect(result.status == 65, "\(command)", sourceLocation: sourceLocation)
      #expect(
        result.errorLines == ["layerfx: error: " + message], "\(command)",
        sourceLocation: sourceLocation)
    }
  }

  @Test("list FILE.metal prints each stitchable function with its Metal parameters")
  func list() throws {
    let result = try LayerFXTool.run(["list", Self.ripple])
    #expect(result.status == 0, "\(result.standardError)")
    // `origin`, the one float2 named as a position, is the image's centre when left out
    // (Semantics §1.2).
    #expect(
      result.standardOutput.hasPrefix(
        "Ripple (layer effect, line 30)\n  origin: float2 (default: the image's centre, points)\n"
          + "  time: float\n"))
  }

  @Test("list FILE.metal --json gives name, kind and parameters with Metal types")
  func listJSON() throws {
    let result = try LayerFXTool.run(["list", Self.ripple, "--json"])
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: result.outputData) as? [[String: Any]]
    #expect(json?.first?["name"] as? String == "Ripple")
    #expect(json?.first?["kind"] as? String == "layer")
    let parameters = json?.first?["parameters"] as? [[String: Any]]
    #expect(
      parameters?.map { $0["name"] as? String } == [
        "origin", "time", "amplitude", "frequency", "decay", "speed",
      ])
    #expect(parameters?.first?["type"] as? String == "float2")
  }

  @Test("apply FILE.metal:FUNCTION gives the built-in ripple's image within 1 code")
  func applyMatchesBuiltIn() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let arguments = [
      "--arg", "origin=100,60", "--arg", "time=0.15", "--arg", "amplitude=12", "--arg",
      "frequency=15", "--arg", "decay=8", "--arg", "speed=1200",
    ]
    try MetalAnimationTests.expectCommandsAgree(
      [
        "apply", Self.ripple + ":Ripple", "testcard:200x120", "--max-sample-offset", "12,12",
        "--check-bounds", "-o", directory.path("metal.png"),
      ] + arguments,
      ["apply", "ripple", "testcard:200x120", "-o", directory.path("swift.png")] + arguments,
      outputs: (directory.path("metal.png"), directory.path("swift.png")))
  }

  @Test(
    "a .metal function's time or elapsedTime below 0 is refused as a built-in's is, exit 64",
    arguments: ["time", "elapsedTime"])
  func negativeTime(name: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source =
      "[[ stitchable ]] half4 fade(float2 position, half4 color, float \(name)) "
      + "{ return color * half(\(name)); }\n"
    try source.write(toFile: directory.path("fade.metal"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run([
      "apply", directory.path("fade.metal") + ":fade", "testcard:4x4", "--arg", "\(name)=-1",
      "-o", directory.path("out.png"),
    ])
    #expect(result.status == 64)
    // Named with its .metal file, as a compile error is.
    let expected: String =
      "layerfx: error: \(directory.path("fade.metal")): fade: argument '\(name)' must be ≥ 0 "
      + "seconds, got -1"
    #expect(result.errorLines.first == expected)
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.png")))
  }

  @Test("render FILE.metal:FILL draws the fill: red = x / width at pixel centres")
  func render() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source =
      "[[ stitchable ]] half4 ramp(float2 position, float2 size) "
      + "{ return half4(position.x / size.x, 0.0, 0.0, 1.0); }\n"
    try source.write(toFile: directory.path("ramp.metal"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(
      [
        "render", directory.path("ramp.metal") + ":ramp", "--size", "4x1", "--arg", "size=4,1",
        "-o", directory.path("ramp.png"),
      ])
    #expect(result.status == 0, "\(result.standardError)")
    let image = try PNGDecoder().decode(contentsOf: directory.path("ramp.png")).image
    // By hand: x = 0.5, 1.5, 2.5, 3.5 over 4 → 0.125, 0.375, 0.625, 0.875 → codes 32, 96, 159, 223.
    let codes = image.pixels.map { Int(($0.x * 255).rounded()) }
    #expect(codes == [32, 96, 159, 223])
  }

  // `nope` starts at column 65 (16 for the attribute, then 48 more characters counted by hand).
  @Test("a compile error is clang's line, column and message, exit 65, and no output")
  func compileError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try "[[ stitchable ]] half4 f(float2 position, half4 color) { return nope; }\n".write(
      toFile: directory.path("bad.metal"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(
      ["apply", directory.path("bad.metal") + ":f", "testcard:4x4", "-o", directory.path("o.png")])
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: \(directory.path("bad.metal")):1:65: error: use of undeclared identifier 'nope'"
      ])
    #expect(!FileManager.default.fileExists(atPath: directory.path("o.png")))
  }

  // Two undeclared names, on lines 2 and 3: clang reports line 2 first; columns by hand.
  @Test("a .metal file's errors come in clang's order, the first first, then the count")
  func compileErrorsInOrder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("two.metal")
    let source = """
      [[ stitchable ]] half4 f(float2 position, half4 color) {
        half a = firstMissing;
        half b = secondMissing;
        return color * a * b;
      }

      """
    let result = try Self.applyRefused(source, as: "two.metal", in: directory)
    #expect(
      result.errorLines == [
        "layerfx: error: \(path):2:12: error: use of undeclared identifier 'firstMissing'",
        "layerfx: error: \(path):3:12: error: use of undeclared identifier 'secondMissing'",
        "layerfx: error: \(path):2:12: error: use of undeclared identifier 'firstMissing' "
          + "(the first of 2 errors)",
      ])
  }

  // g's body is not closed, so f is defined inside it: clang's error is at f's `{`, column 56
  // (16 for `[[ stitchable ]]`, 7 for ` half4 `, 31 for `f(float2 position, half4 color)`, a
  // space). The generated glue that calls f then fails too (f is no function of the file's
  // namespace, and the glue's end leaves g's brace open): those are not the user's to read;
  // g's `{` (column 18: `float g(float x) ` is 17 bytes), their cause, is told first.
  @Test("no error of the generated glue is shown: after the file's own, or for a '{' left open")
  func noGlueErrorsAfterSourceError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("open.metal")
    let source = """
      float g(float x) { return x;
      [[ stitchable ]] half4 f(float2 position, half4 color) { return color; }

      """
    let result = try Self.applyRefused(source, as: "open.metal", in: directory)
    let brace =
      "\(path):1:18: error: this '{' is not closed: expected '}' before the end of the file"
    #expect(
      result.errorLines == [
        "layerfx: error: \(brace)",
        "layerfx: error: \(path):2:56: error: function definition is not allowed here",
        "layerfx: error: \(brace) (the first of 2 errors)",
      ])
    // f's own body left open: every error clang finds is in the glue after it, so the one line
    // names f's `{` (column 56 again) instead.
    let unclosed = try Self.applyRefused(
      "[[ stitchable ]] half4 f(float2 position, half4 color) { return color;\n",
      as: "unclosed.metal", in: directory)
    #expect(
      unclosed.errorLines == [
        "layerfx: error: \(directory.path("unclosed.metal")):1:56: error: this '{' is not "
          + "closed: expected '}' before the end of the file"
      ])
  }

  // Each file ends inside something, so clang reads the generated code after it as part of
  // it: before, `expected expression` at the line after the file's last (the namespace's
  // closing brace) and `unterminated '#pragma clang attribute push'` in the compile cache's
  // unit. Columns by hand: `int x = (` has its `(` at byte 9, `float z = k[` its `[` at 12,
  // `garbage(` its `(` at 8; the `/*` starts line 4.
  @Test("a '(' or '[' left open is told at it, an open '/*' once, nothing in generated code")
  func unclosedAtEnd() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let function = "[[ stitchable ]] half4 f(float2 position, half4 color) {\n  return color;\n}\n"
    let paren = "error: this '(' is not closed: expected ')' before the end of the file"
    let square = "error: this '[' is not closed: expected ']' before the end of the file"
    let cases: [(name: String, tail: String, expected: [String])] = [
      ("paren.metal", "int x = (\n", ["4:9: \(paren)"]),
      ("square.metal", "float k[2] = { 1, 2 };\nfloat z = k[\n", ["5:12: \(square)"]),
      ("comment.metal", "/* open comment\nmore\n", ["4:1: error: unterminated /* comment"]),
      // The line's own error stays, after the cause.
      (
        "garbage.metal", "garbage(\n",
        ["4:8: \(paren)", "4:1: error: a type specifier is required for all declarations"]
      ),
    ]
    for (name, tail, expected) in cases {
      let result = try Self.applyRefused(function + tail, as: name, in: directory)
      var lines = expected.map { "layerfx: error: \(directory.path(name)):\($0)" }
      if expected.count > 1 { lines.append(lines[0] + " (the first of \(expected.count) errors)") }
      #expect(result.errorLines == lines, "\(name)")
      #expect(!result.standardError.contains(".cpp"), "\(name)")
    }
  }

  // clang's default -ferror-limit is 19: it reports 19 errors, then `fatal error: too many
  // errors emitted` (no place) and stops, so lines 2-20 of 25 bad ones are reported; `missing`
  // starts at column 13 after `v1 = ` and 14 after `v19 = `.
  @Test("a .metal file past clang's error limit says clang stopped there")
  func compileErrorLimit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("many.metal")
    let body = (1...25).map { "  half v\($0) = missing\($0);\n" }.joined()
    let source =
      "[[ stitchable ]] half4 f(float2 position, half4 color) {\n" + body + "  return color;\n}\n"
    let result = try Self.applyRefused(source, as: "many.metal", in: directory)
    #expect(result.errorLines.count == 20)
    #expect(
      result.errorLines.first
        == "layerfx: error: \(path):2:13: error: use of undeclared identifier 'missing1'")
    #expect(
      result.errorLines.dropLast().last
        == "layerfx: error: \(path):20:14: error: use of undeclared identifier 'missing19'")
    #expect(
      result.errorLines.last
        == "layerfx: error: \(path):2:13: error: use of undeclared identifier 'missing1' "
        + "(the first of 19 errors; clang stopped at its error limit (too many errors emitted), "
        + "so there may be more)")
  }

  // One thread, so the first faulting row, the one reported, is row 0.
  @Test("a shader that divides by zero fails the command with one line naming it, exit 65")
  func fault() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source =
      "[[ stitchable ]] half4 f(float2 position, half4 color, float d) "
      + "{ return color * half(int(position.x) / int(d)); }\n"
    try source.write(toFile: directory.path("div.metal"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(
      [
        "apply", directory.path("div.metal") + ":f", "testcard:4x4", "--arg", "d=0", "--threads",
        "1", "-o",
        directory.path("o.png"),
      ])
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: \(directory.path("div.metal")): f: SIGFPE at row 0; nothing written"
      ])
    #expect(!FileManager.default.fileExists(atPath: directory.path("o.png")))
  }

  // 32 rows at 2 threads are 4 bands of 8 rows (2 per thread, RowKernel.bandsPerWorker), so
  // rows 0 and 25 fault in bands that run at the same time; whichever records first, the line
  // names row 0, the lowest. Several runs, as the order of the bands varies from run to run.
  // The bounds checker shades a row per request (the per-pixel form in batches): its line
  // names the row too (CommandLine.md: "…, row 0; nothing written"), as the trial found it did
  // not ("SIGFPE; nothing written").
  @Test(
    "a shader faulting in rows 0 and 25 is reported at row 0 at 2 threads, every run, checked or not"
  )
  func lowestFaultingRow() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = """
      [[ stitchable ]] half4 f(float2 position, half4 color, float d) {
        int row = int(position.y);
        int v = 1;
        if (row == 0 || row == 25) { v = int(position.x + 1.0) / int(d); }
        return color * half(v);
      }

      """
    for checking in [[], ["--check-bounds"]] {
      for _ in 0..<8 {
        let result = try Self.applyRefused(
          source, as: "rows.metal", in: directory, input: "testcard:4x32",
          ["--arg", "d=0", "--threads", "2"] + checking)
        #expect(
          result.errorLines == [
            "layerfx: error: \(directory.path("rows.metal")): f: SIGFPE at row 0; nothing written"
          ], "\(checking)")
      }
    }
  }

  // "An error is one line" (CommandLine.md): the overlays' legend is printed once the render
  // succeeded, so a fault with --overlay prints the error alone; a still and an animation, of
  // apply and of render (a fill), each fault in row 2.
  @Test("a fault with --overlay prints its error line alone, no legend, exit 65")
  func faultWithOverlayIsOneLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let body = """
        int v = 1;
        if (int(position.y) == 2) { v = int(position.x + 1.0) / int(d); }
      """
    try
      ("[[ stitchable ]] half4 f(float2 position, half4 color, float d) {\n\(body)\n"
      + "  return color * half(v);\n}\n").write(
        toFile: directory.path("row.metal"), atomically: true, encoding: .utf8)
    try
      ("[[ stitchable ]] half4 f(float2 position, float d) {\n\(body)\n"
      + "  return half4(half(v));\n}\n").write(
        toFile: directory.path("fill.metal"), atomically: true, encoding: .utf8)
    let still = ["--time", "0", "-o", "o.png"]
    let animation = ["--fps", "5", "--duration", "0.4", "-o", "o.apng"]
    let commands: [[String]] = [
      ["apply", "row.metal:f", "testcard:4x4"] + still,
      ["apply", "row.metal:f", "testcard:4x4"] + animation,
      ["render", "fill.metal:f", "--size", "4x4"] + still,
      ["render", "fill.metal:f", "--size", "4x4", "--fps", "5", "--duration", "0.4", "-o", "seq"],
    ]
    for command in commands {
      let result = try LayerFXTool.run(
        command + ["--arg", "d=0", "--overlay", "tiles"], in: directory.url)
      #expect(result.status == 65, "\(command)")
      #expect(result.errorLines.count == 1, "\(command): \(result.errorLines)")
      let file = command[1].prefix { $0 != ":" }
      #expect(
        result.errorLines.first?.hasPrefix("layerfx: error: \(file): f: SIGFPE at ") == true,
        "\(command)")
    }
  }

  @Test("a .metal file that is not UTF-8 is bad data, exit 65, naming the first invalid byte")
  func notUTF8() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Line 1 is 24 bytes with its newline; 0xE9 (Latin-1 é) follows "// caf" on line 2, at
    // offset 24 + 6 = 30, column 7. 0xE9 opens a three-byte sequence, and "\n" cannot continue
    // it (Unicode §3.9, Table 3-7).
    let bytes =
      Array("#include <metal_stdlib>\n// caf".utf8) + [0xE9]
      + Array("\n[[ stitchable ]] half4 f(float2 p, half4 c) { return c; }\n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: directory.path("latin1.metal")))
    let file = directory.path("latin1.metal")
    try Self.sourceRefused(
      file, in: directory, message: "\(file):2:7: not UTF-8 text (byte 0xE9 at offset 30)")
    #expect(try directory.contents() == ["latin1.metal"])
  }

  // Before, accepted (exit 0): clang drops a NUL with a warning the runner does not show
  // (trial 13, Q11).
  @Test("a NUL byte in a .metal file or a header it includes is bad data, exit 65, at its place")
  func nulByte() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // "  return c;" is 11 bytes, so the NUL after it is on line 3, column 12 (clang's own
    // warning, -Wnull-character, names 3:12 too). In the header it is the first byte of line 2.
    let function = "[[ stitchable ]] half4 f(float2 p, half4 c) {\n  return c;"
    try Data(Array("#include <metal_stdlib>\n\(function)".utf8) + [0] + Array(" }\n".utf8))
      .write(to: URL(fileURLWithPath: directory.path("nul.metal")))
    try Data(Array("// a header\n".utf8) + [0] + Array("\n".utf8))
      .write(to: URL(fileURLWithPath: directory.path("nul.h")))
    try "#include \"nul.h\"\n\(function) }\n".write(
      toFile: directory.path("includes.metal"), atomically: true, encoding: .utf8)
    for (file, place) in [("nul.metal", "nul.metal:3:12"), ("includes.metal", "nul.h:2:1")] {
      try Self.sourceRefused(
        directory.path(file), in: directory,
        message: "\(directory.path(place)): a NUL byte (0x00), which is not Metal source text")
    }
    #expect(try directory.contents().sorted() == ["includes.metal", "nul.h", "nul.metal"])
  }

  @Test("an image argument takes every INPUT form: testcard:WxH is the test card, not a file")
  func imageArgumentTestCard() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Opaque red exactly when the texture is the 6 × 2 test card; blue otherwise.
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 Tex(float2 position, half4 color, texture2d<half> t) {
        return t.get_width() == 6 && t.get_height() == 2 ? half4(1, 0, 0, 1) : half4(0, 0, 1, 1);
      }
      """
    try source.write(toFile: directory.path("tex.metal"), atomically: true, encoding: .utf8)
    for arguments in [
      ["tex.metal:Tex", "testcard:4x4", "--arg", "t=testcard:6x2"],
      ["testcard:4x4", "--effect", "tex.metal:Tex:t=testcard:6x2", "--time", "0"],
    ] {
      let result = try LayerFXTool.run(
        ["apply"] + arguments + ["-o", "o.png"], in: directory.url)
      #expect(result.status == 0, "\(result.standardError)")
      let image = try PNGDecoder().decode(contentsOf: directory.path("o.png")).image
      #expect(image.pixels.allSatisfy { $0.x == 1 && $0.y == 0 && $0.z == 0 && $0.w == 1 })
    }
    // A malformed size is the argument's form, as for INPUT: a usage error.
    let malformed = try LayerFXTool.run(
      ["apply", "tex.metal:Tex", "testcard:4x4", "--arg", "t=testcard:6x", "-o", "p.png"],
      in: directory.url)
    #expect(malformed.status == 64)
    #expect(
      malformed.usageErrorLines == [
        "layerfx: error: invalid value 't=testcard:6x' for '--arg': expected an image: a PNG "
          + "file, - for standard input, or testcard:WxH"
      ])
  }

  /// Runs `apply Grayscale.metal:Grayscale testcard:8x8 --arg amount=1 -o o.png` in
  /// `directory` with the environment variable `setting` (`NAME=VALUE`) added.
  static func applyGrayscale(_ setting: String, in directory: TemporaryDirectory) throws
    -> LayerFXTool.Result
  {
    let grayscale = TestData.packageRoot.appendingPathComponent(
      "Shaders/ColorEffects/Grayscale.metal"
    ).path
    return try LayerFXTool.run(
      [
        setting, LayerFXTool.executable.path, "apply", grayscale + ":Grayscale", "testcard:8x8",
        "--arg", "amount=1", "-o", directory.path("o.png"),
      ],
      program: URL(fileURLWithPath: "/usr/bin/env"))
  }

  // The accepted values are MetalCompileOptions.FormChoice's three, named in the
  // Sources/LayerFXMetal README ("Which form runs"), and LAYERFX_METAL_LANES' 0 (off) and 1
  // (on, the default); the variables are read when .metal code compiles, as --half is.
  @Test(
    "an unknown LAYERFX_METAL_FORM or LAYERFX_METAL_LANES is a one-line usage error, exit 64",
    arguments: [
      ("LAYERFX_METAL_FORM", "bogus", "measured, verdict or lanes", "verdict"),
      ("LAYERFX_METAL_LANES", "banana", "0 or 1", "0"),
    ])
  func unknownEnvironmentValue(variable: String, bad: String, expected: String, good: String)
    throws
  {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let refused = try Self.applyGrayscale("\(variable)=\(bad)", in: directory)
    #expect(refused.status == 64)
    #expect(
      refused.errorLines.first
        == "layerfx: error: invalid value '\(bad)' for environment variable \(variable): "
        + "expected \(expected)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("o.png")))
    let accepted = try Self.applyGrayscale("\(variable)=\(good)", in: directory)
    #expect(accepted.status == 0, "\(accepted.standardError)")
  }

  // true(1) exits 0 at once, and false(1) 1, without reading the request (POSIX); a program that
  // is not the worker is a setup error (EX_CONFIG, 78), not a fault of the shader (65).
  @Test(
    "a LAYERFX_SHADER_WORKER that does not answer is a configuration error naming it, exit 78",
    arguments: [("/bin/true", 0), ("/bin/false", 1)])
  func workerNotAnswering(program: String, status: Int) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try Self.applyGrayscale("LAYERFX_SHADER_WORKER=\(program)", in: directory)
    #expect(result.status == 78)
    #expect(
      result.errorLines == [
        "layerfx: error: cannot run .metal: LAYERFX_SHADER_WORKER=\(program) did not answer as a "
          + "LayerFX shader worker (it ended with exit status \(status))"
      ])
    #expect(!FileManager.default.fileExists(atPath: directory.path("o.png")))
  }
}
