import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// `layerfx ripple` with several taps and with keyframes.
@Suite struct RippleTapsTests {
  /// Decodes a PNG written by a run.
  func decode(_ path: String) throws -> Image { try PNGDecoder().decode(contentsOf: path).image }

  /// Runs `layerfx` and fails the test, showing standard error, unless it exits 0.
  @discardableResult
  func run(_ arguments: [String]) throws -> LayerFXTool.Result {
    let result = try LayerFXTool.run(arguments)
    #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.standardError)")
    return result
  }

  @Test(
    "a 3-tap ripple animation with a keyframed amplitude renders every frame of a real photo",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
  func threeTapsOnPhoto() throws {
    let directory = try TemporaryDirectory()
    let config = directory.path("amplitude.json")
    try #"""
    {"version": 1, "duration": 0.35, "keyframes": {"amplitude": [
      {"type": "move", "value": 20},
      {"type": "spring", "value": 6, "duration": 0.3, "springDuration": 0.5, "bounce": 0.3}]}}
    """#.write(toFile: config, atomically: true, encoding: .utf8)
    let input = TestData.path("photos/coffee.png")
    try run([
      "ripple", input, "--tap", "150,100@0", "--tap", "450,300@0.1", "--tap", "300,200@0.2",
      "--keyframes", config, "--fps", "10", "-o", directory.path("frames"),
    ])
    // The last tap starts at 0.2 s and its timeline lasts 0.35 s: ⌈0.55 × 10⌉ = 6 frames,
    // t = 0, 0.1, …, 0.5.
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path("frames"))
    #expect(names.sorted() == (0..<6).map { String(format: "frame_%04d.png", $0) })
    let original = try decode(input)
    for k in 0..<6 {
      let frame = try decode(directory.path("frames/" + String(format: "frame_%04d.png", k)))
      #expect(frame.width == 600 && frame.height == 400)
      // At t = 0 no ripple has time > 0, so the frame is the input; from t = 0.1 to 0.5 at
      // least one tap's time lies in (0, 0.35).
      if k == 0 {
        #expect(frame.pixels == original.pixels)
      } else {
        #expect(frame.pixels != original.pixels, "frame \(k) equals the input")
      }
    }
  }

  @Test("taps at different times give a different frame from a single tap")
  func tapsDiffer() throws {
    let directory = try TemporaryDirectory()
    let common = ["--time", "0.3", "--tile-size", "16"]
    try run(
      ["ripple", "testcard:97x61", "--tap", "30,20@0", "-o", directory.path("one.png")] + common)
    try run(
      [
        "ripple", "testcard:97x61", "--tap", "30,20@0", "--tap", "70,40@0.1", "--tap", "50,50@0.2",
        "-o", directory.path("three.png"),
      ] + common)
    // A tap that starts after the frame's time adds nothing.
    try run(
      [
        "ripple", "testcard:97x61", "--tap", "30,20@0", "--tap", "70,40@5",
        "-o", directory.path("later.png"),
      ] + common)
    let one = try decode(directory.path("one.png"))
    #expect(try decode(directory.path("three.png")).pixels != one.pixels)
    #expect(try decode(directory.path("later.png")).pixels == one.pixels)
  }

  @Test("overlapping taps give byte-identical files for any thread count and tile size")
  func deterministic() throws {
    let directory = try TemporaryDirectory()
    var files: [Data] = []
    // nil: no --tile-size, the default bands of whole rows.
    let tilings: [(String, String?)] = [("1", "64"), ("2", "7"), ("3", "1"), ("2", nil)]
    for (threads, tile) in tilings {
      let path = directory.path("t\(threads)-\(tile ?? "bands").png")
      try run(
        [
          "ripple", "testcard:97x61", "--tap", "30,20@0", "--tap", "70,40@0.05", "--time", "0.1",
          "--threads", threads, "-o", path,
        ] + (tile.map { ["--tile-size", $0] } ?? []))
      files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    #expect(Set(files).count == 1)
  }

  @Test("two overlapping taps are two ripple passes in tap order, like two chained applies")
  func composition() throws {
    let directory = try TemporaryDirectory()
    try run([
      "ripple", "testcard:97x61", "--tap", "30,20@0", "--tap", "70,40@0.1", "--time", "0.2",
      "-o", directory.path("taps.png"),
    ])
    // The same passes by hand: tap A 0.2 s after it landed, then tap B 0.1 s after it landed
    // on A's output (16-bit in between so the intermediate loses almost nothing).
    func chain(_ first: String, _ firstTime: String, _ second: String, _ secondTime: String)
      throws -> Image
    {
      let middle = directory.path("middle-\(first).png")
      let output = directory.path("chain-\(first).png")
      try run([
        "apply", "ripple", "testcard:97x61", "--arg", "origin=\(first)", "--arg",
        "time=\(firstTime)", "--bit-depth", "16", "-o", middle,
      ])
      try run([
        "apply", "ripple", middle, "--arg", "origin=\(second)", "--arg", "time=\(secondTime)",
        "-o", output,
      ])
      return try decode(output)
    }
    let taps = try decode(directory.path("taps.png"))
    // One 8-bit code value for the chain's 16-bit intermediate, and ≤ 0.1 % of pixels up to
    // 2 codes (style.md's bilinear tolerance): near an edge the first pass samples the
    // transparent padding and can lighten the now translucent pixel past its alpha (rgb > a,
    // premultiplied), which a straight-alpha PNG cannot hold.
    let inOrder = compare(taps, try chain("30,20", "0.2", "70,40", "0.1"), tolerance: 1.001 / 255)
    #expect(
      inOrder.mismatchFraction <= 0.001 && inOrder.maxChannelError <= 2.001 / 255, "\(inOrder)")
    let reversed = compare(taps, try chain("70,40", "0.1", "30,20", "0.2"), tolerance: 1.001 / 255)
    #expect(
      reversed.maxChannelError > 8.0 / 255, "the order of the passes should matter: \(reversed)")
  }

  @Test("a keyframe track wins over --amplitude; --amplitude sets parameters without a track")
  func precedence() throws {
    let directory = try TemporaryDirectory()
    let amplitude5 = directory.path("amplitude5.json")
    try #"{"version": 1, "keyframes": {"amplitude": [{"type": "move", "value": 5}]}}"#
      .write(toFile: amplitude5, atomically: true, encoding: .utf8)
    let speed600 = directory.path("speed600.json")
    try #"{"version": 1, "keyframes": {"speed": [{"type": "move", "value": 600}]}}"#
      .write(toFile: speed600, atomically: true, encoding: .utf8)
    let frame = ["ripple", "testcard:64x48", "--time", "0.1"]
    try run(frame + ["--amplitude", "5", "-o", directory.path("plain5.png")])
    try run(
      frame + ["--keyframes", amplitude5, "--amplitude", "30", "-o", directory.path("k5.png")])
    try run(frame + ["--amplitude", "5", "--speed", "600", "-o", directory.path("plain.png")])
    try run(frame + ["--keyframes", speed600, "--amplitude", "5", "-o", directory.path("k.png")])
    #expect(
      try decode(directory.path("k5.png")).pixels == decode(directory.path("plain5.png")).pixels)
    #expect(
      try decode(directory.path("k.png")).pixels == decode(directory.path("plain.png")).pixels)
  }

  @Test("the config's duration wins over --duration")
  func configDuration() throws {
    let directory = try TemporaryDirectory()
    let config = directory.path("short.json")
    try #"{"version": 1, "duration": 0.2}"#.write(toFile: config, atomically: true, encoding: .utf8)
    try run([
      "ripple", "testcard:32x32", "--keyframes", config, "--duration", "3", "--time", "0.25",
      "-o", directory.path("out.png"),
    ])
    // 0.25 s is past the file's 0.2 s duration, so the ripple is off: the test card itself.
    try run(["convert", "testcard:32x32", "-o", directory.path("card.png")])
    #expect(
      try decode(directory.path("out.png")).pixels == decode(directory.path("card.png")).pixels)
  }
}
