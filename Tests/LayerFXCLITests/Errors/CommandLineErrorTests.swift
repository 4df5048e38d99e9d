import Foundation
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// The PngSuite files that are corrupt on purpose (`x*.png`); empty without the test data.
let corruptPngSuiteFiles: [String] = {
  guard TestData.isAvailable else { return [] }
  let names =
    (try? FileManager.default.contentsOfDirectory(atPath: TestData.path("pngsuite"))) ?? []
  return names.filter { $0.hasPrefix("x") && $0.hasSuffix(".png") }.sorted()
}()

/// Every bad input ends in one line on standard error that names the problem, a sysexits
/// status, and no output file.
@Suite struct CommandLineErrorTests {
  @Test("a missing input file exits 66 naming the file")
  func missingFile() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", directory.path("nope.png"), "--time", "0.3", "-o", directory.path("out.png"),
    ])
    #expect(result.status == 66)
    #expect(result.errorLines.count == 1)
    #expect(
      result.errorLines.first?.hasPrefix("layerfx: error: \(directory.path("nope.png")):") == true)
    #expect(try directory.contents().isEmpty)
  }

  @Test("a text file named .png exits 65 and writes nothing")
  func textFile() throws {
    let directory = try TemporaryDirectory()
    try "hello, world\n".write(
      toFile: directory.path("fake.png"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run([
      "ripple", directory.path("fake.png"), "--time", "0.3", "-o", directory.path("out.png"),
    ])
    #expect(result.status == 65)
    #expect(result.errorLines.count == 1)
    #expect(result.standardError.contains("fake.png"))
    #expect(try directory.contents() == ["fake.png"])
  }

  @Test(
    "a truncated PNG exits 65 and writes nothing",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func truncated() throws {
    let directory = try TemporaryDirectory()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: TestData.path("photos/camera.png")))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: directory.path("cut.png")))
    let result = try LayerFXTool.run([
      "ripple", directory.path("cut.png"), "--time", "0.3", "-o", directory.path("out.png"),
    ])
    #expect(result.status == 65)
    #expect(result.errorLines.count == 1)
    #expect(result.standardError.contains("cut.png"))
    #expect(try directory.contents() == ["cut.png"])
  }

  @Test(
    "every corrupt PngSuite file is rejected with one line and no output",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)),
    arguments: corruptPngSuiteFiles)
  func corruptPngSuite(file: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", TestData.path("pngsuite/" + file), "--time", "0.3", "-o", directory.path("out.png"),
    ])
    #expect(result.status == 65)
    #expect(result.errorLines.count == 1)
    #expect(result.standardError.contains(file))
    #expect(try directory.contents().isEmpty)
  }

  @Test(
    "usage errors exit 64 with the problem and a Usage line",
    arguments: [
      (
        ["ripple", "testcard:8x8", "-o", "x.png"],
        "missing --time SECONDS (one frame) or --fps FPS (animation)"
      ),
      (
        ["ripple", "testcard:8x8", "--time", "nan", "-o", "x.png"],
        "invalid value 'nan' for '--time': expected a time ≥ 0 in seconds (the animation clock "
          + "starts at 0)"
      ),
      (
        ["ripple", "testcard:8x8", "--time", "1", "--tme", "2", "-o", "x.png"],
        "unknown option '--tme'; did you mean '--time'?"
      ),
      (
        ["ripple", "testcard:0x8", "--time", "1", "-o", "x.png"],
        "invalid INPUT 'testcard:0x8': expected testcard:WxH with sides from 1 to 65535 "
          + "(digits only), e.g. testcard:1280x720"
      ),
      // Int("+5") is 5: a sign before a side was read as 5 × 5.
      (
        ["ripple", "testcard:+5x5", "--time", "1", "-o", "x.png"],
        "invalid INPUT 'testcard:+5x5': expected testcard:WxH with sides from 1 to 65535 "
          + "(digits only), e.g. testcard:1280x720"
      ),

      (
        ["ripple", "testcard:8x8", "--time", "1", "--fps", "2", "-o", "x.png"],
        "--time and --fps cannot be used together"
      ),
      (
        ["ripple", "testcard:8x8", "--time", "1", "--threads", "0", "-o", "x.png"],
        "invalid value '0' for '--threads': expected a whole number from 1 to 1024"
      ),
    ])
  func usage(arguments: [String], message: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(arguments, in: directory.url)
    #expect(result.status == 64)
    #expect(
      result.errorLines == [
        "layerfx: error: \(message)",
        "Usage: layerfx ripple INPUT (--time SECONDS -o OUT.png | --fps FPS -o DIR/) [options]",
      ])
    #expect(try directory.contents().isEmpty)
  }

  /// "expected a time ≥ 0 in seconds …" for `value`, given to `--option`.
  static func negativeTime(_ option: String, _ value: String = "-1") -> String {
    "invalid value '\(value)' for '--\(option)': expected a time ≥ 0 in seconds (the animation "
      + "clock starts at 0)"
  }

  /// "expected … (an item is empty)" for the `--effect` value `effect`.
  static func emptyItem(_ effect: String) -> String {
    "invalid value '\(effect)' for '--effect': expected P=V items with one comma between them "
      + "(an item is empty)"
  }

  @Test(
    "a negative time, or an empty item in an effect's argument list, exits 64 and writes nothing",
    arguments: [
      // The clock starts at 0 (frame 0 is t = 0): before it there is no frame.
      (["apply", "testcard:8x8", "--effect", "ripple", "--time", "-1"], negativeTime("time")),
      (["apply", "water", "testcard:8x8", "--time", "-1"], negativeTime("time")),
      (["ripple", "testcard:8x8", "--time", "-0.5"], negativeTime("time", "-0.5")),
      (["render", "noise", "--size", "8x8", "--time", "-1"], negativeTime("time")),
      (
        ["ripple", "testcard:8x8", "--tap", "1,1@-1", "--time", "0"],
        "invalid value '1,1@-1' for '--tap': expected X,Y@T (a point in points and a time ≥ 0 "
          + "in seconds, e.g. 120,80@0.5)"
      ),
      (
        [
          "apply", "testcard:8x8", "--effect", "water", "--fps", "10", "--format", "raw",
          "--duration", "-1",
        ],
        "invalid value '-1' for '--duration': expected a finite number greater than 0"
      ),
      (["apply", "testcard:8x8", "--effect", "ripple:,,", "--time", "0"], emptyItem("ripple:,,")),
      (
        ["apply", "testcard:8x8", "--effect", "ripple:amplitude=2,", "--time", "0"],
        emptyItem("ripple:amplitude=2,")
      ),
      (
        ["apply", "testcard:8x8", "--effect", "ripple:", "--time", "0"],
        "invalid value 'ripple:' for '--effect': expected P=V,... after the colon, or no colon"
      ),
      (
        ["apply", "testcard:8x8", "--effect", "ripple:amplitude=", "--time", "0"],
        "invalid value 'amplitude=' for '--effect': expected a finite number"
      ),
    ])
  func refusedValues(arguments: [String], message: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(arguments + ["-o", "x.png"], in: directory.url)
    #expect(result.status == 64)
    #expect(result.errorLines.first == "layerfx: error: \(message)")
    #expect(result.errorLines.count == 2 && result.errorLines[1].hasPrefix("Usage: layerfx "))
    #expect(try directory.contents().isEmpty)
  }

  @Test(
    "a hexadecimal number is refused, exit 64, naming the option and the value",
    arguments: [
      (
        ["apply", "grayscale", "testcard:8x8", "--arg", "amount=0x10", "-o", "x.png"],
        "invalid value 'amount=0x10' for '--arg': expected a finite number"
      ),
      (
        ["apply", "grayscale", "testcard:8x8", "--arg", "amount=0x1p-2", "-o", "x.png"],
        "invalid value 'amount=0x1p-2' for '--arg': expected a finite number"
      ),
      (
        ["ripple", "testcard:8x8", "--time", "0x10", "-o", "x.png"],
        "invalid value '0x10' for '--time': expected a time ≥ 0 in seconds (the animation "
          + "clock starts at 0)"
      ),
    ])
  func hexadecimalNumber(arguments: [String], message: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(arguments, in: directory.url)
    #expect(result.status == 64)
    #expect(result.errorLines.first == "layerfx: error: \(message)")
    #expect(try directory.contents().isEmpty)
  }

  @Test("decimal numbers with an exponent are still taken")
  func decimalExponent() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(
      ["apply", "grayscale", "testcard:8x8", "--arg", "amount=5e-1", "-o", "x.png"],
      in: directory.url)
    #expect(result.status == 0, "\(result.errorLines)")
  }

  @Test(
    "an output named other than .png is refused before rendering, exit 64",
    arguments: [
      (["apply", "grayscale", "testcard:8x8", "-o", "out.jpg"], "out.jpg", ".png"),
      (["render", "checkerboard", "--size", "8x8", "-o", "out.JPEG"], "out.JPEG", ".png"),
      (["convert", "testcard:8x8", "-o", "out.tiff"], "out.tiff", ".png"),
      // No extension gets PNG bytes under any name (authorized_keys): refused as well.
      (["apply", "grayscale", "testcard:8x8", "-o", "out"], "out", ".png"),
      (["apply", "grayscale", "testcard:8x8", "-o", ".png"], ".png", ".png"),
      (
        [
          "apply", "grayscale", "testcard:8x8", "--fps", "2", "--frames", "2", "--format", "apng",
          "-o", "anim",
        ], "anim", "with an extension"
      ),
    ])
  func nonPNGOutput(arguments: [String], path: String, names: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(arguments, in: directory.url)
    #expect(result.status == 64)
    #expect(
      result.errorLines.first
        == "layerfx: error: -o \(path): layerfx writes PNG only; name the output \(names)")
    #expect(try directory.contents().isEmpty)
  }

  @Test(
    "an animation's -o naming another image or video format is refused, exit 64, not a folder",
    arguments: ["x.gif", "x.JPG", "x.jpeg", "x.webp", "x.tiff", "x.bmp", "x.mp4"])
  func animationNamedAsOther(path: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(
      ["ripple", "testcard:8x8", "--fps", "2", "--frames", "2", "-o", path], in: directory.url)
    #expect(result.status == 64)
    #expect(
      result.usageErrorLines == [
        "layerfx: error: -o \(path): layerfx writes PNG only; name the output DIR/ (a folder of "
          + "PNG frames) or OUT.apng (an animated PNG)"
      ])
    #expect(try directory.contents().isEmpty)
  }

  @Test("a folder of frames is written under a name without an image extension, or with a slash")
  func animationFolderNames() throws {
    let directory = try TemporaryDirectory()
    for name in ["frames", "out.d", "x.gif/"] {
      let result = try LayerFXTool.run(
        ["ripple", "testcard:8x8", "--fps", "2", "--frames", "2", "-o", name], in: directory.url)
      #expect(result.status == 0, "\(name): \(result.errorLines)")
      #expect(
        try FileManager.default.contentsOfDirectory(
          atPath: directory.url.appendingPathComponent(name).path
        ).sorted() == ["frame_0000.png", "frame_0001.png"])
    }
  }

  @Test("an output named .PNG in capitals is written, and an animated PNG under any extension")
  func pngOutputNames() throws {
    let directory = try TemporaryDirectory()
    for name in ["out.PNG"] {
      let result = try LayerFXTool.run(
        ["apply", "grayscale", "testcard:8x8", "-o", name], in: directory.url)
      #expect(result.status == 0, "\(result.errorLines)")
    }
    for name in ["a.apng", "a.bin", "/dev/null"] {
      let result = try LayerFXTool.run(
        [
          "apply", "grayscale", "testcard:8x8", "--fps", "2", "--frames", "2", "--format",
          "apng", "-o", name,
        ], in: directory.url)
      #expect(result.status == 0, "\(name): \(result.errorLines)")
    }
    #expect(try directory.contents().sorted() == ["a.apng", "a.bin", "out.PNG"])
  }

  @Test(
    "--format raw -o r.png or r.APNG is a usage error, as timeline's --png x.svg is",
    arguments: [("r.png", "a PNG file"), ("r.APNG", "an animated PNG file")])
  func rawNamedAsPNG(path: String, kind: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(
      ["ripple", "testcard:8x8", "--fps", "2", "--frames", "2", "--format", "raw", "-o", path],
      in: directory.url)
    #expect(result.status == 64)
    let expected: String =
      "layerfx: error: -o \(path): --format raw writes RGBA bytes with no header, not \(kind); "
      + "give -o OUT.raw (or --format apng for an animated PNG)"
    #expect(result.usageErrorLines == [expected])
    #expect(try directory.contents().isEmpty)
  }

  @Test(
    "--format apng or raw with -o naming another known format is a usage error naming both",
    arguments: [
      ("apng", "x.jpg", "a JPEG file"), ("apng", "x.JPEG", "a JPEG file"),
      ("apng", "x.gif", "a GIF file"), ("apng", "x.tif", "a TIFF file"),
      ("apng", "x.webp", "a WebP file"), ("apng", "x.bmp", "a BMP file"),
      ("apng", "x.raw", "a raw file"), ("raw", "r.tiff", "a TIFF file"),
      ("raw", "r.jpeg", "a JPEG file"), ("apng", "x.mp4", "an MP4 file"),
    ])
  func formatNamedAsOther(format: String, path: String, kind: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(
      ["ripple", "testcard:8x8", "--fps", "2", "--frames", "2", "--format", format, "-o", path],
      in: directory.url)
    #expect(result.status == 64)
    let writes = format == "apng" ? "an animated PNG file" : "RGBA bytes with no header"
    let instead = format == "apng" ? "OUT.apng (or OUT.png)" : "OUT.raw"
    let expected: String =
      "layerfx: error: -o \(path): --format \(format) writes \(writes), not \(kind); "
      + "give -o \(instead)"
    #expect(result.usageErrorLines == [expected])
    #expect(try directory.contents().isEmpty)
  }

  @Test("--format apng -o x.png writes an animated PNG: APNG files are .png by convention")
  func apngNamedPNG() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(
      ["ripple", "testcard:8x8", "--fps", "2", "--frames", "2", "--format", "apng", "-o", "x.png"],
      in: directory.url)
    #expect(result.status == 0, "\(result.errorLines)")
    let info = try PNGDecoder().inspect(contentsOf: directory.path("x.png"))
    // APNG specification: acTL before the first IDAT, one fcTL per frame.
    #expect(info.chunkNames.contains("acTL"))
    #expect(info.chunkNames.filter { $0 == "fcTL" }.count == 2)
  }

  @Test(
    "--max-sample-offset is refused, exit 64, for passes that never sample",
    arguments: [
      (
        ["apply", "grayscale", "testcard:8x8", "--max-sample-offset", "2,2", "-o", "x.png"],
        "grayscale is a colour effect"
      ),
      (
        [
          "apply", "testcard:8x8", "--effect", "grayscale", "--effect", "sepia", "--time", "0",
          "--max-sample-offset", "2,2", "-o", "x.png",
        ],
        "no pass of the chain is one"
      ),
    ])
  func maxSampleOffsetWithoutSampling(arguments: [String], what: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(arguments, in: directory.url)
    #expect(result.status == 64)
    #expect(
      result.errorLines.first
        == "layerfx: error: --max-sample-offset is taken only by layer and distortion effects; "
        + what)
    #expect(try directory.contents().isEmpty)
  }

  @Test("--max-sample-offset is still taken by a chain with one distortion effect in it")
  func maxSampleOffsetInMixedChain() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(
      [
        "apply", "testcard:8x8", "--effect", "grayscale", "--effect", "pixellate", "--time", "0",
        "--max-sample-offset", "2,2", "-o", "x.png",
      ], in: directory.url)
    #expect(result.status == 0, "\(result.errorLines)")
  }

  @Test("apply with an input and no kernel says the KERNEL is missing, with the other forms")
  func kernelForgotten() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(
      try LayerFXTool.run(["convert", "testcard:8x8", "-o", "c.png"], in: directory.url)
        .status == 0)
    for input in ["c.png", "testcard:8x8"] {
      let result = try LayerFXTool.run(["apply", input, "-o", "o.png"], in: directory.url)
      #expect(result.status == 64)
      #expect(
        result.usageErrorLines == [
          "layerfx: error: missing KERNEL before INPUT '\(input)': layerfx apply KERNEL \(input) "
            + "…, or layerfx apply \(input) --effect NAME …; 'layerfx list' lists the kernels"
        ])
    }
    // A kernel alone still lacks its INPUT.
    let kernel = try LayerFXTool.run(["apply", "ripple", "-o", "o.png"], in: directory.url)
    #expect(kernel.status == 64)
    #expect(
      kernel.errorLines.first
        == "layerfx: error: missing INPUT (a PNG file, - for standard input, or testcard:WxH)")
    #expect(try directory.contents() == ["c.png"])
  }

  @Test("a kernel before the input and an --effect chain together is a usage error naming both")
  func kernelWithChain() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // One form or the other: `apply KERNEL INPUT` or `apply INPUT --effect NAME…`.
    let result = try LayerFXTool.run(
      ["apply", "twirl", "testcard:8x8", "--effect", "sepia", "-o", "o.png"], in: directory.url)
    #expect(result.status == 64)
    #expect(
      result.usageErrorLines == [
        "layerfx: error: KERNEL 'twirl' cannot be used with --effect; give it as --effect twirl, "
          + "in the chain's order"
      ])
    #expect(try directory.contents().isEmpty)
  }

  @Test("list DIR is a usage error that points at --library DIR")
  func listFolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try LayerFXTool.run(["list", directory.path])
    #expect(result.status == 64)
    #expect(
      result.usageErrorLines == [
        "layerfx: error: '\(directory.path)' is a folder: name a .metal file, or the .metal "
          + "files below it with --library \(directory.path)"
      ])
  }

  // --library names a folder (new-user trial 17: a missing one was "cannot read: no such file",
  // and a file was read as a .metal file, "no [[ stitchable ]] functions"). Exit 66, as a
  // missing input or one that is not a regular file exits (InputFileError). --metal names one
  // .metal file: a folder was read as --library reads one, unseen; a missing file keeps the
  // library's "cannot read: no such file", as a missing input reads.
  @Test("--library naming no folder, or --metal naming one, says so, exit 66, on list and apply")
  func libraryNotFolder() throws {
    // lib/Tint.metal defines tint, which --library lib makes callable by name.
    let directory = try MetalLibraryCommandTests.library()
    defer { directory.remove() }
    let file =
      "layerfx: error: lib/Tint.metal: not a folder; --library takes a folder of .metal files, "
      + "and --metal lib/Tint.metal adds one file"
    let folder =
      "layerfx: error: lib: a folder; --metal takes one .metal file, and --library lib adds a "
      + "folder of them"
    for (option, path, expected) in [
      ("--library", "gone", "layerfx: error: gone: no such folder"),
      ("--library", "lib/Tint.metal", file), ("--metal", "lib", folder),
      ("--metal", "gone.metal", "layerfx: error: gone.metal: cannot read: no such file"),
    ] {
      for arguments in [
        ["list", option, path], ["apply", "tint", "testcard:8x8", option, path, "-o", "o.png"],
      ] {
        let result = try LayerFXTool.run(arguments, in: directory.url)
        #expect(result.status == 66, "\(arguments)")
        #expect(result.errorLines == [expected], "\(arguments)")
      }
    }
    #expect(try directory.contents() == ["lib"])
  }

  // list takes one FILE.metal: after it, the second argument is the one not taken (the trial's
  // 'list a.metal b.metal' named a.metal), and a second .metal file joins with --metal.
  @Test("list with a second file names that file and points at --metal")
  func listTwoFiles() throws {
    let directory = try TemporaryDirectory()
    let source = "[[ stitchable ]] half4 Keep(float2 position, half4 color) { return color; }\n"
    for name in ["a.metal", "b.metal"] {
      try source.write(toFile: directory.path(name), atomically: true, encoding: .utf8)
    }
    let two = try LayerFXTool.run(["list", "a.metal", "b.metal"], in: directory.url)
    #expect(two.status == 64)
    #expect(
      two.usageErrorLines == [
        "layerfx: error: unexpected argument 'b.metal': list takes one FILE.metal; add others to "
          + "its library with --metal b.metal"
      ])
    let other = try LayerFXTool.run(["list", "a.metal", "notes.txt"], in: directory.url)
    #expect(other.status == 64)
    #expect(other.usageErrorLines == ["layerfx: error: unexpected argument 'notes.txt'"])
  }

  @Test("render --fps into an .apng, - or a .png is a usage error, 64, never a folder of that name")
  func fillAnimationOutput() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (path, named) in [
      ("r.apng", "an animated PNG file"), ("-", "a stream"), ("r.png", "a PNG file"),
      ("r.raw", "a raw file"),
    ] {
      let result = try LayerFXTool.run(
        ["render", "radialGradient", "--size", "8x8", "--fps", "10", "--frames", "2", "-o", path],
        in: directory.url)
      #expect(result.status == 64, "\(path)")
      let expected: String =
        "layerfx: error: -o \(path) names \(named), but a fill's animation writes a directory "
        + "of frames: give -o DIR/"
      #expect(result.usageErrorLines?.first == expected, "\(path)")
    }
    #expect(try directory.contents().isEmpty)
  }

  // The README's outputs table: a PNG sequence is chosen for any -o but NAME.apng and the
  // streams, and '--format raw -o FILE' writes raw frames to a file; '-o x.raw' alone made a
  // folder named x.raw, as '--format png-sequence -o x.apng' made one named x.apng. A name
  // ending in a one-file format's extension is refused for a directory of frames, naming the
  // option that writes that file.
  @Test("an animation's frame directory named like a raw or APNG file is a usage error")
  func frameDirectoryNamedAsFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let animation = ["ripple", "testcard:8x8", "--fps", "10", "--frames", "2"]
    for (options, named, flag) in [
      (["-o", "x.raw"], "x.raw names a raw file", "--format raw"),
      (["-o", "x.RAW"], "x.RAW names a raw file", "--format raw"),
      (
        ["--format", "png-sequence", "-o", "x.apng"], "x.apng names an animated PNG file",
        "--format apng"
      ),
    ] {
      let result = try LayerFXTool.run(animation + options, in: directory.url)
      #expect(result.status == 64, "\(options)")
      let expected: String =
        "layerfx: error: -o \(named), but an animation writes a directory of frames: give "
        + "-o DIR/ (or \(flag) for one file)"
      #expect(result.usageErrorLines == [expected], "\(options)")
    }
    #expect(try directory.contents().isEmpty)
    // With the format named, the file holds 2 frames of 8 × 8 × 4 bytes (README: width ×
    // height × 4 bytes per frame, no header).
    let raw = try LayerFXTool.run(
      animation + ["--format", "raw", "-o", "x.raw"], in: directory.url)
    #expect(raw.status == 0, "\(raw.standardError)")
    let size = try FileManager.default.attributesOfItem(atPath: directory.path("x.raw"))[.size]
    #expect(size as? Int == 2 * 8 * 8 * 4)
  }

  @Test("a folder named as FILE.metal is the same usage error, for list and a function's file")
  func metalFolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.path("dir.metal"), withIntermediateDirectories: false)
    let expected: String =
      "layerfx: error: 'dir.metal' is a folder: name a .metal file, or the .metal files below "
      + "it with --library dir.metal"
    for arguments in [
      ["list", "dir.metal"], ["apply", "dir.metal:F", "testcard:8x8", "-o", "o.png"],
    ] {
      let result = try LayerFXTool.run(arguments, in: directory.url)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.errorLines.first == expected, "\(arguments)")
      #expect(result.errorLines.count == 2, "\(arguments)")
    }
    #expect(try directory.contents() == ["dir.metal"])
  }

  @Test("a .metal file over 16 MiB is bad data, 65, as a PNG over its limit is")
  func metalTooLarge() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("big.metal")
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    // 16 MiB = 16777216 bytes is the limit; one byte more, all a hole.
    #expect(truncate(path, 16_777_217) == 0)
    for arguments in [
      ["list", "big.metal"], ["apply", "big.metal:F", "testcard:8x8", "-o", "o.png"],
    ] {
      let result = try LayerFXTool.run(arguments, in: directory.url)
      #expect(result.status == 65, "\(arguments)")
      #expect(
        result.errorLines == [
          "layerfx: error: big.metal: file too large (16777217 bytes, limit 16777216)"
        ], "\(arguments)")
    }
    #expect(try directory.contents() == ["big.metal"])
  }

  @Test("an unknown command exits 64")
  func unknownCommand() throws {
    let result = try LayerFXTool.run(["ripples"])
    #expect(result.status == 64)
    #expect(
      result.errorLines.first
        == "layerfx: error: unknown command 'ripples'; did you mean 'ripple'?")
  }

  @Test(
    "a misspelt --overlay name gets the closest overlay, as the config's debug.overlays does",
    arguments: [
      // One letter dropped from "origins"; the config says "did you mean origins?".
      ("orgins", "; did you mean 'origins'?"),
      // The first unknown name of the list is the one suggested for.
      ("tiles, bonds", "; did you mean 'bounds'?"),
      // Nothing within a third of its letters: no suggestion.
      ("zzzzzz", ""),
    ])
  func overlaySuggestion(list: String, suggestion: String) throws {
    let result = try Self.overlayRefused(list)
    #expect(
      result.errorLines.first
        == "layerfx: error: invalid value '\(list)' for '--overlay': expected a comma-separated "
        + "list of origins, displacement, bounds, tiles" + suggestion)
  }

  /// Runs `ripple testcard:8x8 --time 0 --overlay LIST -o DIR/o.png` and expects exit 64 with
  /// nothing written; returns the run, for its lines.
  private static func overlayRefused(
    _ list: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> LayerFXTool.Result {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--time", "0", "--overlay", list, "-o", directory.path("o.png"),
    ])
    #expect(result.status == 64, sourceLocation: sourceLocation)
    #expect(try directory.contents().isEmpty, sourceLocation: sourceLocation)
    return result
  }

  // Before, accepted without a word (trial 13, Q13): the overlays are a set, so a second
  // mention draws nothing more and is likely a slip for another name.
  @Test(
    "a name given twice in --overlay is a usage error naming it",
    arguments: [
      ("origins,origins", "origins"), ("tiles, bounds,tiles", "tiles"),
      ("bounds,origins,bounds,origins", "bounds"),
    ])
  func overlayRepeated(list: String, repeated: String) throws {
    let result = try Self.overlayRefused(list)
    let expected: String =
      "layerfx: error: invalid value '\(list)' for '--overlay': '\(repeated)' is given twice; "
      + "expected a comma-separated list of origins, displacement, bounds, tiles"
    #expect(result.usageErrorLines == [expected])
  }

  @Test(
    "a misspelt --format, --half or --for name gets the closest one (one letter off)",
    arguments: [
      (
        ["ripple", "testcard:8x8", "--fps", "2", "--frames", "2", "--format", "apgn", "-o", "f/"],
        "invalid value 'apgn' for '--format': expected png-sequence, apng, contact-sheet, raw; "
          + "did you mean 'apng'?"
      ),
      (
        [
          "apply", "Grayscale.metal:Grayscale", "testcard:8x8", "--arg", "amount=1", "--half",
          "binay16", "-o", "o.png",
        ],
        "invalid value 'binay16' for '--half': expected float or binary16; did you mean "
          + "'binary16'?"
      ),
      (
        ["config", "check", "c.json", "--for", "aply"],
        "invalid value 'aply' for '--for': expected ripple, apply, render; did you mean 'apply'?"
      ),
    ])
  func nameSuggestion(command: [String], message: String) throws {
    let directory = try TemporaryDirectory()
    try #"{"version": 1, "input": "testcard:8x8", "output": {"time": 0, "path": "o.png"}}"#
      .write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(
      atPath: TestData.packageRoot.appendingPathComponent("Shaders/ColorEffects/Grayscale.metal")
        .path, toPath: directory.path("Grayscale.metal"))
    let result = try LayerFXTool.run(command, in: directory.url)
    #expect(result.status == 64)
    #expect(result.errorLines.first == "layerfx: error: " + message)
    #expect(try directory.contents() == ["Grayscale.metal", "c.json"])
  }

  @Test("--format png suggests png-sequence, the format it starts, not apng one letter away")
  func formatStemSuggestion() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(
      ["ripple", "testcard:8x8", "--fps", "2", "--frames", "2", "--format", "png", "-o", "f/"],
      in: directory.url)
    #expect(result.status == 64)
    let expected: String =
      "layerfx: error: invalid value 'png' for '--format': expected png-sequence, apng, "
      + "contact-sheet, raw; did you mean 'png-sequence'?"
    #expect(result.errorLines.first == expected)
    #expect(try directory.contents().isEmpty)
  }

  @Test(
    "--half with built-in kernels only is refused (exit 64): it applies to .metal functions",
    arguments: [
      (["apply", "grayscale", "testcard:8x8", "--half", "binary16", "-o", "o.png"], "binary16"),
      (
        ["apply", "testcard:8x8", "--effect", "grayscale", "--half", "float", "-o", "o.png"],
        "float"
      ),
      (
        ["render", "checkerboard", "--size", "8x8", "--half", "binary16", "-o", "o.png"], "binary16"
      ),
      (["config", "dump", "ripple", "--half", "float"], "float"),
      (["config", "check", "c.json", "--half", "binary16"], "binary16"),
      (["apply", "--config", "c.json", "--half", "binary16"], "binary16"),
    ])
  func halfWithoutMetal(command: [String], half: String) throws {
    try expectMetalOptionRefused(
      command,
      "layerfx: error: --half \(half) applies to .metal functions only, and the command "
        + "names none")
  }

  /// Runs `command` in a folder holding a config `c.json` of a built-in test card and expects
  /// exit 64 with `line` first, nothing on standard output, and no file written.
  private func expectMetalOptionRefused(_ command: [String], _ line: String) throws {
    let directory = try TemporaryDirectory()
    try #"{"version": 1, "input": "testcard:8x8", "output": {"time": 0, "path": "o.png"}}"#
      .write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(command, in: directory.url)
    #expect(result.status == 64)
    #expect(result.errorLines.first == line)
    #expect(result.standardOutput.isEmpty)
    #expect(try directory.contents() == ["c.json"])
  }

  // The value was read only when .metal code compiled, so with built-in kernels alone
  // '--shader-timeout abc' (or nan, or 0) was taken without a word, exit 0 (new-user trial 15).
  @Test(
    "a bad --shader-timeout is refused (exit 64) with built-in kernels only too",
    arguments: [
      ["apply", "grayscale", "testcard:8x8", "--shader-timeout", "abc", "-o", "o.png"],
      ["apply", "testcard:8x8", "--effect", "grayscale", "--shader-timeout", "abc", "-o", "o.png"],
      ["render", "checkerboard", "--size", "8x8", "--shader-timeout", "abc", "-o", "o.png"],
      ["config", "dump", "ripple", "--shader-timeout", "abc"],
      ["config", "check", "c.json", "--shader-timeout", "abc"],
      ["apply", "--config", "c.json", "--shader-timeout", "abc"],
      ["tune", "c.json", "--once", "--shader-timeout", "abc"],
    ])
  func badShaderTimeoutWithoutMetal(command: [String]) throws {
    try expectMetalOptionRefused(
      command,
      "layerfx: error: invalid value 'abc' for '--shader-timeout': expected seconds greater "
        + "than 0 and at most 3600 (an hour)")
  }

  // Any finite number > 0 was taken: '--shader-timeout 1e30' on an endless loop ran forever
  // (new-user trial 15). The cap is an hour (DebugConfig.Debug.longestShaderTimeout), the
  // range Config.md and CommandLine.md state.
  @Test(
    "--shader-timeout above an hour, or nan, is refused (exit 64) before anything runs",
    arguments: [
      (["apply", "spin.metal:spin", "testcard:8x8", "--arg", "n=1"], "1e30"),
      (["apply", "spin.metal:spin", "testcard:8x8", "--arg", "n=1"], "3600.5"),
      (["apply", "grayscale", "testcard:8x8"], "3601"),
      (["render", "checkerboard", "--size", "8x8"], "nan"),
      (["apply", "--config", "c.json"], "1e30"),
    ] as [([String], String)])
  func shaderTimeoutAboveAnHour(command: [String], seconds: String) throws {
    try expectMetalOptionRefused(
      command + ["--shader-timeout", seconds]
        + (command.contains("--config") ? [] : ["-o", "o.png"]),
      "layerfx: error: invalid value '\(seconds)' for '--shader-timeout': expected seconds "
        + "greater than 0 and at most 3600 (an hour)")
  }

  @Test("--half is taken when a .metal function is on the command line or in the config")
  func halfWithMetal() throws {
    let directory = try TemporaryDirectory()
    let grayscale =
      TestData.packageRoot.appendingPathComponent("Shaders/ColorEffects/Grayscale.metal").path
    try """
    {"version": 1, "input": "testcard:8x8",
     "effects": [{"kernel": "\(grayscale):Grayscale", "amount": 1}],
     "output": {"time": 0, "path": "c.png"}}
    """.write(toFile: directory.path("c.json"), atomically: true, encoding: .utf8)
    let commands = [
      [
        "apply", "\(grayscale):Grayscale", "testcard:8x8", "--arg", "amount=1", "--half",
        "binary16", "-o", "a.png",
      ],
      ["apply", "--config", "c.json", "--half", "binary16"],
    ]
    for command in commands {
      let result = try LayerFXTool.run(command, in: directory.url)
      #expect(result.status == 0, "\(command): \(result.standardError)")
    }
    #expect(try directory.contents() == ["a.png", "c.json", "c.png"])
  }

  @Test("an output in a missing directory exits 73 and leaves nothing")
  func cannotWrite() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--time", "0.1", "-o", directory.path("no/such/dir/out.png"),
    ])
    #expect(result.status == 73)
    #expect(result.errorLines.count == 1)
    #expect(result.standardError.contains("no/such/dir/out.png"))
    #expect(try directory.contents().isEmpty)
  }

  @Test(
    "the input file is never overwritten",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func refusesToOverwriteInput() throws {
    let directory = try TemporaryDirectory()
    let copy = directory.path("in.png")
    try FileManager.default.copyItem(atPath: TestData.path("photos/camera.png"), toPath: copy)
    let before = try Data(contentsOf: URL(fileURLWithPath: copy))
    let result = try LayerFXTool.run(["convert", copy, "-o", copy])
    #expect(result.status == 73)
    #expect(
      result.errorLines == [
        "layerfx: error: \(copy): refusing to overwrite the input file; choose another output path"
      ])
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
  }

  @Test("apply refuses a fill, which draws without an input, and names the render command")
  func applyRefusesFill() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "apply", "noise", "testcard:8x8", "-o", directory.path("n.png"),
    ])
    #expect(result.status == 64)
    #expect(
      result.errorLines.first
        == "layerfx: error: 'noise' is a fill (it draws without an input); use 'layerfx render "
        + "noise --size WxH -o OUT.png'")
    #expect(try directory.contents().isEmpty)
  }

  @Test(
    "config dump refuses a second fill, which would replace the first as the config's one input",
    arguments: [
      ["checkerboard", "noise"], ["checkerboard", "sepia", "noise"],
      ["checkerboard", "checkerboard"],
    ])
  func dumpTwoFills(kernels: [String]) throws {
    let result = try LayerFXTool.run(["config", "dump"] + kernels)
    #expect(result.status == 64)
    let expected: String =
      "layerfx: error: config dump: checkerboard and \(kernels.last ?? "") are both fills, and "
      + "a config draws one fill as its input; name one"
    #expect(result.errorLines.first == expected)
    #expect(result.standardOutput.isEmpty)
  }
}
