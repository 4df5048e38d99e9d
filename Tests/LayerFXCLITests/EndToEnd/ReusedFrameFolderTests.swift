import Foundation
import LayerFXPNG
import LayerFXTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A frame folder reused by a run that stops early (a fault, a signal, SIGKILL) holds that run's
/// frames 0…k and no frame of an earlier run; a folder the run made and wrote nothing into goes
/// again (CommandLine.md, "A reused frame directory holds exactly the new animation"; new-user
/// trial 17).
@Suite struct ReusedFrameFolderTests {
  /// `late.metal`: the colour unchanged up to t = 0.5 s, then an integer division by zero
  /// (SIGFPE) from frame 6 at 10 fps, as the trial's `mt_late.metal`.
  private static func writeLate(in directory: TemporaryDirectory) throws {
    try """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 late(float2 position, half4 color, float time) {
      int t = int(time * 10); int d = t > 5 ? 0 : 1; return color * half(1 / d);
    }
    """.write(toFile: directory.path("late.metal"), atomically: true, encoding: .utf8)
  }

  private static func frameNames(_ indices: some Sequence<Int>) -> [String] {
    indices.map { String(format: "frame_%04d.png", $0) }
  }

  @Test("a run that faults at frame 6 leaves frames 0–5, none of a 30-frame earlier run")
  func faultAfterLongerRun() throws {
    let directory = try TemporaryDirectory()
    let here = URL(fileURLWithPath: directory.path)
    try Self.writeLate(in: directory)
    let earlier = try LayerFXTool.run(
      ["apply", "grayscale", "testcard:64x48", "--fps", "10", "-o", "f/"], in: here)
    #expect(earlier.status == 0, "\(earlier.standardError)")
    // The default length, 3 s, at 10 fps.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("f")).count == 30)
    // Not frame files of the pattern (four or more digits): never removed.
    for name in ["notes.txt", "frame_12.png", "frame_0001.png.bak"] {
      try "mine".write(toFile: directory.path("f/" + name), atomically: true, encoding: .utf8)
    }
    let card = try LayerFXTool.run(["convert", "testcard:64x48", "-o", "card.png"], in: here)
    #expect(card.status == 0, "\(card.standardError)")

    let result = try LayerFXTool.run(
      ["apply", "late.metal:late", "testcard:64x48", "--fps", "10", "-o", "f/"], in: here)
    #expect(result.status == 65)
    #expect(
      result.errorLines == [
        "layerfx: error: late.metal: late: SIGFPE at frame 6 (t = 0.6 s), row 0; 6 frames (0–5) "
          + "written to f/ before it, none from it on"
      ])
    // What the message counts is all the frames there are.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("f")).sorted()
        == (Self.frameNames(0..<6) + ["frame_0001.png.bak", "frame_12.png", "notes.txt"]).sorted())
    // Frames 0–5 are this run's: the card unchanged (colour × 1), not the earlier grey.
    let expected = try PNGDecoder().decode(contentsOf: directory.path("card.png")).image
    for name in Self.frameNames(0..<6) {
      let frame = try PNGDecoder().decode(contentsOf: directory.path("f/" + name)).image
      #expect(frame.pixels == expected.pixels, "\(name)")
    }
  }

  @Test("with --frame-range a fault removes that range's old frames only")
  func faultInFrameRange() throws {
    let directory = try TemporaryDirectory()
    let here = URL(fileURLWithPath: directory.path)
    try Self.writeLate(in: directory)
    try FileManager.default.createDirectory(
      atPath: directory.path("f"), withIntermediateDirectories: false)
    for name in Self.frameNames(0..<12) {
      try "old".write(toFile: directory.path("f/" + name), atomically: true, encoding: .utf8)
    }
    let result = try LayerFXTool.run(
      [
        "apply", "testcard:16x12", "--effect", "late.metal:late", "--fps", "10", "--frames", "12",
        "--frame-range", "2..9", "-o", "f/",
      ], in: here)
    #expect(result.status == 65)
    #expect(result.errorLines.count == 1)
    #expect(result.standardError.contains("SIGFPE at frame 6 (t = 0.6 s)"))
    // Frames 2–5 are new; 6–9, the rest of the range, are gone; 0, 1, 10 and 11, other
    // ranges' frames, are the old files.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("f")).sorted()
        == Self.frameNames([0, 1, 2, 3, 4, 5, 10, 11]))
    for name in Self.frameNames([0, 1, 10, 11]) {
      #expect(try String(contentsOfFile: directory.path("f/" + name), encoding: .utf8) == "old")
    }
    for name in Self.frameNames(2...5) {
      #expect(try PNGDecoder().inspect(contentsOf: directory.path("f/" + name)).width == 16)
    }
  }

  @Test("after SIGKILL a reused folder holds the new frames 0…k and no old frame")
  func killedAfterLongerRun() throws {
    let directory = try TemporaryDirectory()
    let frames = directory.path("frames")
    try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false)
    // An earlier run's 120 frames (3 bytes each) and a file of the user's.
    for name in Self.frameNames(0..<120) + ["notes.txt"] {
      try "old".write(toFile: frames + "/" + name, atomically: true, encoding: .utf8)
    }
    // 120 frames of 480 × 360 (InterruptedRenderTests): long enough to be killed while writing.
    let arguments = [
      "ripple", "testcard:480x360", "--fps", "40", "-o", frames + "/", "--compression", "0",
    ]
    let third = frames + "/frame_0002.png"
    let result = try RawProcess.run(arguments.map { Array($0.utf8) }) { pid in
      // Frames are named in order: once frame 2 is a new PNG, frames 0 and 1 are too. (A
      // process that ended is a zombie until waited for: the deadline bounds the wait.)
      let deadline = Date().addingTimeInterval(600)
      while kill(pid, 0) == 0 && Date() < deadline {
        let size = try? FileManager.default.attributesOfItem(atPath: third)[.size]
        if let size = size as? Int, size > 3 { break }
        usleep(2_000)
      }
      kill(pid, SIGKILL)
    }
    #expect(result.status == 128 + SIGKILL, "the render ended before the kill")
    let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
    let framesLeft = names.filter { $0 != "notes.txt" }
    #expect(names.contains("notes.txt"))
    #expect(framesLeft.count >= 3 && framesLeft.count < 120)
    #expect(framesLeft == Self.frameNames(0..<framesLeft.count))
    for name in framesLeft {
      let decoded = try PNGDecoder().decode(contentsOf: frames + "/" + name)
      #expect(decoded.image.width == 480 && decoded.image.height == 360, "\(name)")
    }
  }

  @Test("SIGINT during frame 0 removes the frame folder the run made, and keeps its parent")
  func interruptedBeforeFirstFrame() throws {
    let directory = try TemporaryDirectory()
    // An endless loop (n only grows), as the trial's loop.metal:spin.
    try """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 spin(float2 position, half4 color, float n) {
      while (n > 0) { n = n + 1; }
      return color * half(n);
    }
    """.write(toFile: directory.path("spin.metal"), atomically: true, encoding: .utf8)
    let folder = directory.path("out/loopfr")
    let arguments = [
      "apply", directory.path("spin.metal") + ":spin", "testcard:64x48", "--arg", "n=1", "--fps",
      "5", "--shader-timeout", "60", "-o", folder + "/",
    ]
    let result = try RawProcess.run(arguments.map { Array($0.utf8) }) { pid in
      // The folder is made after every check, just before frame 0, which never ends.
      let deadline = Date().addingTimeInterval(600)
      while !FileManager.default.fileExists(atPath: folder) && Date() < deadline {
        usleep(2_000)
      }
      usleep(200_000)  // into frame 0's shader
      kill(pid, SIGINT)
    }
    #expect(result.status == 128 + SIGINT, "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder))
    #expect(FileManager.default.fileExists(atPath: directory.path("out")))
  }
}
