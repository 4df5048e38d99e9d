import Foundation
import LayerFXTestSupport
import Testing

/// Issue 13, class 5: a frame written as PNG costs the input and the encoder's samples, with no
/// premultiplied `Float` output (16 bytes per pixel) beside them.
@Suite struct FrameMemoryTests {
  /// Runs `layerfx arguments… --ignore-free-memory` with at most `kilobytes` of address space
  /// (`ulimit -v`); the runtime's backtracer is off, so a failed allocation aborts at once.
  ///
  /// These tests measure what a render really allocates, so the check before rendering is
  /// skipped: it counts a malloc arena per thread that a run may never reserve
  /// (`MemoryBudgetTests` tests the check).
  ///
  /// A run that fails an allocation inside libdispatch does not abort: libdispatch sleeps and
  /// retries for ever. `timeout` (coreutils) kills such a run after 300 s, so the suite cannot
  /// hang; a killed run's status is 137, a failure like the abort it stands for.
  ///
  /// - Returns: The exit status, or `nil` when the shell has no `ulimit -v`.
  func runLimited(kilobytes: Int, _ arguments: [String]) throws -> Int32? {
    let script =
      "ulimit -v \(kilobytes) || exit 77; SWIFT_BACKTRACE=enable=no exec timeout -s KILL 300 "
      + "\"$0\" \"$@\""
    let result = try LayerFXTool.run(
      ["-c", script, LayerFXTool.executable.path] + arguments + ["--ignore-free-memory"],
      program: URL(fileURLWithPath: "/bin/sh"))
    return result.status == 77 ? nil : result.status
  }

  @Test(
    "a 2000 × 2000 frame renders within an address space that a Float output would not fit",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh"), "needs /bin/sh"))
  func frameHasNoFloatOutput() throws {
    let directory = try TemporaryDirectory()
    // 4 million pixels: the input is 64 MB (16 bytes a pixel), the 8-bit samples 16 MB; a
    // Float output would add 64 MB. Measured on the debug build (2 threads): the samples route
    // runs in 180 MB of address space, the Float route (which `--overlay tiles` takes, to draw
    // on the frame) needs more than 240 MB; the budget lies between.
    let budget = 210_000
    let frame = [
      "apply", "testcard:2000x2000", "--effect", "colorInvert", "--time", "0", "--threads", "2",
    ]
    let output = directory.path("out.png")
    let status = try runLimited(kilobytes: budget, frame + ["-o", output])
    try #require(status != nil, "ulimit -v is not available")
    #expect(status == 0)
    #expect(FileManager.default.fileExists(atPath: output))
    // The control: the same frame through a Float output does not fit the budget.
    let floatOutput = directory.path("float.png")
    let control = try runLimited(
      kilobytes: budget, frame + ["--overlay", "tiles", "-o", floatOutput])
    #expect(control != 0, "the budget must be too small for a Float output")
    #expect(!FileManager.default.fileExists(atPath: floatOutput))
  }

  /// Renders `frames` frames of `effect` over `card` at 1 fps into a PNG sequence under
  /// `kilobytes` of address space, on 2 threads, and expects them all.
  func expectSequence(kilobytes: Int, card: String, effect: String, frames: Int) throws {
    let directory = try TemporaryDirectory()
    let output = directory.path("frames") + "/"
    let status = try runLimited(
      kilobytes: kilobytes,
      [
        "apply", card, "--effect", effect, "--fps", "1", "--frames", "\(frames)", "--threads",
        "2", "-o", output,
      ])
    try #require(status != nil, "ulimit -v is not available")
    #expect(status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: output).count == frames)
  }

  @Test(
    "a PNG sequence stores each frame into samples, with no Float frame, as one image does",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh"), "needs /bin/sh"))
  func sequenceHasNoFloatFrames() throws {
    // 4 million pixels: the input 64 MB, each frame's samples 16 MB, one more frame's samples
    // and PNG encoding meanwhile. Measured on the debug build (2 threads): frames through a
    // Float frame (64 MB more, and its samples made from it) abort at 250 MB of address space;
    // stored as samples they render at 230 MB.
    try expectSequence(
      kilobytes: 230_000, card: "testcard:2000x2000", effect: "colorInvert", frames: 2)
  }

  @Test(
    "the frames of a blur animation share one working image instead of keeping one each",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh"), "needs /bin/sh"))
  func blurFramesShareWorkingImage() throws {
    // boxBlur runs as two passes with a 1000 × 1000 working image between them (16 MB). Kept by
    // every frame's shader, 30 frames held 480 MB and aborted at 400 MB of address space
    // (measured, debug build); shared, they render within 250 MB.
    try expectSequence(
      kilobytes: 250_000, card: "testcard:1000x1000", effect: "boxBlur", frames: 30)
  }
}
