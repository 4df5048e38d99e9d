import LayerFXComposition
import Testing

@Suite struct RenderJobTimingTests {
  /// A config's animation: 10 fps, a contact sheet of 2 columns, frames 1 to 2.
  var config: RenderJob.Timing {
    RenderJob.Timing(
      fps: 10, frames: 4, contactSheet: 2, format: .contactSheet,
      frameRange: FrameRange(first: 1, last: 2))
  }

  @Test("a config's duration gives ⌈duration × fps⌉ frames: 0.25 s at 10 fps is 3")
  func durationFrames() {
    var output = DebugConfig.Output()
    output.fps = 10
    output.duration = 0.25
    // 0.25 × 10 = 2.5, rounded up.
    #expect(RenderJob.Timing(output).frames == 3)
    output.duration = nil
    output.frames = 7
    #expect(RenderJob.Timing(output).frames == 7)
  }

  @Test("any clock setting given replaces the config's whole timing, format and range too")
  func clockGroup() {
    for given in [
      RenderJob.Timing(time: 0.5), RenderJob.Timing(fps: 5), RenderJob.Timing(frames: 2),
      RenderJob.Timing(contactSheet: 3),
    ] {
      #expect(config.overriding(given) == given)
    }
  }

  @Test("without a clock setting, a given format and range each replace the config's own")
  func formatAndRange() {
    let range = FrameRange(first: 0, last: 1)
    var expected = config
    expected.frameRange = range
    #expect(config.overriding(RenderJob.Timing(frameRange: range)) == expected)
    expected.format = .raw
    #expect(config.overriding(RenderJob.Timing(format: .raw, frameRange: range)) == expected)
    #expect(config.overriding(RenderJob.Timing()) == config)
  }

  @Test("the times are the one frame's, or frame k at k / fps")
  func times() throws {
    let limits = AnimationLimits()
    #expect(try RenderJob.Timing(time: 0.3).times(endTime: 9, limits: limits) == [0.3])
    // 3 frames at 4 fps: 0, 1/4, 2/4 seconds.
    #expect(
      try RenderJob.Timing(fps: 4, frames: 3).times(endTime: 9, limits: limits) == [0, 0.25, 0.5])
    // Until the end at 0.5 s: ⌈0.5 × 4⌉ = 2 frames.
    #expect(try RenderJob.Timing(fps: 4).times(endTime: 0.5, limits: limits) == [0, 0.25])
    #expect(try RenderJob.Timing().times(endTime: 1, limits: limits).isEmpty)
  }
}
