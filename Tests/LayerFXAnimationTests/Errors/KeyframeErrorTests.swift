import LayerFXAnimation
import Testing

@Suite struct KeyframeErrorTests {
  @Test("a duration-less spring keyframe that never settles is rejected, naming its place")
  func springNeverSettles() {
    #expect(throws: KeyframeError.springNeverSettles(track: 1, keyframe: 2)) {
      try KeyframeTimeline(initialValue: SIMD2<Double>(0, 0)) {
        KeyframeTrack(\SIMD2<Double>.x) { LinearKeyframe(1.0, duration: 1) }
        KeyframeTrack(\SIMD2<Double>.y) {
          MoveKeyframe(1.0)
          SpringKeyframe(2.0, duration: 1, spring: Spring(duration: 0.5, bounce: 1))
          SpringKeyframe(0.0, spring: Spring(duration: 0.5, bounce: 1))
        }
      }
    }
    #expect(
      KeyframeError.springNeverSettles(track: 1, keyframe: 2).description
        == "keyframe timeline: track 1, keyframe 2: SpringKeyframe without a duration uses a "
        + "spring that never settles (bounce 1); give it a duration")
  }
}
