import Foundation
import LayerFXPNG
import LayerFXTestSupport
import Testing

@Suite struct InfoConvertListTests {
  @Test(
    "info prints the header fields and the chunk runs",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func info() throws {
    // basi0g16: greyscale (0), 16-bit, Adam7 ("i"), 32 × 32 (PngSuite naming code); its chunk
    // layout IHDR gAMA IDAT×4 IEND checked by walking the file below, independently of libpng.
    let path = TestData.path("pngsuite/basi0g16.png")
    let result = try LayerFXTool.run(["info", path])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.prefix(5)) == [
        "file: \(path)", "size: 32 × 32 pixels", "colour type: 0 (greyscale)", "bit depth: 16",
        "interlace: Adam7",
      ])
    #expect(lines.last == "chunks: \(walkChunkRuns(path))")
  }

  @Test("the chunk list groups runs of one name")
  func chunkRuns() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("card.png")
    #expect(try LayerFXTool.run(["convert", "testcard:300x300", "-o", path]).status == 0)
    let result = try LayerFXTool.run(["info", path])
    #expect(result.standardOutput.split(separator: "\n").last == "chunks: \(walkChunkRuns(path))")
  }

  @Test("info on the ripple's APNG names its frames, length and plays and lists each frame once")
  func animatedInfo() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("ripple.apng")
    let made = try LayerFXTool.run(["ripple", "testcard:32x20", "--fps", "10", "-o", path])
    #expect(made.status == 0)
    let result = try LayerFXTool.run(["info", path])
    #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
    // The default 3 s at 10 fps: ⌈3 × 10⌉ = 30 frames of 1/10 s each, looping forever
    // (CommandLine.md, "--format apng"); frame 0 is IDAT, the other 29 fcTL and one fdAT.
    #expect(
      Array(result.standardOutput.split(separator: "\n").suffix(2)) == [
        "animation: 30 frames, 3 s, loops forever",
        "chunks: IHDR acTL fcTL IDAT (fcTL fdAT)×29 IEND",
      ])
  }

  @Test("info takes --max-pixels, which its too-large message offers, and checks its range")
  func infoPixelLimit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("card.png")
    #expect(try LayerFXTool.run(["convert", "testcard:30x20", "-o", path]).status == 0)
    // The header alone is read: a limit below the image's 600 pixels still prints it.
    let result = try LayerFXTool.run(["info", "--max-pixels", "5", path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("size: 30 × 20 pixels"))
    let zero = try LayerFXTool.run(["info", "--max-pixels", "0", path])
    #expect(zero.status == 64)
  }

  @Test(
    "convert writes 8-bit RGBA with the same pixels and keeps gAMA",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func convert() throws {
    let directory = try TemporaryDirectory()
    // g04n2c08: RGB 8-bit with gAMA 0.4 (file name code); no gamma is applied on the way.
    let input = TestData.path("pngsuite/g04n2c08.png")
    let output = directory.path("out.png")
    let result = try LayerFXTool.run(["convert", input, "-o", output])
    #expect(result.status == 0 && result.standardError.isEmpty)
    let before = try PNGDecoder().decode(contentsOf: input)
    let after = try PNGDecoder().decode(contentsOf: output)
    #expect(after.info.colorType == .truecolorAlpha && after.info.bitDepth == 8)
    #expect(after.image.pixels == before.image.pixels)
    #expect(walkChunkRuns(output).hasPrefix("IHDR gAMA"))
  }

  @Test("list names the ripple and its parameters with units")
  func list() throws {
    let result = try LayerFXTool.run(["list"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    let ripple = try #require(lines.firstIndex { $0.hasPrefix("ripple (layer effect): ") })
    // Documentation/Semantics.md §5: origin (points, no default), then amplitude 12 points.
    #expect(
      lines[ripple + 1]
        == "  origin: float2, where the tap landed, points (default: the image's centre)")
    #expect(
      lines[ripple + 3]
        == "  amplitude: float, largest displacement, points (default 12; suggested 4…24)")
  }

  @Test("list KERNEL lists that kernel alone; another name is refused saying what list takes")
  func listOneKernel() throws {
    // sepia has one parameter after SwiftUI's own: amount (CommandLine.md's kernel table).
    let sepia = try LayerFXTool.run(["list", "sepia"])
    #expect(sepia.status == 0)
    let lines = sepia.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("sepia (color effect): ") == true)
    #expect(lines.last?.hasPrefix("  amount: float, ") == true)
    let json = try LayerFXTool.run(["list", "twirl", "--json"])
    let kernels = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
    #expect((kernels as? [[String: Any]])?.map { $0["name"] as? String } == ["twirl"])
    let typo = try LayerFXTool.run(["list", "sepa"])
    #expect(typo.status == 64)
    #expect(
      typo.errorLines.first?.hasPrefix(
        "layerfx: error: no shader function named 'sepa'; did you mean 'sepia'?") == true)
    for name in ["stripes.txt", "photo.png", "S.METAL"] {
      let notMetal = try LayerFXTool.run(["list", name])
      #expect(notMetal.status == 64)
      let expected: String =
        "layerfx: error: '\(name)' is neither a built-in kernel nor a .metal file: list takes "
        + "KERNEL (one of 'layerfx list') or FILE.metal, whose name ends in .metal"
      #expect(notMetal.usageErrorLines == [expected])
    }
    #expect(try LayerFXTool.run(["list", "sepia", "twirl"]).status == 64)
  }

  @Test("list FILE.metal:FUNCTION lists that function alone, in lines and in JSON")
  func listOneMetalFunction() throws {
    let directory = try TemporaryDirectory()
    try """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 first(float2 position, half4 color, float a) { return color * a; }
    [[ stitchable ]] half4 second(float2 position, half4 color, float b) { return color * b; }

    """.write(toFile: directory.path("two.metal"), atomically: true, encoding: .utf8)
    let all = try LayerFXTool.run(["list", directory.path("two.metal")])
    #expect(all.status == 0)
    #expect(
      all.standardOutput
        == "first (color effect, line 3)\n  a: float\n"
        + "second (color effect, line 4)\n  b: float\n")
    let one = try LayerFXTool.run(["list", directory.path("two.metal") + ":second"])
    #expect(one.status == 0)
    #expect(one.standardOutput == "second (color effect, line 4)\n  b: float\n")
    let json = try LayerFXTool.run(["list", directory.path("two.metal") + ":second", "--json"])
    let functions = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
    #expect((functions as? [[String: Any]])?.map { $0["name"] as? String } == ["second"])
  }

  @Test("apply runs a built-in kernel and reports bounds when asked")
  func apply() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "apply", "ripple", "testcard:48x32", "--arg", "origin=10,10", "--arg", "time=0.02",
      "--check-bounds", "-o", directory.path("a.png"),
    ])
    #expect(result.status == 0)
    #expect(result.errorLines.count == 1)
    #expect(
      result.standardError.hasPrefix("layerfx: bounds: all 1536 samples within maxSampleOffset"))
    #expect(try directory.contents() == ["a.png"])
  }

  @Test("apply with a too-small maxSampleOffset reports the overshoot and what would do")
  func applyOvershoot() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "apply", "ripple", "testcard:48x32", "--arg", "origin=10,10", "--arg", "time=0.02",
      "--max-sample-offset", "1,1", "--check-bounds", "-o", directory.path("a.png"),
    ])
    // Exit 1: the checker found samples beyond the declared offset (the output is written).
    #expect(result.status == 1)
    #expect(result.standardError.contains("beyond maxSampleOffset (1, 1)"))
    // The suggestion, declared in a second run, leaves no sample beyond it.
    let suggestion = try #require(
      result.standardError.firstMatch(of: /; maxSampleOffset (\S+), (\S+) would be enough\n/))
    let again = try LayerFXTool.run([
      "apply", "ripple", "testcard:48x32", "--arg", "origin=10,10", "--arg", "time=0.02",
      "--max-sample-offset", "\(suggestion.1),\(suggestion.2)", "--check-bounds",
      "-o", directory.path("b.png"),
    ])
    #expect(again.status == 0, "\(again.standardError)")
    #expect(again.standardError.contains("samples within maxSampleOffset"))
  }

  @Test("the bounds line prints 2 decimals and a suggestion rounded up that is enough")
  func applyRoundedSuggestion() throws {
    // The water kernel at testcard:320x200 and 3 pixels per point reaches a few millionths
    // beyond 4 points on x (4.000004): 4 to 2 decimals, but 4 is not enough (run 3);
    // rounded up, 4.01 is (run 2). The overshoot over 1 is rounded up as well.
    let directory = try TemporaryDirectory()
    func check(maxSampleOffset offset: String) throws -> LayerFXTool.Result {
      try LayerFXTool.run([
        "apply", "water", "testcard:320x200", "--scale", "3", "--check-bounds",
        "--max-sample-offset", offset, "-o", directory.path("\(offset).png"),
      ])
    }
    let result = try check(maxSampleOffset: "1,1")
    #expect(result.status == 1)
    // Full precision, as printed before: largest offset 4.000004, 3.9991264, overshoot
    // 3.0000038, 2.9991264; first at pixel (0, 0) sampling 0.25043637, 4.165789 from
    // 0.16666667, 0.16666667.
    #expect(
      result.standardError.hasSuffix(
        "beyond maxSampleOffset (1, 1); largest offset 4, 4, overshoot 3.01, 3; first at pixel "
          + "(0, 0) sampling 0.25, 4.17 from 0.17, 0.17; maxSampleOffset 4.01, 4 would be "
          + "enough\n"),
      "\(result.standardError)")
    // No number has more than 2 decimals.
    #expect(result.standardError.firstMatch(of: /\d\.\d{3}/) == nil, "\(result.standardError)")
    #expect(try check(maxSampleOffset: "4.01,4").status == 0)
    #expect(try check(maxSampleOffset: "4,4").status == 1)
  }

  @Test("apply names a missing argument and an unknown parameter, with a did-you-mean")
  func applyErrors() throws {
    let directory = try TemporaryDirectory()
    let output = directory.path("never.png")
    // A .metal function's parameters have no defaults (Documentation/Semantics.md §1.2); the
    // error names the .metal file, as a compile error does.
    let metal = TestData.packageRoot.appendingPathComponent("Shaders/LayerEffects/Ripple.metal")
    let missing = try LayerFXTool.run([
      "apply", metal.path + ":Ripple", "testcard:8x8", "--arg", "origin=4,4", "--arg", "time=0.1",
      "-o", output,
    ])
    #expect(missing.status == 64)
    #expect(
      missing.errorLines.first
        == "layerfx: error: \(metal.path): Ripple: argument 'amplitude' (float) is required")
    let inEffect = try LayerFXTool.run([
      "apply", "testcard:8x8", "--effect", metal.path + ":Ripple:origin=4,4", "--time", "0.1",
      "--max-sample-offset", "1,1", "-o", output,
    ])
    #expect(inEffect.status == 64)
    #expect(
      inEffect.errorLines.first
        == "layerfx: error: \(metal.path): Ripple: argument 'amplitude' (float) is required")
    let unknown = try LayerFXTool.run([
      "apply", "ripple", "testcard:8x8", "--arg", "orign=1,2", "-o", output,
    ])
    #expect(unknown.status == 64)
    #expect(
      unknown.errorLines.first
        == "layerfx: error: ripple: no parameter named 'orign'; did you mean 'origin'? "
        + "(parameters: origin, time, amplitude, frequency, decay, speed)")
    let speed = try LayerFXTool.run([
      "apply", "ripple", "testcard:8x8", "--arg", "origin=1,2", "--arg", "speed=0", "-o", output,
    ])
    #expect(speed.status == 64)
    #expect(
      speed.errorLines.first
        == "layerfx: error: ripple: argument 'speed' must be > 0 points per second, got 0")
    #expect(try directory.contents().isEmpty)
  }

  @Test("a function a .metal file does not have is reported at that file")
  func unknownMetalFunction() throws {
    let directory = try TemporaryDirectory()
    let output = directory.path("never.png")
    let ripple = TestData.packageRoot.appendingPathComponent("Shaders/LayerEffects/Ripple.metal")
    let noise = TestData.packageRoot.appendingPathComponent("Shaders/Fills/Noise.metal")
    // Each file defines one [[ stitchable ]] function (Ripple, Noise); the error, like every
    // other about a FILE.metal:FUNCTION, begins with the file that was searched.
    let expectedRipple: String =
      "layerfx: error: \(ripple.path): no shader function named 'Ripples'; "
      + "did you mean 'Ripple'? (available: Ripple)"
    // config dump's FILE.metal:FUNCTION:P=V and list's FILE.metal:FUNCTION too (trial 15:
    // the first lost its file, the second listed the whole file, exit 0).
    for command in [
      ["apply", ripple.path + ":Ripples", "testcard:8x8", "-o", output],
      ["apply", "testcard:8x8", "--effect", ripple.path + ":Ripples", "-o", output],
      ["config", "dump", ripple.path + ":Ripples:amplitude=12"],
      ["list", ripple.path + ":Ripples"],
    ] {
      let result = try LayerFXTool.run(command)
      #expect(result.status == 64)
      #expect(result.errorLines.first == expectedRipple)
    }
    let fill = try LayerFXTool.run([
      "render", noise.path + ":Nois", "--size", "8x8", "-o", output,
    ])
    let expectedNoise: String =
      "layerfx: error: \(noise.path): no shader function named 'Nois'; "
      + "did you mean 'Noise'? (available: Noise)"
    #expect(fill.status == 64)
    #expect(fill.errorLines.first == expectedNoise)
    #expect(try directory.contents().isEmpty)
  }

  /// Walks the PNG chunk layout (PNG spec §5.3: length, type, data, CRC) and writes runs of one
  /// chunk type as `NAME×COUNT`.
  func walkChunkRuns(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "unreadable" }
    let bytes = [UInt8](data)
    var names: [String] = []
    var offset = 8
    while offset + 8 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      names.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
      offset += 12 + length
    }
    var runs: [String] = []
    var index = 0
    while index < names.count {
      var end = index
      while end + 1 < names.count && names[end + 1] == names[index] { end += 1 }
      runs.append(end == index ? names[index] : "\(names[index])×\(end - index + 1)")
      index = end + 1
    }
    return runs.joined(separator: " ")
  }
}
