import Foundation
import LayerFXAnimation
import Testing

/// The ripple's clock and activity rule (semantics.md §5) and how taps overlap.
@Suite struct RippleAnimatorTests {
  @Test("a tap's time is the seconds since it, active only while 0 < time < duration")
  func singleTap() {
    var animator = RippleAnimator()
    animator.tap(at: SIMD2(10, 20), time: 5)
    #expect(animator.ripples(at: 4).isEmpty, "before the tap")
    #expect(animator.ripples(at: 5).isEmpty, "time 0 is not drawn")
    #expect(animator.ripples(at: 8).isEmpty, "time 3 = duration is not drawn")
    #expect(animator.ripples(at: 20).isEmpty)
    let ripples = animator.ripples(at: 6.25)
    #expect(ripples.count == 1)
    #expect(abs((ripples.first?.time ?? 0) - 1.25) <= 1e-12)
    var expected = RippleState(origin: SIMD2(10, 20), parameters: RippleParameters())
    expected.time = ripples.first?.time ?? 0
    #expect(ripples.first == expected, "origin and Apple's default parameters")
    #expect(abs((animator.ripples(at: 7.999).first?.time ?? 0) - 2.999) <= 1e-9)
    #expect(ripples.first?.maxSampleOffset == SIMD2(12, 12))
  }

  @Test("overlapping taps each keep their own clock and come in tap order")
  func overlappingTaps() {
    var animator = RippleAnimator(duration: 2)
    animator.tap(at: SIMD2(0, 0), time: 0)
    animator.tap(at: SIMD2(50, 50), time: 1)
    animator.tap(at: SIMD2(9, 9), time: 0.5)
    let ripples = animator.ripples(at: 1.5)
    #expect(ripples.map(\.origin) == [SIMD2(0, 0), SIMD2(50, 50), SIMD2(9, 9)])
    #expect(zip(ripples.map(\.time), [1.5, 0.5, 1.0]).allSatisfy { abs($0 - $1) <= 1e-12 })
    #expect(animator.ripples(at: 2.25).map(\.origin) == [SIMD2(50, 50), SIMD2(9, 9)])
    animator.removeFinishedTaps(at: 2.25)
    #expect(animator.taps.map(\.origin) == [SIMD2(50, 50), SIMD2(9, 9)])
  }

  @Test("any parameter can be keyframed, e.g. the amplitude on a spring")
  func keyframedAmplitude() throws {
    let timeline = try KeyframeTimeline(initialValue: RippleParameters()) {
      KeyframeTrack(\RippleParameters.time) {
        MoveKeyframe(0.0)
        LinearKeyframe(3.0, duration: 3)
      }
      KeyframeTrack(\RippleParameters.amplitude) {
        SpringKeyframe(4.0, duration: 1, spring: Spring(duration: 0.5, bounce: 0))
      }
      KeyframeTrack(\RippleParameters.speed) { LinearKeyframe(600.0, duration: 2) }
    }
    var animator = RippleAnimator(duration: 3, timeline: timeline)
    animator.tap(at: SIMD2(1, 2), time: 10)
    let state = try #require(animator.ripples(at: 10.1).first)
    // Critically damped ω = 4π from 12 to 4: 4 + 8 (1 + ωt) e^(−ωt).
    let omega = 4 * Double.pi
    #expect(abs(state.amplitude - (4 + 8 * (1 + omega * 0.1) * exp(-omega * 0.1))) <= 1e-12)
    #expect(abs(state.speed - (1200 - 600 * 0.05)) <= 1e-9)
    #expect(state.frequency == 15 && state.decay == 8)
  }
}
