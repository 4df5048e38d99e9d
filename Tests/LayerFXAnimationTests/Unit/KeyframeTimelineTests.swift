import Foundation
import LayerFXAnimation
import Testing

private struct Pose: Sendable, Equatable {
  var x = 0.0
  var scale = 1.0
  var offset = SIMD2<Float>(0, 0)
}

/// The slope of `f` at `t` from one side only (samples at t ± h, 2h, 3h, never t itself), by
/// differentiating the quadratic through them: error O(h² f‴), units per second.
private func slope(_ f: (Double) -> Double, at t: Double, side: Double) -> Double {
  let h = side < 0 ? -1e-5 : 1e-5
  return (-2.5 * f(t + h) + 4 * f(t + 2 * h) - 1.5 * f(t + 3 * h)) / h
}

@Suite struct KeyframeTimelineTests {
  @Test("the ripple clock: MoveKeyframe(0) then LinearKeyframe(3, duration: 3) is time itself")
  func rippleClock() throws {
    let timeline = try KeyframeTimeline(initialValue: 7.0) {
      KeyframeTrack {
        MoveKeyframe(0.0)
        LinearKeyframe(3.0, duration: 3)
      }
    }
    #expect(timeline.duration == 3)
    for t in [0, 0.001, 1.25, 2.999, 3] { #expect(abs(timeline.value(time: t) - t) <= 1e-12) }
    #expect(timeline.value(time: -1) == 0)
    #expect(timeline.value(time: 10) == 3)
    #expect(abs(timeline.value(progress: 0.5) - 1.5) <= 1e-12)
  }

  @Test("a track of 1,000 linear keyframes and a move finds the right segment at every time")
  func longTrack() throws {
    // Keyframe i (0 … 999) goes linearly to i + 1 over [i, i + 1], so the value is t itself;
    // then a move to −1 at t = 1000, which holds.
    let timeline = try KeyframeTimeline(initialValue: 0.0) {
      KeyframeTrack {
        for i in 0..<1000 { LinearKeyframe(Double(i + 1), duration: 1) }
        MoveKeyframe(-1.0)
      }
    }
    #expect(timeline.duration == 1000)
    for t in stride(from: 0.0, to: 1000, by: 0.37) {
      #expect(abs(timeline.value(time: t) - t) <= 1e-9, "t = \(t)")
    }
    for t in [1.0, 2, 499, 500, 998, 999, 999.999] {
      #expect(abs(timeline.value(time: t) - t) <= 1e-9, "at the boundary t = \(t)")
    }
    #expect(timeline.value(time: 1000) == -1, "a move at the end wins at exactly its time")
    #expect(timeline.value(time: 5000) == -1)
  }

  @Test("linear, move and spring segments give hand-computed values at and around boundaries")
  func mixedTrack() throws {
    let timeline = try KeyframeTimeline(initialValue: 0.0) {
      KeyframeTrack {
        LinearKeyframe(10.0, duration: 1)
        MoveKeyframe(20.0)
        LinearKeyframe(0.0, duration: 2)
        SpringKeyframe(5.0, duration: 0.5, spring: Spring(duration: 0.5, bounce: 0))
      }
    }
    let f = { timeline.value(time: $0) }
    #expect(abs(timeline.duration - 3.5) <= 1e-12)
    #expect(f(0) == 0)
    #expect(abs(f(0.5) - 5) <= 1e-12)
    #expect(abs(f(1 - 1e-9) - 10) <= 1e-7)
    #expect(f(1) == 20, "a move at t wins at exactly t")
    #expect(abs(f(2) - 10) <= 1e-12)
    #expect(abs(f(3 - 1e-9) - 0) <= 1e-7)
    #expect(abs(f(3)) <= 1e-12)
    // The spring inherits the linear segment's velocity (0 − 20) / 2 = −10 per second.
    // Critically damped, ω = 4π: u(τ) = e^(−ωτ) (u0 + (v0 + ω u0) τ), u0 = −5, v0 = −10.
    let omega = 4 * Double.pi
    let spring = { (tau: Double) in 5 + exp(-omega * tau) * (-5 + (-10 - omega * 5) * tau) }
    for tau in [0.1, 0.25, 0.5] { #expect(abs(f(3 + tau) - spring(tau)) <= 1e-9) }
    #expect(abs(f(100) - spring(0.5)) <= 1e-9, "the spring is cut off at its duration and holds")
    #expect(abs(slope(f, at: 3, side: -1) + 10) <= 1e-4)
    #expect(abs(slope(f, at: 3, side: +1) + 10) <= 1e-4)
  }

  @Test("a run of cubic keyframes is a Catmull-Rom spline with hand-computed values")
  func catmullRom() throws {
    // Points 0, 1, 3, 2 at times 0, 1, 2, 4; tangents 0 (start at rest), (3 − 0)/2 = 1.5,
    // (2 − 1)/3 = 1/3, 0 (end of track).
    let timeline = try KeyframeTimeline(initialValue: 0.0) {
      KeyframeTrack {
        CubicKeyframe(1.0, duration: 1)
        CubicKeyframe(3.0, duration: 1)
        CubicKeyframe(2.0, duration: 2)
      }
    }
    let f = { timeline.value(time: $0) }
    // Hermite at s = 1/2: (p0 + p1)/2 + h (m0 − m1)/8.
    #expect(abs(f(0.5) - (0.5 + (0 - 1.5) / 8)) <= 1e-12)
    #expect(abs(f(1.5) - (2 + (1.5 - 1.0 / 3) / 8)) <= 1e-12)
    #expect(abs(f(3) - (2.5 + 2 * (1.0 / 3 - 0) / 8)) <= 1e-12)
    for (t, value, tangent) in [(1.0, 1.0, 1.5), (2.0, 3.0, 1.0 / 3), (4.0, 2.0, 0)] {
      #expect(abs(f(t) - value) <= 1e-12)
      #expect(abs(f(t - 1e-9) - value) <= 1e-8)
      #expect(abs(slope(f, at: t, side: -1) - tangent) <= 1e-4, "left slope at \(t)")
      if t < 4 { #expect(abs(slope(f, at: t, side: +1) - tangent) <= 1e-4, "right slope at \(t)") }
    }
  }

  @Test("cubic segments take their velocity from neighbouring linear segments")
  func cubicLinearJoins() throws {
    let timeline = try KeyframeTimeline(initialValue: 0.0) {
      KeyframeTrack {
        LinearKeyframe(2.0, duration: 1)
        CubicKeyframe(2.0, duration: 1)
        CubicKeyframe(3.0, duration: 1)
        LinearKeyframe(5.0, duration: 1)
      }
    }
    let f = { timeline.value(time: $0) }
    // Second segment: p0 = p1 = 2, m0 = 2 (linear's slope), m1 = Catmull-Rom (3 − 2)/(3 − 1).
    #expect(abs(f(1.5) - (2 + (2 - 0.5) / 8)) <= 1e-12)
    // Third segment ends with the linear segment's slope 2.
    #expect(abs(f(2.5) - (2.5 + (0.5 - 2) / 8)) <= 1e-12)
    for (t, tangent) in [(1.0, 2.0), (2.0, 0.5), (3.0, 2.0)] {
      #expect(abs(slope(f, at: t, side: -1) - tangent) <= 1e-4, "left slope at \(t)")
      #expect(abs(slope(f, at: t, side: +1) - tangent) <= 1e-4, "right slope at \(t)")
    }
  }

  @Test("given velocities win: cubic end velocity and spring start velocity")
  func givenVelocities() throws {
    let timeline = try KeyframeTimeline(initialValue: 0.0) {
      KeyframeTrack {
        CubicKeyframe(1.0, duration: 1, startVelocity: 4, endVelocity: -2)
        SpringKeyframe(1.0, duration: 1, spring: .smooth, startVelocity: 3)
      }
    }
    let f = { timeline.value(time: $0) }
    #expect(abs(slope(f, at: 0, side: +1) - 4) <= 1e-4)
    #expect(abs(slope(f, at: 1, side: -1) + 2) <= 1e-4)
    #expect(abs(slope(f, at: 1, side: +1) - 3) <= 1e-4)
    // From rest at the target with v0 = 3, critically damped ω = 4π: u = 3 τ e^(−ωτ).
    #expect(abs(f(1.2) - (1 + 3 * 0.2 * exp(-4 * Double.pi * 0.2))) <= 1e-12)
  }

  @Test("springs pass their actual value and velocity to the next spring")
  func springChain() throws {
    let timeline = try KeyframeTimeline(initialValue: 0.0) {
      KeyframeTrack {
        SpringKeyframe(1.0, duration: 0.2, spring: .smooth)
        SpringKeyframe(0.0, spring: .bouncy)
      }
    }
    let f = { timeline.value(time: $0) }
    #expect(abs(timeline.duration - (0.2 + Spring.bouncy.settlingDuration)) <= 1e-12)
    // x(0.2) of a critically damped ω = 4π spring from 0 to 1: 1 − (1 + ωt) e^(−ωt).
    let omega = 4 * Double.pi
    #expect(abs(f(0.2) - (1 - (1 + omega * 0.2) * exp(-omega * 0.2))) <= 1e-12)
    #expect(abs(slope(f, at: 0.2, side: -1) - slope(f, at: 0.2, side: +1)) <= 1e-3)
  }

  @Test("a vertical curve end hands a following spring zero velocity")
  func verticalCurveEnd() throws {
    let timeline = try KeyframeTimeline(initialValue: 0.0) {
      KeyframeTrack {
        LinearKeyframe(1.0, duration: 1, timingCurve: .circularEaseIn)
        SpringKeyframe(1.0, duration: 1)
      }
    }
    for t in [1.0, 1.3, 2.0, 5.0] { #expect(timeline.value(time: t) == 1) }
    #expect(abs(timeline.value(time: 0.5) - (1 - 0.75.squareRoot())) <= 1e-12)
  }

  @Test("tracks animate their own properties; the longest sets the duration")
  func multipleTracks() throws {
    let timeline = try KeyframeTimeline(initialValue: Pose()) {
      KeyframeTrack(\Pose.x) { LinearKeyframe(4.0, duration: 2) }
      KeyframeTrack(\Pose.offset) {
        LinearKeyframe(SIMD2<Float>(10, -20), duration: 1, timingCurve: .easeInOut)
      }
    }
    #expect(timeline.duration == 2)
    let middle = timeline.value(time: 0.5)
    #expect(abs(middle.x - 1) <= 1e-12)
    #expect(middle.scale == 1, "a property without a track keeps its initial value")
    #expect(abs(middle.offset.x - 5) <= 1e-5 && abs(middle.offset.y + 10) <= 1e-5)
    #expect(timeline.value(time: 1.5).offset == SIMD2(10, -20))
    #expect(timeline.value(progress: 0.75) == timeline.value(time: 1.5))
    // Sampling in any order gives the same values: value(time:) is a pure function.
    let first = (0...40).map { timeline.value(time: Double($0) / 16) }
    let reversed = (0...40).reversed().map { timeline.value(time: Double($0) / 16) }
    #expect(first == reversed.reversed())
  }

  @Test("builder control flow: if and for add keyframes and tracks")
  func builderControlFlow() throws {
    let steps = 3
    let includeScale = true
    let timeline = try KeyframeTimeline(initialValue: Pose()) {
      KeyframeTrack(\Pose.x) {
        for i in 1...steps { LinearKeyframe(Double(i), duration: 1) }
      }
      if includeScale {
        KeyframeTrack(\Pose.scale) { MoveKeyframe(2.0) }
      }
    }
    #expect(timeline.duration == 3)
    #expect(abs(timeline.value(time: 2.5).x - 2.5) <= 1e-12)
    #expect(timeline.value(time: 0).scale == 2)
  }

  @Test("an empty timeline has duration 0 and is its initial value")
  func emptyTimeline() throws {
    let timeline = try KeyframeTimeline(initialValue: Pose(x: 3)) {}
    #expect(timeline.duration == 0)
    #expect(timeline.value(time: 1) == Pose(x: 3))
    #expect(timeline.value(progress: 0.5) == Pose(x: 3))
  }
}
