import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// `config dump FILE.metal:FUNCTION[:P=V,...]` writes a config that checks and renders as
/// printed: a parameter the `.metal` file has no default for is given, never invented, and a
/// fill keeps its `.metal` path.
@Suite struct ConfigDumpRoundTripTests {
  /// A fill whose red channel is `k × x / width` at pixel centres, with no default for `k`.
  static let ramp =
    "[[ stitchable ]] half4 ramp(float2 position, float2 size, float k) "
    + "{ return half4(half(position.x / size.x * k), 0, 0, 1); }\n"

  @Test("a .metal parameter without a default is refused by dump, naming it and the syntax")
  func missingValueRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.ramp.write(toFile: directory.path("ramp.metal"), atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run(["config", "dump", "ramp.metal:ramp"], in: directory.url)
    #expect(result.status == 64)
    #expect(
      result.errorLines.first
        == "layerfx: error: ramp.metal:ramp: k has no default; give it after the function, "
        + "ramp.metal:ramp:k=VALUE")
    #expect(result.outputData.isEmpty)
  }

  // The items after KERNEL: are config dump's operands, not an option: the trial found them
  // named '--dump', an option the command does not have.
  @Test("a bad argument after a dumped kernel is named as config dump's, exit 64")
  func badArgumentNamesConfigDump() throws {
    let cases: [(operand: String, message: String)] = [
      (
        "twirl:angle=x",
        "invalid value 'angle=x' for 'config dump': expected a finite number"
      ),
      (
        "twirl:",
        "invalid value 'twirl:' for 'config dump': expected P=V,... after the colon, or no colon"
      ),
      // As --effect names them (EffectOffsetTests), in config dump's words: the trial found
      // 'config dump angle given more than once' and '--effect sepia:maxSampleOffset=1,1: …'.
      ("twirl:angle=1,angle=2", "config dump twirl: angle given more than once; give it once"),
      (
        "twirl:maxSampleOffset=1,1,maxSampleOffset=2,2",
        "config dump twirl: maxSampleOffset given more than once; give it once"
      ),
      (
        "sepia:maxSampleOffset=1,1",
        "config dump sepia:maxSampleOffset=1,1: only layer and distortion effects take a "
          + "maxSampleOffset; sepia is a colour effect"
      ),
      (
        "twirl:maxSampleOffset=-1,1",
        "invalid value 'twirl:maxSampleOffset=-1,1' for 'config dump': -1 is below 0; expected "
          + "X,Y, two finite numbers ≥ 0 (points)"
      ),
    ]
    for (operand, message) in cases {
      let result = try LayerFXTool.run(["config", "dump", operand])
      #expect(result.status == 64, "\(operand)")
      #expect(result.usageErrorLines == ["layerfx: error: \(message)"])
      #expect(result.outputData.isEmpty)
    }
    // A .metal function is named as typed, its file kept.
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try "[[ stitchable ]] half4 crash(float2 position, half4 color, float d) { return color; }\n"
      .write(toFile: directory.path("crash.metal"), atomically: true, encoding: .utf8)
    let metal = [
      (
        "crash.metal:crash:d=1,maxSampleOffset=1,1",
        "config dump crash.metal:crash:maxSampleOffset=1,1: only layer and distortion effects "
          + "take a maxSampleOffset; crash is a colour effect"
      ),
      (
        "crash.metal:crash:d=1,d=2",
        "config dump crash.metal:crash: d given more than once; give it once"
      ),
    ]
    for (operand, message) in metal {
      let result = try LayerFXTool.run(["config", "dump", operand], in: directory.url)
      #expect(result.status == 64, "\(operand)")
      #expect(result.usageErrorLines == ["layerfx: error: \(message)"], "\(operand)")
      #expect(result.outputData.isEmpty)
    }
  }

  // The trial's dump of a function with a texture2d parameter left the image out, so the dump
  // did not check ("mask has no value"). The image's PNG file is written with an absolute path,
  // as the .metal file's is; the shader draws opaque red exactly when its texture is 6 × 2 (the
  // file given), blue otherwise. A config names an image by its file only: - and testcard:WxH
  // are refused.
  @Test("dump keeps an image argument's PNG file: the dump checks and renders with that image")
  func imageArgumentDumped() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let image = try Self.imageRoundTrip("tex.metal:Tex", command: "apply", in: directory)
    #expect(image.pixels.allSatisfy { $0.x == 1 && $0.y == 0 && $0.z == 0 && $0.w == 1 })
    for value in ["-", "testcard:6x2"] {
      let refused = try LayerFXTool.run(
        ["config", "dump", "tex.metal:Tex:t=\(value)"], in: directory.url)
      #expect(refused.status == 64)
      #expect(
        refused.usageErrorLines == [
          "layerfx: error: invalid value 't=\(value)' for 'config dump': expected a PNG file: a "
            + "config names an image argument by its file"
        ])
      #expect(refused.outputData.isEmpty)
    }
  }

  // A fill's image argument was left out of the dump ("input" held only fill and pixels), so
  // the dump did not check: "argument 't' (image) is required". It is written as an effect's
  // is, the absolute PNG path; the fill draws opaque red exactly when its texture is the 6 × 2
  // file given, blue otherwise.
  @Test("dump keeps a fill's image argument: the dump checks and renders with that image")
  func fillImageArgumentDumped() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let image = try Self.imageRoundTrip("tex.metal:TexFill", command: "render", in: directory)
    #expect(image.width == 512 && image.height == 384)
    #expect(image.pixels.allSatisfy { $0.x == 1 && $0.y == 0 && $0.z == 0 && $0.w == 1 })
  }

  /// Writes `tex.metal` (a color effect `Tex` and a fill `TexFill`, each opaque red exactly
  /// when its texture `t` is 6 × 2, blue otherwise) and the 6 × 2 test card as `six.png` into
  /// `directory`; dumps `KERNEL:t=six.png`, expects the dump to name the PNG by its absolute
  /// path, checks it and renders it with `layerfx COMMAND --config c.json -o o.png`.
  ///
  /// - Returns: The image rendered.
  static func imageRoundTrip(_ kernel: String, command: String, in directory: TemporaryDirectory)
    throws -> Image
  {
    try """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 Tex(float2 position, half4 color, texture2d<half> t) {
      return t.get_width() == 6 && t.get_height() == 2 ? half4(1, 0, 0, 1) : half4(0, 0, 1, 1);
    }
    [[ stitchable ]] half4 TexFill(float2 position, texture2d<half> t) {
      return t.get_width() == 6 && t.get_height() == 2 ? half4(1, 0, 0, 1) : half4(0, 0, 1, 1);
    }
    """.write(toFile: directory.path("tex.metal"), atomically: true, encoding: .utf8)
    try Data(try PNGEncoder().encode(Image.testCard(width: 6, height: 2)))
      .write(to: URL(fileURLWithPath: directory.path("six.png")))
    let dump = try LayerFXTool.run(["config", "dump", kernel + ":t=six.png"], in: directory.url)
    #expect(dump.status == 0, "\(dump.standardError)")
    #expect(dump.standardOutput.contains("\"t\": \"\(directory.path("six.png"))\""))
    try dump.outputData.write(to: URL(fileURLWithPath: directory.path("c.json")))
    let check = try LayerFXTool.run(["config", "check", "c.json"], in: directory.url)
    #expect(check.status == 0, "\(check.standardError)")
    let render = try LayerFXTool.run(
      [command, "--config", "c.json", "-o", "o.png"], in: directory.url)
    #expect(render.status == 0, "\(render.standardError)")
    return try PNGDecoder().decode(contentsOf: directory.path("o.png")).image
  }

  @Test("dump → check → render of a .metal fill: its path is kept and its value drawn")
  func metalFillRoundTrip() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.ramp.write(toFile: directory.path("ramp.metal"), atomically: true, encoding: .utf8)
    let dump = try LayerFXTool.run(["config", "dump", "ramp.metal:ramp:k=1"], in: directory.url)
    #expect(dump.status == 0, "\(dump.standardError)")
    // Absolute, so the dump reads the same file wherever it is saved (getcwd: no symlinks).
    let folder = URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path
    #expect(dump.standardOutput.contains(#""fill": "\#(folder)/ramp.metal:ramp""#))
    #expect(dump.standardOutput.contains(#""k": 1"#))
    try dump.outputData.write(to: URL(fileURLWithPath: directory.path("c.json")))
    let check = try LayerFXTool.run(["config", "check", "c.json"], in: directory.url)
    #expect(check.status == 0, "\(check.standardError)")
    let render = try LayerFXTool.run(["render", "--config", "c.json"], in: directory.url)
    #expect(render.status == 0, "\(render.standardError)")
    let image = try PNGDecoder().decode(contentsOf: directory.path("out.png")).image
    #expect(image.width == 512 && image.height == 384)
    // Pixel 256's centre: 256.5 / 512 = 0.50098 → 127.75 of 255; 1 code for rounding.
    let red = Float(image.pixels[10 * 512 + 256].x) * 255
    #expect(abs(red - 127.75) <= 1)
  }

  @Test("a dump saved in another folder checks and renders from a third: .metal paths are absolute")
  func dumpSavedElsewhere() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let manager = FileManager.default
    for folder in ["a/fx", "b", "c"] {
      try manager.createDirectory(
        atPath: directory.path(folder), withIntermediateDirectories: true)
    }
    try Self.ramp.write(toFile: directory.path("a/ramp.metal"), atomically: true, encoding: .utf8)
    try manager.copyItem(
      atPath: TestData.packageRoot.appendingPathComponent("Shaders/ColorEffects/ColorInvert.metal")
        .path, toPath: directory.path("a/fx/ColorInvert.metal"))
    // Relative names, one with a "." component, given in a/.
    let dump = try LayerFXTool.run(
      ["config", "dump", "./ramp.metal:ramp:k=1", "fx/ColorInvert.metal:ColorInvert"],
      in: URL(fileURLWithPath: directory.path("a")))
    #expect(dump.status == 0, "\(dump.standardError)")
    let a = URL(fileURLWithPath: directory.path("a")).resolvingSymlinksInPath().path
    #expect(dump.standardOutput.contains(#""fill": "\#(a)/ramp.metal:ramp""#))
    #expect(dump.standardOutput.contains(#""kernel": "\#(a)/fx/ColorInvert.metal:ColorInvert""#))
    try dump.outputData.write(to: URL(fileURLWithPath: directory.path("b/c.json")))
    let c = URL(fileURLWithPath: directory.path("c"))
    let check = try LayerFXTool.run(["config", "check", "../b/c.json"], in: c)
    #expect(check.status == 0, "\(check.standardError)")
    #expect(check.standardOutput == "../b/c.json: ok (as layerfx apply --config runs it)\n")
    let render = try LayerFXTool.run(["apply", "--config", "../b/c.json", "-o", "o.png"], in: c)
    #expect(render.status == 0, "\(render.standardError)")
    let image = try PNGDecoder().decode(contentsOf: directory.path("c/o.png")).image
    #expect(image.width == 512 && image.height == 384)
    // Pixel 256: the ramp's red 256.5 / 512 = 0.50098, inverted (1 − c, W3C invert()) to
    // 0.49902 = 127.25 of 255; green and blue 0 inverted to 255. 1 code for rounding.
    let pixel = image.pixels[10 * 512 + 256]
    #expect(abs(Float(pixel.x) * 255 - 127.25) <= 1)
    #expect(abs(Float(pixel.y) * 255 - 255) <= 1 && abs(Float(pixel.z) * 255 - 255) <= 1)
  }

  @Test("a .metal layer effect dumped without maxSampleOffset is refused, naming what to give")
  func metalEffectWithoutOffset() throws {
    let ripple = TestData.packageRoot.appendingPathComponent("Shaders/LayerEffects/Ripple.metal")
    let kernel = ripple.path + ":Ripple"
    let dump = try LayerFXTool.run([
      "config", "dump", kernel + ":origin=256,192,amplitude=12,frequency=15,decay=8,speed=1200",
    ])
    #expect(dump.status == 64)
    #expect(dump.standardOutput.isEmpty)
    let expected: String =
      "layerfx: error: \(kernel): a layer effect that declares no maxSampleOffset (a "
      + ".metal function cannot), as SwiftUI's layerEffect(_:maxSampleOffset:) requires; give "
      + "it after the function, \(kernel):maxSampleOffset=X,Y (points; to measure one, render "
      + "with --check-bounds)"
    #expect(dump.errorLines.first == expected)
  }

  @Test("dump → check → apply of Ripple.metal with its values matches the built-in ripple's dump")
  func metalEffectRoundTrip() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let ripple = TestData.packageRoot.appendingPathComponent("Shaders/LayerEffects/Ripple.metal")
    // The built-in ripple's defaults (layerfx list) at the test card's centre.
    let dump = try LayerFXTool.run([
      "config", "dump",
      ripple.path
        + ":Ripple:origin=256,192,amplitude=12,frequency=15,decay=8,speed=1200,"
        + "maxSampleOffset=12,12",
    ])
    #expect(dump.status == 0, "\(dump.standardError)")
    // A .metal function declares no maxSampleOffset; the ripple's is its amplitude, given with
    // the function, so the dump checks and renders as printed.
    #expect(
      dump.standardOutput.replacingOccurrences(of: " ", with: "")
        .replacingOccurrences(of: "\n", with: "").contains(#""maxSampleOffset":[12,12]"#))
    try dump.standardOutput.write(
      toFile: directory.path("m.json"), atomically: true, encoding: .utf8)
    let check = try LayerFXTool.run(["config", "check", "m.json"], in: directory.url)
    #expect(check.status == 0, "\(check.standardError)")
    let metal = try LayerFXTool.run(
      ["apply", "--config", "m.json", "-o", "m.png"], in: directory.url)
    #expect(metal.status == 0, "\(metal.standardError)")
    let builtIn = try LayerFXTool.run(
      ["ripple", "testcard:512x384", "--time", "0.15", "-o", "b.png"], in: directory.url)
    #expect(builtIn.status == 0, "\(builtIn.standardError)")
    let a = try PNGDecoder().decode(contentsOf: directory.path("m.png")).image
    let b = try PNGDecoder().decode(contentsOf: directory.path("b.png")).image
    // The compiled original agrees with its Swift port within 1 code (LayerFXMetalTests).
    let difference = compare(a, b, tolerance: 1.5 / 255)
    #expect(difference.mismatchFraction == 0, "\(difference)")
  }

  @Test("dump → check → apply of an effect over a fill draws the fill, then the effect")
  func effectOverFill() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let dump = try LayerFXTool.run(["config", "dump", "grayscale", "radialGradient"])
    #expect(dump.status == 0, "\(dump.standardError)")
    try dump.outputData.write(to: URL(fileURLWithPath: directory.path("c.json")))
    let check = try LayerFXTool.run(["config", "check", "c.json"], in: directory.url)
    #expect(check.status == 0, "\(check.standardError)")
    let chained = try LayerFXTool.run(["apply", "--config", "c.json"], in: directory.url)
    #expect(chained.status == 0, "\(chained.standardError)")
    // The same in two commands: the fill at the dump's size, then grayscale at t = 0.15.
    let fill = try LayerFXTool.run(
      ["render", "radialGradient", "--size", "512x384", "-o", "fill.png"], in: directory.url)
    let gray = try LayerFXTool.run(
      ["apply", "grayscale", "fill.png", "-o", "two.png"], in: directory.url)
    #expect(fill.status == 0 && gray.status == 0, "\(fill.standardError)\(gray.standardError)")
    let a = try PNGDecoder().decode(contentsOf: directory.path("out.png")).image
    let b = try PNGDecoder().decode(contentsOf: directory.path("two.png")).image
    // The fill goes through 8 bits between the two commands: 1 code of rounding.
    let difference = compare(a, b, tolerance: 1.5 / 255)
    #expect(difference.mismatchFraction == 0, "\(difference)")
  }

  @Test("a position or clock given after a built-in's name is dumped, and renders as the flags do")
  func givenRoleParameters() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let dump = try LayerFXTool.run(
      ["config", "dump", "ripple:origin=20,30,time=0.2"], in: directory.url)
    #expect(dump.status == 0, "\(dump.standardError)")
    try dump.outputData.write(to: URL(fileURLWithPath: directory.path("c.json")))
    let config = try LayerFXTool.run(
      ["apply", "--config", "c.json", "-o", "config.png"], in: directory.url)
    #expect(config.status == 0, "\(config.standardError)")
    // The same ripple from the command line: tapped at (20, 30), drawn 0.2 s after the tap.
    let flags = try LayerFXTool.run(
      ["ripple", "testcard:512x384", "--origin", "20,30", "--time", "0.2", "-o", "flags.png"],
      in: directory.url)
    #expect(flags.status == 0, "\(flags.standardError)")
    let fromConfig = try Data(contentsOf: URL(fileURLWithPath: directory.path("config.png")))
    let fromFlags = try Data(contentsOf: URL(fileURLWithPath: directory.path("flags.png")))
    #expect(fromConfig == fromFlags)
    let twirl = try LayerFXTool.run(["config", "dump", "twirl:center=10,10"], in: directory.url)
    #expect(twirl.standardOutput.contains(#""center": ["#))
  }
}
