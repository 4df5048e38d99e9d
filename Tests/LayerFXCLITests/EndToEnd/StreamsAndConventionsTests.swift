import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// `-` for standard input and output, output-path checks, `info` over several files, and the
/// tool-wide conventions (`--version`, `help`).
@Suite struct StreamsAndConventionsTests {
  @Test("-o - writes one frame as PNG to standard output and no file")
  func pngToStandardOutput() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(
      ["ripple", "testcard:24x16", "--time", "0.01", "-o", "-"], in: directory.url)
    #expect(result.status == 0)
    let decoded = try PNGDecoder().decode(result.outputData)
    #expect(decoded.image.width == 24 && decoded.image.height == 16)
    #expect(try directory.contents().isEmpty)
  }

  @Test("an animation to -o - is a raw stream: width × height × 4 bytes per frame")
  func rawFrames() throws {
    let result = try LayerFXTool.run([
      "ripple", "testcard:24x16", "--fps", "10", "--frames", "3", "-o", "-",
    ])
    #expect(result.status == 0)
    #expect(result.outputData.count == 3 * 24 * 16 * 4)
    // Frame 0 is at t = 0: the test card itself, opaque, so every fourth byte is 255.
    let first = result.outputData.prefix(24 * 16 * 4)
    #expect(
      stride(from: 3, to: first.count, by: 4).allSatisfy { first[first.startIndex + $0] == 255 })
  }

  @Test("- as INPUT reads a PNG from standard input")
  func standardInput() throws {
    let png = try PNGEncoder().encode(Image.testCard(width: 10, height: 6))
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(
      ["convert", "-", "-o", directory.path("out.png")], input: Data(png))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try PNGDecoder().inspect(contentsOf: directory.path("out.png")).width == 10)
  }

  // The first reader of standard input takes every byte, so a second would find it empty (the
  // trial's `-` with `--arg mask=-` read a valid PNG for one and reported "<stdin>: empty file"
  // for the other, exit 65). Refused before either reads: a usage error, 64, with nothing written.
  @Test("two arguments reading standard input (-) is a usage error naming both")
  func standardInputReadOnce() throws {
    let png = try PNGEncoder().encode(Image.testCard(width: 10, height: 6))
    let directory = try TemporaryDirectory()
    try """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 Mask(float2 position, half4 color, texture2d<half> mask) {
      return color;
    }
    """.write(toFile: directory.path("mask.metal"), atomically: true, encoding: .utf8)
    let cases: [(arguments: [String], readers: String)] = [
      (["apply", "mask.metal:Mask", "-", "--arg", "mask=-"], "INPUT - and --arg mask=-"),
      (
        ["apply", "-", "--effect", "mask.metal:Mask:mask=-", "--time", "0"],
        "INPUT - and --effect mask.metal:Mask:mask=-"
      ),
    ]
    for (arguments, readers) in cases {
      let result = try LayerFXTool.run(
        arguments + ["-o", "out.png"], in: directory.url, input: Data(png))
      #expect(result.status == 64, "\(arguments)")
      let expected: String =
        "layerfx: error: \(readers) both read standard input, which can be read only once; "
        + "save one of them to a file"
      #expect(result.usageErrorLines == [expected])
    }
    let twice = try LayerFXTool.run(["info", "-", "-"], input: Data(png))
    #expect(twice.status == 64)
    let expectedTwice: String =
      "layerfx: error: INPUT - is given twice, but standard input can be read only once; "
      + "save one of them to a file"
    #expect(twice.usageErrorLines == [expectedTwice])
    #expect(try directory.contents() == ["mask.metal"])
  }

  @Test("one image to a directory, or an animation to a .png name, is a usage error")
  func outputKinds() throws {
    let directory = try TemporaryDirectory()
    let single = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--time", "0.1", "-o", directory.path("out") + "/",
    ])
    #expect(single.status == 64)
    #expect(
      single.errorLines.first?.contains("names a directory, but one image is written") == true)
    let animation = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--fps", "10", "-o", directory.path("anim.png"),
    ])
    #expect(animation.status == 64)
    #expect(
      animation.errorLines.first?.contains("an animation writes a directory of frames") == true)
    #expect(try directory.contents().isEmpty)
    // An animated PNG into a folder that exists is one file too, named as one (trial 17).
    try FileManager.default.createDirectory(
      atPath: directory.path("existing"), withIntermediateDirectories: false)
    let apng = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--fps", "10", "--format", "apng", "-o",
      directory.path("existing"),
    ])
    #expect(apng.status == 64)
    #expect(
      apng.errorLines.first
        == "layerfx: error: -o \(directory.path("existing")) names a directory, but one "
        + "animated PNG is written: give -o FILE.apng")
  }

  @Test(
    "info reports every file and exits with the first failure's status",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func infoContinues() throws {
    let good = TestData.path("pngsuite/basn0g08.png")
    let result = try LayerFXTool.run(["info", "/nonexistent/a.png", good])
    #expect(result.status == 66)
    #expect(result.errorLines == ["layerfx: error: /nonexistent/a.png: no such file"])
    #expect(result.standardOutput.hasPrefix("file: \(good)\nsize: 32 × 32 pixels\n"))
  }

  @Test("a PNG over --max-pixels names the option that raises the limit")
  func pixelLimit() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("card.png")
    try PNGEncoder().write(Image.testCard(width: 20, height: 10), to: path)
    let result = try LayerFXTool.run(["convert", path, "--max-pixels", "199", "-o", "-"])
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: \(path): 20 × 10 exceeds the limit of 199 pixels (raise it with --max-pixels)"
      ])
    // A test card beyond what --max-pixels can allow (65535² > 2³¹ − 1) is not told to raise it.
    let card = try LayerFXTool.run(["convert", "testcard:65535x65535", "-o", "-"])
    #expect(card.status == 65)
    #expect(
      card.errorLines == [
        "layerfx: error: testcard:65535x65535: 65535 × 65535 exceeds the limit of 100000000 "
          + "pixels (beyond what LayerFX can render: at most 2147483647 pixels)"
      ])
    // Nor is a PNG whose IHDR says 50000 × 50000 (2.5 × 10⁹ > 2³¹ − 1): refused at its header.
    let huge = directory.path("huge.png")
    let bytes =
      RawPNG.signature
      + RawPNG.chunk(
        "IHDR", RawPNG.ihdrData(width: 50000, height: 50000, bitDepth: 8, colorType: 6))
      + RawPNG.chunk("IDAT", RawPNG.storedZlib([0])) + RawPNG.chunk("IEND", [])
    try Data(bytes).write(to: URL(fileURLWithPath: huge))
    let png = try LayerFXTool.run(["convert", huge, "-o", "-"])
    #expect(png.status == 65)
    #expect(
      png.errorLines == [
        "layerfx: error: \(huge): 50000 × 50000 exceeds the limit of 100000000 pixels (beyond "
          + "what LayerFX can render: at most 2147483647 pixels)"
      ])
  }

  @Test("--check-bounds exits 1 when a sample lies beyond maxSampleOffset")
  func checkBoundsStatus() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "apply", "ripple", "testcard:48x32", "--arg", "origin=10,10", "--arg", "time=0.02",
      "--max-sample-offset", "1,1", "--check-bounds", "-o", directory.path("a.png"),
    ])
    #expect(result.status == 1)
    #expect(try directory.contents() == ["a.png"])
  }

  @Test("an argument given twice to apply is a usage error")
  func repeatedArgument() throws {
    let result = try LayerFXTool.run([
      "apply", "ripple", "testcard:8x8", "--arg", "origin=1,1", "--arg", "origin=2,2", "-o", "-",
    ])
    #expect(result.status == 64)
    // The one wording for an item given twice (KernelReference.repeatedItem), as --effect's.
    #expect(
      result.errorLines.first
        == "layerfx: error: --arg: origin given more than once; give it once")
  }

  @Test("a full standard output is an I/O error (exit 74), not a crash")
  func fullStandardOutput() throws {
    for arguments in [["ripple", "testcard:16x8", "--time", "0.1", "-o", "-"], ["--version"]] {
      let directory = try TemporaryDirectory()
      let process = Process()
      process.executableURL = LayerFXTool.executable
      process.arguments = arguments
      // /dev/full accepts no byte: every write fails with ENOSPC.
      process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
      _ = FileManager.default.createFile(atPath: directory.path("err"), contents: nil)
      process.standardError = try FileHandle(
        forWritingTo: URL(fileURLWithPath: directory.path("err")))
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 74, "\(arguments)")
      let message = try String(contentsOfFile: directory.path("err"), encoding: .utf8)
      #expect(
        message == "layerfx: error: standard output: cannot write (No space left on device)\n")
    }
  }

  @Test("--version and help COMMAND")
  func versionAndHelp() throws {
    let version = try LayerFXTool.run(["--version"])
    #expect(version.status == 0 && version.standardOutput == "layerfx 0.1.0\n")
    let help = try LayerFXTool.run(["help", "info"])
    #expect(help.status == 0 && help.standardOutput.hasPrefix("Usage: layerfx info FILE.png..."))
  }

  @Test("--version with an argument is a usage error, 64, as any unexpected argument is")
  func versionExtra() throws {
    let result = try LayerFXTool.run(["--version", "extra"])
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.errorLines == [
        "layerfx: error: unexpected argument 'extra'", "Usage: layerfx --version",
      ])
  }

  @Test("apply's and render's -o say what they write: a PNG file, or a folder of frames")
  func outputHelp() throws {
    for command in ["apply", "render", "ripple"] {
      let help = try LayerFXTool.run(["help", command])
      #expect(help.status == 0)
      let line = help.standardOutput.split(separator: "\n").first { $0.contains("--output") }
      #expect(
        line?.hasSuffix("output PNG file, or directory for an animation") == true, "\(command)")
    }
    // render writes one image to standard output; its animation only as a folder of frames.
    let render = try LayerFXTool.run(["help", "render"])
    #expect(render.standardOutput.contains("-o - writes one image\nas PNG to standard output"))
    #expect(render.standardOutput.contains("only a directory of frames (no animated PNG"))
  }

  // Trial 11: the list said render draws "a built-in fill" and list lists "the built-in
  // kernels", though both take FILE.metal, and timeline charts "as SVG", though --png too.
  @Test("the command list names what render, list and timeline take and write")
  func commandSummaries() throws {
    let help = try LayerFXTool.run(["--help"]).standardOutput.split(separator: "\n")
    let summary = { (command: String) in
      help.first { $0.hasPrefix("  \(command) ") }.map(String.init) ?? ""
    }
    #expect(summary("render").contains("FILE.metal:FILL"))
    #expect(summary("list").contains(".metal file"))
    #expect(summary("timeline").contains("SVG or PNG"))
  }

  @Test("render --fps without --frames renders ⌈duration × fps⌉ frames, as its help says")
  func renderFrameCount() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // 0.7 s at 2 fps: frames at 0 and 0.5 s, ⌈1.4⌉ = 2 (1.0 s is past the end).
    let result = try LayerFXTool.run(
      ["render", "checkerboard", "--size", "4x4", "--fps", "2", "--duration", "0.7", "-o", "f/"],
      in: directory.url)
    #expect(result.status == 0, "\(result.standardError)")
    let frames = try FileManager.default.contentsOfDirectory(atPath: directory.path("f"))
    #expect(frames.sorted() == ["frame_0000.png", "frame_0001.png"])
    let help = try LayerFXTool.run(["help", "render"]).standardOutput
    #expect(help.contains("frames to render (default: ⌈--duration × fps⌉)"))
  }

  @Test("bench is no layerfx command: the benchmarks are the Benchmarks package's layerfx-bench")
  func noBenchCommand() throws {
    let help = try LayerFXTool.run(["--help"])
    #expect(help.status == 0 && !help.standardOutput.contains("bench"))
    let bench = try LayerFXTool.run(["bench"])
    #expect(bench.status == 64)
    #expect(bench.errorLines.first == "layerfx: error: unknown command 'bench'")
  }
}
