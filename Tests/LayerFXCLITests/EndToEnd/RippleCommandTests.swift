import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

@Suite struct RippleCommandTests {
  @Test("one frame of the test card is written as an 8-bit RGBA PNG of the card's size")
  func oneFrame() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", "testcard:64x48", "--time", "0.05", "-o", directory.path("out.png"),
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput.isEmpty && result.standardError.isEmpty)
    let info = try PNGDecoder().inspect(contentsOf: directory.path("out.png"))
    #expect(info.width == 64 && info.height == 48)
    #expect(info.colorType == .truecolorAlpha && info.bitDepth == 8)
    #expect(try directory.contents() == ["out.png"])
  }

  @Test(
    "at time 0 and at the duration the output is the decoded input exactly",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)),
    arguments: ["0", "3", "7.5"])
  func disabledOutsideDuration(time: String) throws {
    let directory = try TemporaryDirectory()
    let input = TestData.path("photos/coffee.png")
    let result = try LayerFXTool.run([
      "ripple", input, "--time", time, "-o", directory.path("out.png"),
    ])
    #expect(result.status == 0)
    let expected = try PNGDecoder().decode(contentsOf: input).image
    let actual = try PNGDecoder().decode(contentsOf: directory.path("out.png")).image
    #expect(actual.pixels == expected.pixels)
  }

  @Test("thread counts and tile sizes give byte-identical files")
  func deterministic() throws {
    let directory = try TemporaryDirectory()
    var files: [Data] = []
    // nil: no --tile-size, the default bands of whole rows.
    let tilings: [(String, String?)] = [
      ("1", "64"), ("2", "64"), ("2", "7"), ("3", "1"), ("1", nil), ("2", nil), ("3", nil),
    ]
    for (threads, tile) in tilings {
      let path = directory.path("t\(threads)-\(tile ?? "bands").png")
      let result = try LayerFXTool.run(
        [
          "ripple", "testcard:97x61", "--time", "0.1", "--origin", "30,20", "--threads", threads,
          "-o", path,
        ] + (tile.map { ["--tile-size", $0] } ?? []))
      #expect(result.status == 0, "\(result.standardError)")
      files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    #expect(Set(files).count == 1)
  }

  @Test("an animation writes frame k at k / fps over the duration")
  func animation() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", "testcard:40x30", "--fps", "10", "--duration", "0.45", "-o",
      directory.path("frames/"),
    ])
    #expect(result.status == 0, "\(result.standardError)")
    // 0.45 s at 10 fps: t = 0, 0.1, 0.2, 0.3, 0.4 → five frames.
    let frames = try FileManager.default.contentsOfDirectory(atPath: directory.path("frames"))
    #expect(frames.sorted() == (0..<5).map { String(format: "frame_%04d.png", $0) })
  }

  @Test("--frames overrides the count from the duration")
  func frameCount() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", "testcard:16x16", "--fps", "30", "--frames", "2", "-o", directory.path("f"),
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("f")).sorted() == [
        "frame_0000.png", "frame_0001.png",
      ])
  }

  @Test("--help names every option with its unit")
  func help() throws {
    let result = try LayerFXTool.run(["ripple", "--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("Usage: layerfx ripple INPUT"))
    for fragment in [
      "--time SECONDS", "--fps FPS", "--origin X,Y", "points", "radians per second",
      "--threads N", "-o, --output PATH",
    ] {
      #expect(result.standardOutput.contains(fragment), "missing \(fragment)")
    }
  }

  @Test("the ripple's parameter options and their help come from the kernel's declaration")
  func derivedOptions() throws {
    let result = try LayerFXTool.run(["ripple", "--help"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    // Units and defaults from Documentation/Semantics.md §5; suggested ranges, decay ≥ 0 and
    // speed > 0 as declared.
    for line in [
      "--amplitude POINTS largest displacement, points (default 12; suggested 4…24)",
      "--frequency RADIANS-PER-SECOND oscillation, radians per second (default 15; suggested 5…30)",
      "--decay PER-SECOND damping, per second (default 8; ≥ 0; suggested 2…15)",
      "--speed POINTS-PER-SECOND wave-front speed, points per second (default 1200; > 0; "
        + "suggested 300…3000)",
      "--tile-size PX edge of a square render tile, pixels (default: bands of whole rows, even "
        + "across threads)",
    ] {
      #expect(lines.contains(line), "missing \(line)")
    }
    // The taps drive origin and time, so those two are the command's own options, once each.
    #expect(lines.filter { $0.hasPrefix("--origin ") }.count == 1)
    #expect(lines.filter { $0.hasPrefix("--time ") }.count == 1)
  }

  @Test("a speed outside the declared range (> 0) is a usage error", arguments: ["0", "-300"])
  func speedOutOfRange(speed: String) throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", "testcard:8x8", "--time", "0.1", "--speed", speed, "-o", directory.path("out.png"),
    ])
    #expect(result.status == 64)
    #expect(
      result.errorLines.first
        == "layerfx: error: invalid value '\(speed)' for '--speed': expected a number > 0")
    #expect(result.errorLines.count == 2 && result.errorLines.last?.hasPrefix("Usage: ") == true)
    #expect(try directory.contents().isEmpty)
  }
}

@Suite struct ContactSheetTests {
  @Test("a contact sheet lays frames out in rows with a 4-pixel transparent gutter")
  func layout() throws {
    let directory = try TemporaryDirectory()
    let result = try LayerFXTool.run([
      "ripple", "testcard:20x10", "--fps", "50", "--frames", "3", "--contact-sheet", "2", "-o",
      directory.path("sheet.png"),
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let sheet = try PNGDecoder().decode(contentsOf: directory.path("sheet.png")).image
    // Three 20 × 10 frames, two per row, each with a 14-pixel time label under it:
    // 2 · 20 + 4 wide, 2 · (10 + 14) + 4 high.
    #expect(sheet.width == 44 && sheet.height == 52)
    // Frame 0 is at t = 0, when no ripple is drawn: the test card itself, top-left.
    let card = try PNGDecoder().decode(
      try PNGEncoder().encode(Image.testCard(width: 20, height: 10))
    ).image
    for y in 0..<10 {
      for x in 0..<20 { #expect(sheet[x, y] == card[x, y]) }
    }
    // The gutters and the fourth, unused cell are transparent.
    #expect(sheet[21, 3] == .zero && sheet[30, 40] == .zero && sheet[5, 25] == .zero)
  }

  @Test("a contact sheet needs --fps")
  func needsFPS() throws {
    let result = try LayerFXTool.run([
      "ripple", "testcard:20x10", "--time", "0.1", "--contact-sheet", "2", "-o", "/tmp/never.png",
    ])
    #expect(result.status == 64)
    #expect(result.errorLines.first == "layerfx: error: --contact-sheet needs --fps")
  }
}
