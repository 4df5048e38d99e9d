import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

@testable import LayerFXCLI

/// The CLI frictions of issue 29: a still chain without --time, readable apply help, frame times
/// on contact sheets, timeline --png (tune's note on a value a keyframe track animates is in
/// LayerFXTuneTests' ConfigLeavesTests).
@Suite struct ApplyFrictionTests {
  @Test("a chain of static effects renders without --time, as one kernel does")
  func stillChain() throws {
    let directory = try TemporaryDirectory()
    let still = try LayerFXTool.run([
      "apply", "testcard:40x30", "--effect", "twirl", "--effect", "sepia",
      "-o", directory.path("still.png"),
    ])
    #expect(still.status == 0, "\(still.standardError)")
    // Nothing in the chain is on the clock, so the still is the frame at any time.
    let timed = try LayerFXTool.run([
      "apply", "testcard:40x30", "--effect", "twirl", "--effect", "sepia", "--time", "2",
      "-o", directory.path("timed.png"),
    ])
    #expect(timed.status == 0, "\(timed.standardError)")
    let a = FileManager.default.contents(atPath: directory.path("still.png"))
    #expect(a != nil && a == FileManager.default.contents(atPath: directory.path("timed.png")))
    // A ripple whose time is given is static too.
    let pinned = try LayerFXTool.run([
      "apply", "testcard:40x30", "--effect", "ripple:time=0.1", "--effect", "sepia",
      "-o", directory.path("pinned.png"),
    ])
    #expect(pinned.status == 0, "\(pinned.standardError)")
  }

  @Test("a chain with an effect on the clock still needs --time or --fps")
  func animatedChainNeedsTime() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "apply", "testcard:40x30", "--effect", "ripple", "--effect", "sepia",
      "-o", directory.path("x.png"),
    ])
    #expect(result.status == 64)
    #expect(
      result.errorLines.first
        == "layerfx: error: missing --time SECONDS (one frame) or --fps FPS (animation)")
    #expect(try directory.contents().isEmpty)
  }

  @Test("apply --help names kernels, .metal functions and chains, one form a line")
  func applyHelp() throws {
    let result = try LayerFXTool.run(["apply", "--help"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      Array(lines.prefix(4)) == [
        "Usage: layerfx apply KERNEL INPUT [--arg NAME=VALUE]... -o OUT.png [options]",
        "       layerfx apply KERNEL INPUT [--arg NAME=VALUE]... (--time SECONDS -o OUT.png | "
          + "--fps FPS -o DIR/) [options]",
        "       layerfx apply INPUT --effect EFFECT... [--time SECONDS] -o OUT.png [options]",
        "       layerfx apply INPUT --effect EFFECT... --fps FPS -o DIR/ [options]",
      ])
    #expect(
      lines[5]
        == "Apply a kernel (built-in or FILE.metal:FUNCTION) or a chain of effects to an image.")
    // A usage error shows the first form and where the others are, on one line.
    let error = try LayerFXTool.run(["apply"])
    #expect(
      error.errorLines.last
        == "Usage: layerfx apply KERNEL INPUT [--arg NAME=VALUE]... -o OUT.png [options] "
        + "(other forms: layerfx apply --help)")
  }

  @Test("a contact sheet carries each frame's time under it")
  func contactSheetTimes() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "apply", "testcard:60x10", "--effect", "grayscale", "--fps", "4", "--frames", "2",
      "--contact-sheet", "2", "-o", directory.path("sheet.png"),
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let sheet = try PNGDecoder().decode(contentsOf: directory.path("sheet.png")).image
    // Two 60 × 10 frames and a 14-pixel label strip: 124 × 24. Frame 1 is at 1 / 4 s: "0.25 s"
    // from x = 64 + 2; its '0' has the top-left font pixel set and the centre clear.
    #expect(sheet.width == 124 && sheet.height == 24)
    #expect(codes(sheet, 66, 12) == [255, 255, 255, 255])
    // The strip is 0.1 grey (half is Float here): 25.5 codes, rounded to 26.
    #expect(codes(sheet, 68, 14) == [26, 26, 26, 255])
    // Frame 0 is at 0 s: "0 s"; the space after '0' (x = 10…15) is strip grey.
    #expect(codes(sheet, 10, 12) == [26, 26, 26, 255])
  }

  @Test("timeline --png draws the chart's lines where the SVG puts them")
  func timelinePNG() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("config.json")
    try TimelineCommandTests.linear.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try LayerFXTool.run([
      "timeline", path, "--to", "1", "--step", "0.05", "--png", directory.path("chart.png"),
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let chart = try PNGDecoder().decode(contentsOf: directory.path("chart.png")).image
    // Three panels (time, amplitude, speed): 92 + 3 × (150 + 44) − 44 + 60 = 690 high.
    #expect(chart.width == 760 && chart.height == 690)
    // Amplitude (second panel, top 286, bottom 436, colour #d62728) is 15 at 0.5 s; its axis
    // runs 10…20 (step 5), so y = 436 − 0.5 × 150 = 361; x = 84 + 0.5 × 652 = 410.
    #expect(codes(chart, 410, 361) == [214, 39, 40, 255])
    #expect(codes(chart, 5, 5) == [255, 255, 255, 255])
  }
}

/// The 8-bit RGBA codes of the pixel at (x, y).
private func codes(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] {
  let all = PNGEncoder.rgba8(image)
  let start = 4 * (y * image.width + x)
  return Array(all[start..<start + 4])
}
