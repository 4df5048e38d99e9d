import Foundation
import LayerFXTestSupport
import Testing

@testable import LayerFXCLI

/// The CLI frictions of issue 29: a still chain without --time, readable apply help, tune's
/// note on a value a keyframe track animates.
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

  @Test("tune notes a changed value that a keyframe track animates")
  func tuneNotes() {
    let leaves = [
      "effects[0].kernel": "ripple", "effects[0].amplitude": "20",
      "effects[0].keyframes.amplitude[0].type": "linear",
      "effects[1].kernel": "wave", "effects[1].speed": "3",
      "effects[1].keyframes.speed[0].type": "move",
      "effects[2].kernel": "sepia", "effects[2].amount": "0.5",
    ]
    #expect(
      TuneCommand.overriddenNotes(
        changed: ["effects[0].amplitude", "effects[1].speed", "effects[2].amount"],
        leaves: leaves)
        == [
          "effects[0].amplitude is animated by its keyframe track effects[0].keyframes.amplitude; "
            + "the change only moves where the track starts",
          "effects[1].speed is overridden by its keyframe track effects[1].keyframes.speed, which "
            + "starts with a move; the change has no effect",
        ])
  }
}
