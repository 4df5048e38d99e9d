import LayerFXComposition
import Testing

/// The progress line of a long render: frames done, frames per second, time left.
@Suite struct RenderProgressTests {
  @Test("30 of 90 frames in 2 s: 15.0 fps, 60 frames left at that rate take 4 s")
  func rateAndTimeLeft() {
    #expect(
      RenderProgress.line(framesDone: 30, of: 90, framesTimed: 30, seconds: 2)
        == "30/90 frames done, 15.0 fps, 4 s left")
  }

  @Test("a run that started at frame 100 rates only the frames it rendered")
  func resumedRun() {
    // 10 frames in 4 s: 2.5 fps; 1000 − 110 = 890 frames left: 356 s = 5 min 56 s.
    #expect(
      RenderProgress.line(framesDone: 110, of: 1000, framesTimed: 10, seconds: 4)
        == "110/1000 frames done, 2.5 fps, 5 min 56 s left")
  }

  @Test("before a frame is timed the line has no rate and no estimate")
  func firstFrame() {
    #expect(
      RenderProgress.line(framesDone: 0, of: 90, framesTimed: 0, seconds: 0)
        == "0/90 frames done")
  }

  @Test("durations round up to a whole second, then read in minutes and hours")
  func durations() {
    #expect(RenderProgress.duration(0.2) == "1 s")
    #expect(RenderProgress.duration(59) == "59 s")
    #expect(RenderProgress.duration(60) == "1 min 0 s")
    // 9999 s = 2 × 3600 + 46 × 60 + 39.
    #expect(RenderProgress.duration(9999) == "2 h 46 min")
  }
}
