import LayerFXComposition
import Testing

@Suite struct AnimationLimitsTests {
  @Test("the frame count covers the duration, ⌈d × fps⌉, and is refused above the limit")
  func frameCount() throws {
    let limits = AnimationLimits(maxFrames: 100)
    // 3 s at 30 fps: 90 frames; 0.35 s at 10 fps: ⌈3.5⌉ = 4.
    #expect(try limits.frameCount(explicit: nil, duration: 3, fps: 30) == 90)
    #expect(try limits.frameCount(explicit: nil, duration: 0.35, fps: 10) == 4)
    #expect(try limits.frameCount(explicit: 7, duration: 3, fps: 30) == 7)
    #expect(throws: CompositionError.self) {
      try limits.frameCount(explicit: nil, duration: 4, fps: 30)
    }
    // ∞ frames: more than one run renders, so the rate is refused as a value.
    #expect(throws: RenderJob.Misfit.self) {
      try limits.frameCount(explicit: nil, duration: .infinity, fps: 30)
    }
  }

  @Test("at the ceiling the refusal does not offer to raise --max-frames")
  func frameCountAtCeiling() {
    // 2000 s at 1000 fps: 2 000 000 frames, twice the most --max-frames allows, whatever the
    // limit: the rate is refused as a value.
    for maxFrames in [10_000, 1_000_000] {
      #expect(
        throws: RenderJob.Misfit.invalidValue(
          value: "1000",
          expected: "a rate that gives at most 1000000 frames, the most one run renders "
            + "(2000 s at 1000 fps is 2000000 frames)")
      ) {
        try AnimationLimits(maxFrames: maxFrames).frameCount(
          explicit: nil, duration: 2000, fps: 1000)
      }
    }
    // 1 100 000 frames given as a count at the ceiling's limit: no flag raises it.
    #expect {
      try AnimationLimits(maxFrames: 1_000_000).frameCount(
        explicit: 1_100_000, duration: 1, fps: 30)
    } throws: { error in
      "\(error)".hasSuffix(
        "more than the limit of 1000000; one run renders at most 1000000 frames: lower the fps "
          + "or the duration")
    }
    #expect {
      try AnimationLimits(maxFrames: 10).frameCount(explicit: 11, duration: 1, fps: 30)
    } throws: { error in
      "\(error)".hasSuffix("raise it with --max-frames N (at most 1000000)")
    }
  }

  @Test("a duration is refused past the frames one run renders, stating the longest that fits")
  func durationProblem() {
    // 30 fps: 33333.3 s is ⌈999999⌉ frames, within 10⁶; 33333.4 s is 1000002, beyond. The
    // longest, 10⁶ / 30 = 33333.33… s, is stated cut to 6 significant digits.
    #expect(AnimationLimits.durationProblem(duration: 33333.3, fps: 30) == nil)
    #expect(
      AnimationLimits.durationProblem(duration: 33333.4, fps: 30)
        == "a duration of at most 33333.3 s: at 30 fps a longer one takes more than the 1000000 "
        + "frames one run renders")
    // 1000 s at 3000 fps: 3 × 10⁶ frames; 10⁶ / 3000 = 333.33… s.
    #expect(
      AnimationLimits.durationProblem(duration: 1000, fps: 3000)?.hasPrefix(
        "a duration of at most 333.333 s: at 3000 fps") == true)
  }

  @Test("frames larger than any disk are refused, and the message gives both sizes")
  func freeSpace() {
    // 10⁶ frames of 65535 × 65535 at 16 bits: about 3.4 × 10¹⁶ bytes, beyond any test disk.
    #expect {
      try AnimationLimits().checkFreeSpace(
        frames: 1_000_000, width: 65535, height: 65535, bitDepth: 16, directory: "/tmp/x/")
    } throws: { error in
      (error as? CompositionError)?.description.contains("uncompressed") == true
    }
    #expect(AnimationLimits.bytes(8_300_000) == "8.3 MB" && AnimationLimits.bytes(512) == "512 B")
  }
}
