import Foundation
import LayerFXAnimation
import Testing

@Suite struct RippleConfigTests {
  @Test("the keyframes section decodes into the ripple timeline")
  func decodesTimeline() throws {
    let json = #"""
      {
        "version": 1,
        "duration": 2,
        "keyframes": {
          "amplitude": [
            {"type": "move", "value": 12},
            {"type": "spring", "value": 4, "duration": 0.5, "bounce": 0.3}
          ],
          "speed": [
            {"type": "linear", "value": 600, "duration": 1, "curve": [0.42, 0, 0.58, 1]},
            {"type": "cubic", "value": 300, "duration": 1, "startVelocity": 0, "endVelocity": 0}
          ]
        }
      }
      """#
    let config = try RippleConfig(data: Data(json.utf8), file: "config.json")
    #expect(config.version == 1)
    #expect(config.duration == 2)
    let timeline = config.timeline
    // No time track: the default clock runs 0 → 2 over 2 s.
    #expect(abs(timeline.value(time: 1.5).time - 1.5) <= 1e-12)
    // Spring(0.5, 0.3) from 12 to 4: 4 + 8 (1 − x(0.25)), x(0.25) = 0.98409 (semantics.md §6).
    #expect(abs(timeline.value(time: 0.25).amplitude - (4 + 8 * (1 - 0.98409))) <= 8e-4)
    // easeInOut is symmetric: halfway in time is halfway in value.
    #expect(abs(timeline.value(time: 0.5).speed - 900) <= 1e-9)
    // Cubic with zero end tangents from 600 to 300: at s = 1/2 the midpoint 450.
    #expect(abs(timeline.value(time: 1.5).speed - 450) <= 1e-9)
    #expect(timeline.value(time: 0).frequency == 15)
    #expect(config.makeAnimator().duration == 2)
  }

  @Test("a minimal document is Apple's ripple: 3 s clock and default parameters")
  func minimalDocument() throws {
    let config = try RippleConfig(data: Data(#"{"version": 1}"#.utf8), file: "config.json")
    #expect(config.duration == 3)
    #expect(config.timeline.duration == 3)
    #expect(config.timeline.value(time: 1.5) == RippleParameters(time: 1.5))
  }
}

@Suite struct RippleConfigPrecedenceTests {
  @Test("the caller's initial value fills untracked parameters and starts tracks")
  func initialValue() throws {
    let json = #"""
      {"version": 1, "keyframes": {"amplitude": [{"type": "linear", "value": 4, "duration": 1}]}}
      """#
    let base = RippleParameters(amplitude: 20, frequency: 9, decay: 2, speed: 300)
    let config = try RippleConfig(data: Data(json.utf8), file: "c.json", initialValue: base)
    let value = config.timeline.value(time: 0.25)
    // Linear from the base 20 to 4 over 1 s: a quarter of the way is 16.
    #expect(abs(value.amplitude - 16) <= 1e-12)
    #expect(value.frequency == 9 && value.decay == 2 && value.speed == 300)
    #expect(config.animatedProperties == [.time, .amplitude])
  }

  @Test("the document's duration wins; the default applies only when it has none")
  func duration() throws {
    let withDuration = try RippleConfig(
      data: Data(#"{"version": 1, "duration": 2}"#.utf8), file: "c.json", defaultDuration: 5)
    #expect(withDuration.duration == 2 && withDuration.timeline.duration == 2)
    let without = try RippleConfig(
      data: Data(#"{"version": 1}"#.utf8), file: "c.json", defaultDuration: 5)
    #expect(without.duration == 5 && without.timeline.duration == 5)
    // The default clock runs 0 → 5 over 5 s.
    #expect(abs(without.timeline.value(time: 4).time - 4) <= 1e-12)
  }
}
