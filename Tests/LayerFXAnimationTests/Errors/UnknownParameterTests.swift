import LayerFXAnimation
import Testing

@Suite("keyframe tracks by name and by key path")
struct UnknownParameterTests {
  @Test("a misspelt ParameterValues key throws with a did-you-mean instead of trapping")
  func misspeltKey() {
    let start = ParameterValues(["time": 0, "amplitude": 12])
    #expect(
      throws: KeyframeError.unknownParameter(
        track: 1, name: "amplitdue", suggestion: "amplitude", parameters: ["time", "amplitude"])
    ) {
      try KeyframeTimeline(initialValue: start) {
        KeyframeTrack(ParameterValues.keyPath("time")) { LinearKeyframe(1, duration: 1) }
        KeyframeTrack(ParameterValues.keyPath("amplitdue")) { LinearKeyframe(4, duration: 1) }
      }
    }
    #expect(
      KeyframeError.unknownParameter(
        track: 1, name: "amplitdue", suggestion: "amplitude", parameters: ["time", "amplitude"]
      ).description
        == "keyframe timeline: track 1: no parameter named 'amplitdue'; did you mean "
        + "'amplitude'? (parameters: time, amplitude)")
  }

  @Test("the string-keyed form still animates: 12 → 4 over 1 s is 8 at 0.5 s")
  func namedKey() throws {
    let timeline = try KeyframeTimeline(
      initialValue: ParameterValues(["time": 0, "amplitude": 12])
    ) {
      KeyframeTrack(ParameterValues.keyPath("amplitude")) { LinearKeyframe(4, duration: 1) }
    }
    // Linear: 12 + (4 − 12) × 0.5 = 8.
    #expect(timeline.value(time: 0.5)["amplitude"] == 8)
    #expect(timeline.value(time: 0.5)["time"] == 0)
  }

  /// A caller's own values type, as SwiftUI's `KeyframeAnimator` takes.
  struct RippleValues: Sendable, Equatable {
    var time = 0.0
    var amplitude = 12.0
  }

  @Test("tracks over the caller's own values type by key path, as SwiftUI's KeyframeAnimator")
  func ownValuesType() throws {
    let timeline = try KeyframeTimeline(initialValue: RippleValues()) {
      KeyframeTrack(\.amplitude) { LinearKeyframe(4, duration: 1) }
      KeyframeTrack(\.time) {
        MoveKeyframe(0)
        LinearKeyframe(2, duration: 2)
      }
    }
    // amplitude 12 + (4 − 12) × 0.5 = 8; time runs 0 → 2 over 2 s: 0.5 (to rounding).
    let value = timeline.value(time: 0.5)
    #expect(abs(value.amplitude - 8) <= 1e-12)
    #expect(abs(value.time - 0.5) <= 1e-12)
    var animator = KeyframeAnimator<RippleValues, Int>(timeline: timeline)
    animator.trigger(1, at: 1)
    let replays = animator.replays(at: 1.5)
    #expect(replays.count == 1)
    #expect(abs((replays.first?.value.amplitude ?? 0) - 8) <= 1e-12)
  }
}
