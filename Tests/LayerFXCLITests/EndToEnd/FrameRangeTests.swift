import Foundation
import LayerFXTestSupport
import Testing

@Suite struct FrameRangeTests {
  @Test("two frame ranges give, byte for byte, the frames and names of one full render")
  func rangesEqualFullRender() throws {
    let directory = try TemporaryDirectory()
    let common = ["ripple", "testcard:32x24", "--fps", "10", "--frames", "12"]
    let full = try LayerFXTool.run(common + ["-o", directory.path("full/")])
    #expect(full.status == 0, "\(full.standardError)")
    for range in ["0..4", "5.."] {
      let part = try LayerFXTool.run(
        common + ["--frame-range", range, "-o", directory.path("parts/")])
      #expect(part.status == 0, "\(part.standardError)")
    }
    let manager = FileManager.default
    let names = try manager.contentsOfDirectory(atPath: directory.path("full")).sorted()
    // 12 frames: frame_0000.png … frame_0011.png, as the full schedule names them.
    #expect(names == (0..<12).map { String(format: "frame_%04d.png", $0) })
    #expect(try manager.contentsOfDirectory(atPath: directory.path("parts")).sorted() == names)
    for name in names {
      let a = try Data(contentsOf: directory.url.appendingPathComponent("full/" + name))
      let b = try Data(contentsOf: directory.url.appendingPathComponent("parts/" + name))
      #expect(a == b, "\(name)")
    }
  }

  @Test("a range renders only its frames; one past the last frame is a usage error")
  func onlyTheRange() throws {
    let directory = try TemporaryDirectory()
    let common = ["ripple", "testcard:16x12", "--fps", "10", "--frames", "12"]
    let part = try LayerFXTool.run(
      common + ["--frame-range", "10..11", "-o", directory.path("f/")])
    #expect(part.status == 0, "\(part.standardError)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("f")).sorted() == [
        "frame_0010.png", "frame_0011.png",
      ])
    let beyond = try LayerFXTool.run(
      common + ["--frame-range", "5..12", "-o", directory.path("g/")])
    #expect(beyond.status == 64)
    #expect(
      beyond.errorLines.first
        == "layerfx: error: invalid value '5..12' for '--frame-range': expected frames from 0 to "
        + "11 (the animation has 12 frames)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("g")))
    let single = try LayerFXTool.run([
      "ripple", "testcard:16x12", "--fps", "10", "--frames", "1", "--frame-range", "1..1", "-o",
      directory.path("s/"),
    ])
    #expect(
      single.errorLines.first
        == "layerfx: error: invalid value '1..1' for '--frame-range': expected frames from 0 to "
        + "0 (the animation has 1 frame)")
    let malformed = try LayerFXTool.run(
      common + ["--frame-range", "5-7", "-o", directory.path("h/")])
    #expect(malformed.status == 64)
  }
}
