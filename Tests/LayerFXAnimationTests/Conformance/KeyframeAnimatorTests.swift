import Foundation
import LayerFXAnimation
import Testing

/// One timeline replayed per trigger (SwiftUI's `keyframeAnimator(initialValue:trigger:)`), with
/// replays that overlap, each on its own clock.
@Suite struct KeyframeAnimatorTests {
  /// The ripple's clock as Apple's sample writes it: `time` from 0 to 3 over 3 s.
  let clock = KeyframeTimeline(
    initialValue: ParameterValues(["time": 0, "amplitude": 12]),
    clock: ParameterValues.keyPath("time"), duration: 3)

  @Test("a trigger's replay reads the timeline at the seconds since it, from the trigger on")
  func singleTrigger() throws {
    var animator = KeyframeAnimator<ParameterValues, SIMD2<Float>>(timeline: clock)
    animator.trigger(SIMD2(10, 20), at: 5)
    #expect(animator.replays(at: 4.999).isEmpty, "before the trigger")
    let replay = try #require(animator.replays(at: 6.25).first)
    #expect(replay.trigger.payload == SIMD2(10, 20))
    #expect(abs(replay.elapsed - 1.25) <= 1e-12)
    #expect(abs(replay.value["time"] - 1.25) <= 1e-12)
    #expect(replay.value["amplitude"] == 12, "an untracked value keeps its initial value")
    // Past the timeline's end the clock holds its last value, 3.
    #expect(animator.replays(at: 20).first?.value["time"] == 3)
    #expect(animator.endTime == 8)
  }

  @Test("overlapping triggers each keep their own clock and come in trigger order")
  func overlappingTriggers() {
    var animator = KeyframeAnimator<ParameterValues, Int>(timeline: clock)
    animator.trigger(1, at: 0)
    animator.trigger(2, at: 1)
    animator.trigger(3, at: 0.5)
    let replays = animator.replays(at: 1.5)
    #expect(replays.map(\.trigger.payload) == [1, 2, 3])
    #expect(
      zip(replays.map { $0.value["time"] }, [1.5, 0.5, 1.0]).allSatisfy { abs($0 - $1) <= 1e-12 })
    #expect(animator.replays(at: 0.75).map(\.trigger.payload) == [1, 3])
    // The last trigger (1 s) plus the 3 s timeline.
    #expect(animator.endTime == 4)
  }

  @Test("any named value can be keyframed, e.g. an amplitude on a spring")
  func keyframedValue() throws {
    let timeline = try KeyframeTimeline(
      initialValue: ParameterValues(["time": 0, "amplitude": 12, "speed": 1200])
    ) {
      KeyframeTrack(ParameterValues.keyPath("amplitude")) {
        SpringKeyframe(4.0, duration: 1, spring: Spring(duration: 0.5, bounce: 0))
      }
      KeyframeTrack(ParameterValues.keyPath("speed")) { LinearKeyframe(600.0, duration: 2) }
    }
    let animator = KeyframeAnimator<ParameterValues, Void>(
      timeline: timeline, triggers: [.init(time: 10, payload: ())])
    let value = try #require(animator.replays(at: 10.1).first?.value)
    // Critically damped ω = 2π / 0.5 = 4π from 12 to 4: 4 + 8 (1 + ωt) e^(−ωt).
    let omega = 4 * Double.pi
    #expect(abs(value["amplitude"] - (4 + 8 * (1 + omega * 0.1) * exp(-omega * 0.1))) <= 1e-12)
    // Linear 1200 → 600 over 2 s: at 0.1 s, 1200 − 600 × 0.05.
    #expect(abs(value["speed"] - (1200 - 600 * 0.05)) <= 1e-9)
    #expect(value["time"] == 0)
  }
}

@Suite struct ParameterValuesTests {
  @Test("values are read and written by name, in the order given")
  func byName() {
    var values = ParameterValues(["b": 2, "a": 1])
    #expect(values.names == ["b", "a"] && values.values == [2, 1])
    values["a"] = 5
    #expect(values["a"] == 5 && values[keyPath: ParameterValues.keyPath("b")] == 2)
    #expect(values.contains("b") && !values.contains("c"))
  }
}
