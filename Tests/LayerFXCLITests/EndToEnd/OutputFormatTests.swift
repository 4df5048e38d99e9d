import Foundation
import LayerFXTestSupport
import Testing

/// Reads an APNG and a PNG sequence with Pillow and prints, as JSON, the APNG's format, frame
/// count, each frame's duration (ms) and whether each frame's RGBA bytes equal the PNG's.
private let compareScript = """
  import json, sys
  from PIL import Image
  apng, directory, names = sys.argv[1], sys.argv[2], sys.argv[3:]
  image = Image.open(apng)
  result = {"format": image.format, "frames": image.n_frames, "durations": [], "equal": []}
  for index in range(image.n_frames):
      image.seek(index)
      result["durations"].append(image.info.get("duration"))
      frame = image.convert("RGBA").tobytes()
      still = Image.open(directory + "/" + names[index]).convert("RGBA").tobytes()
      result["equal"].append(frame == still)
  print(json.dumps(result))
  """

@Suite struct OutputFormatTests {
  struct Comparison: Decodable {
    var format: String
    var frames: Int
    var durations: [Double]
    var equal: [Bool]
  }

  @Test(
    "an APNG opens in Pillow with every frame, 1/fps delays and the PNG sequence's pixels",
    .enabled(if: Pillow.isAvailable, Pillow.missingMessage))
  func apngInPillow() throws {
    let directory = try TemporaryDirectory()
    let common = ["ripple", "testcard:40x30", "--fps", "12", "--frames", "6"]
    let animated = try LayerFXTool.run(common + ["-o", directory.path("ripple.apng")])
    #expect(animated.status == 0, "\(animated.standardError)")
    let still = try LayerFXTool.run(common + ["-o", directory.path("frames/")])
    #expect(still.status == 0, "\(still.standardError)")
    let names = (0..<6).map { "frame_000\($0).png" }
    let run = try Pillow.python(
      ["-c", compareScript, directory.path("ripple.apng"), directory.path("frames")] + names)
    #expect(run.status == 0)
    let result = try JSONDecoder().decode(Comparison.self, from: Data(run.output.utf8))
    #expect(result.format == "PNG")
    #expect(result.frames == 6)
    // 12 fps: 1/12 s = 83.333… ms per frame.
    #expect(result.durations.allSatisfy { abs($0 - 1000.0 / 12) < 1e-9 })
    #expect(result.equal == Array(repeating: true, count: 6))
    // A range's APNG holds that range's frames of the same render.
    let range = try LayerFXTool.run(
      common + ["--frame-range", "2..3", "-o", directory.path("range.apng")])
    #expect(range.status == 0, "\(range.standardError)")
    let rangeRun = try Pillow.python(
      ["-c", compareScript, directory.path("range.apng"), directory.path("frames")]
        + Array(names[2...3]))
    let rangeResult = try JSONDecoder().decode(Comparison.self, from: Data(rangeRun.output.utf8))
    #expect(rangeResult.frames == 2)
    #expect(rangeResult.equal == [true, true])
  }

  @Test("an APNG that cannot be created exits 73 naming the file, and leaves nothing")
  func apngCannotCreate() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("missing/out.apng")
    let result = try LayerFXTool.run([
      "ripple", "testcard:24x16", "--fps", "10", "--frames", "3", "-o", path,
    ])
    #expect(result.status == 73)
    #expect(
      result.errorLines == [
        "layerfx: error: \(path): cannot write file (No such file or directory)"
      ])
    #expect(try directory.contents().isEmpty)
  }

  @Test("--format apng names any file an APNG; --format raw writes RGBA bytes to a file or -")
  func explicitFormats() throws {
    let directory = try TemporaryDirectory()
    let common = ["ripple", "testcard:24x16", "--fps", "10", "--frames", "3"]
    let apng = try LayerFXTool.run(common + ["--format", "apng", "-o", directory.path("a.bin")])
    #expect(apng.status == 0, "\(apng.standardError)")
    let header = try Data(contentsOf: directory.url.appendingPathComponent("a.bin")).prefix(41)
    // The signature, IHDR (8 + 13 + 4 bytes), then acTL's length and name.
    #expect(Array(header.suffix(8)) == [0, 0, 0, 8] + Array("acTL".utf8))
    let stdout = try LayerFXTool.run(common + ["--format", "raw", "-o", "-"])
    #expect(stdout.status == 0)
    #expect(stdout.outputData.count == 3 * 24 * 16 * 4)
    let file = try LayerFXTool.run(common + ["--format", "raw", "-o", directory.path("v.rgba")])
    #expect(file.status == 0)
    #expect(
      try Data(contentsOf: directory.url.appendingPathComponent("v.rgba")) == stdout.outputData)
  }

  @Test("an unknown --format, or apng to standard output, is a usage error")
  func formatErrors() throws {
    let directory = try TemporaryDirectory()
    let common = ["ripple", "testcard:24x16", "--fps", "10", "--frames", "3"]
    let unknown = try LayerFXTool.run(
      common + ["--format", "gif", "-o", "x.gif"], in: directory.url)
    #expect(unknown.status == 64)
    #expect(
      unknown.errorLines.first
        == "layerfx: error: invalid value 'gif' for '--format': expected png-sequence, apng, "
        + "contact-sheet, raw")
    let standardOutput = try LayerFXTool.run(common + ["--format", "apng", "-o", "-"])
    #expect(standardOutput.status == 64)
    #expect(try directory.contents().isEmpty)
  }

  @Test("--overlay prints its legend on standard error and changes the frame")
  func overlayLegend() throws {
    let directory = try TemporaryDirectory()
    let arguments = ["ripple", "testcard:48x32", "--tap", "24,16@0", "--time", "0.3"]
    let plain = try LayerFXTool.run(arguments + ["-o", directory.path("plain.png")])
    #expect(plain.status == 0, "\(plain.standardError)")
    let marked = try LayerFXTool.run(
      arguments + ["--overlay", "origins,displacement", "-o", directory.path("marked.png")])
    #expect(marked.status == 0, "\(marked.standardError)")
    #expect(
      marked.errorLines.contains { $0.hasPrefix("layerfx: overlay: displacement: blue 0 pt") })
    let plainBytes = try Data(contentsOf: directory.url.appendingPathComponent("plain.png"))
    let markedBytes = try Data(contentsOf: directory.url.appendingPathComponent("marked.png"))
    #expect(plainBytes != markedBytes)
  }
}
