import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// `layerfx render FILL`: fills rendered to new images, and every way to get it wrong.
@Suite struct RenderCommandTests {
  static let usage =
    "Usage: layerfx render FILL|FILE.metal:FILL --size WxH [--arg NAME=VALUE]... "
    + "(-o OUT.png [--time T] | --fps FPS -o DIR/) [options]"

  @Test("the testCard fill writes the same pixels as the built-in testcard: input")
  func testCardMatchesBuiltIn() throws {
    let directory = try TemporaryDirectory()
    let fill = try LayerFXTool.run([
      "render", "testCard", "--size", "67x45", "-o", directory.path("fill.png"),
    ])
    #expect(fill.status == 0)
    #expect(fill.standardError.isEmpty)
    let card = try LayerFXTool.run([
      "convert", "testcard:67x45", "-o", directory.path("card.png"),
    ])
    #expect(card.status == 0)
    let a = try PNGDecoder().decode(contentsOf: directory.path("fill.png")).image
    let b = try PNGDecoder().decode(contentsOf: directory.path("card.png")).image
    #expect(a.width == 67 && a.height == 45)
    #expect(a.pixels == b.pixels)
  }

  @Test(
    "every built-in fill renders at its defaults, at 1 × 1 and at 64 × 48 @2x",
    arguments: [
      "testCard", "checkerboard", "linearGradient", "radialGradient", "noise", "meshGradient",
    ])
  func everyFillRenders(name: String) throws {
    let directory = try TemporaryDirectory()
    for (size, scale) in [("1x1", "1"), ("64x48", "2")] {
      let result = try LayerFXTool.run([
        "render", name, "--size", size, "--scale", scale, "-o", directory.path("out.png"),
      ])
      #expect(result.status == 0, "\(name) \(size): \(result.standardError)")
      let image = try PNGDecoder().decode(contentsOf: directory.path("out.png")).image
      #expect("\(image.width)x\(image.height)" == size)
    }
  }

  @Test("named arguments reach the fill: a one-square checkerboard in the first colour")
  func namedArguments() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "render", "checkerboard", "--size", "8x8", "--arg", "squareSize=100",
      "--arg", "firstColor=0,0,1,1", "-o", directory.path("out.png"),
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let image = try PNGDecoder().decode(contentsOf: directory.path("out.png")).image
    #expect(image.pixels.allSatisfy { $0 == SIMD4<Float>(0, 0, 1, 1) })
  }

  @Test(
    "usage errors exit 64 with one message and the usage line, and write nothing",
    arguments: [
      (
        ["render", "chekerboard", "--size", "8x8"],
        "layerfx: error: no shader function named 'chekerboard'; did you mean 'checkerboard'?"
      ),
      (
        ["render", "boxBlur", "--size", "8x8"],
        "layerfx: error: 'boxBlur' is a layer effect, not a fill; use 'layerfx apply boxBlur INPUT'"
      ),
      (["render", "noise"], "layerfx: error: missing --size WxH: the image's size in pixels"),
      (
        ["render", "noise", "--size", "8x0"],
        "layerfx: error: invalid value '8x0' for '--size': expected WxH"
      ),
      (
        ["render", "noise", "--size", "8x8", "--arg", "cellSiz=3"],
        "layerfx: error: noise: no parameter named 'cellSiz'; did you mean 'cellSize'?"
      ),
      // The seed is a whole number (`layerfx list noise`), which the kernel rounds down: 0.5
      // would draw seed 0's pattern unseen.
      (
        ["render", "noise", "--size", "8x8", "--arg", "seed=0.5"],
        "layerfx: error: noise: argument 'seed' must be a whole number in 0…1000000, got 0.5"
      ),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run(arguments + ["-o", directory.path("out.png")])
    #expect(result.status == 64)
    #expect(result.errorLines.count == 2, "\(result.standardError)")
    #expect(result.errorLines.first?.hasPrefix(message) == true, "\(result.standardError)")
    #expect(result.errorLines.last == Self.usage)
    #expect(try directory.contents().isEmpty)
  }

  @Test("--time and --fps on a fill without a time parameter mean what they mean in apply")
  func clockWithoutTimeParameter() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let noise = ["render", "noise", "--size", "8x8"]
    #expect(try LayerFXTool.run(noise + ["-o", directory.path("still.png")]).status == 0)
    let still = try PNGDecoder().decode(contentsOf: directory.path("still.png")).image
    let atOne = try LayerFXTool.run(noise + ["--time", "1", "-o", directory.path("t1.png")])
    #expect(atOne.status == 0, "\(atOne.standardError)")
    #expect(
      try PNGDecoder().decode(contentsOf: directory.path("t1.png")).image.pixels == still.pixels)
    // --fps 10 over the default --duration of 3 s: ⌈3 × 10⌉ = 30 frames, in both commands.
    let fill = try LayerFXTool.run(noise + ["--fps", "10", "-o", directory.path("fill/")])
    #expect(fill.status == 0, "\(fill.standardError)")
    let effect = try LayerFXTool.run([
      "apply", "twirl", "testcard:8x8", "--fps", "10", "-o", directory.path("effect/"),
    ])
    #expect(effect.status == 0, "\(effect.standardError)")
    for folder in ["fill", "effect"] {
      let frames = try FileManager.default.contentsOfDirectory(atPath: directory.path(folder))
      #expect(frames.count == 30, "\(folder)")
    }
    let last = try PNGDecoder().decode(contentsOf: directory.path("fill/frame_0029.png")).image
    #expect(last.pixels == still.pixels)
  }

  @Test("a time given with --arg is kept beside --time, as apply keeps it")
  func pinnedTime() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try
      "[[ stitchable ]] half4 pulse(float2 position, float time) { return half4(time, 0, 0, 1); }\n"
      .write(toFile: directory.path("pulse.metal"), atomically: true, encoding: .utf8)
    let pulse = ["render", directory.path("pulse.metal") + ":pulse", "--size", "1x1"]
    // Red is the time: 0.75 × 255 = 191.25 → 191 on the clock; the given 0.25 → 63.75 → 64.
    for (extra, code) in [([String](), 191), (["--arg", "time=0.25"], 64)] {
      let result = try LayerFXTool.run(
        pulse + ["--time", "0.75"] + extra + ["-o", directory.path("out.png")])
      #expect(result.status == 0, "\(result.standardError)")
      let image = try PNGDecoder().decode(contentsOf: directory.path("out.png")).image
      #expect(image.pixels.map { Int(($0.x * 255).rounded()) } == [code])
    }
  }

  @Test("an image over --max-pixels is refused before anything is rendered (exit 64)")
  func pixelLimit() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "render", "noise", "--size", "100x100", "--max-pixels", "9999", "-o",
      directory.path("out.png"),
    ])
    // --size is a flag's value: a usage error, with the Usage: line.
    #expect(result.status == 64)
    #expect(
      result.errorLines.first
        == "layerfx: error: a 100 × 100 image has more than the limit of 9999 pixels; lower "
        + "--size or raise --max-pixels")
    #expect(try directory.contents().isEmpty)
  }
}
