import LayerFX
import LayerFXAnimation
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

@Suite struct AnimatedEffectClockTests {
  @Test("the clock drives the named float parameter, else the time-since-trigger one")
  func clockParameter() {
    // Ripple(position, layer, origin, time, amplitude, frequency, decay, speed).
    #expect(ShaderFunction.ripple.clockParameter(named: nil) == "time")
    #expect(ShaderFunction.ripple.clockParameter(named: "amplitude") == "amplitude")
    // origin is a float2, not a clock.
    #expect(ShaderFunction.ripple.clockParameter(named: "origin") == "time")
    #expect(ShaderFunction.grayscale.clockParameter(named: nil) == nil)
  }

  @Test("on the clock the time parameter runs 0 to the length; given a value it stays put")
  func onClock() {
    let effect = AnimatedEffect.onClock(
      .ripple, arguments: [], timeParameter: nil, length: 2, maxSampleOffset: nil)
    #expect(abs(effect.animator.timeline.value(time: 1)["time"] - 1) <= 1e-12)
    #expect(abs(effect.endTime - 2) <= 1e-12)
    let fixed = AnimatedEffect.onClock(
      .ripple, arguments: [("time", .float(0.3))], timeParameter: nil, length: 2,
      maxSampleOffset: float2(4, 4))
    #expect(fixed.endTime == 0)
    #expect(fixed.maxSampleOffset == float2(4, 4))
  }

  @Test("without taps an effect gets the view's position; with taps it is replayed by them")
  func replayed() {
    let effect = AnimatedEffect(.ripple)
    let still = effect.replayed(
      by: [], duration: 1, timeParameter: nil, sizeInPoints: float2(40, 30))
    // A position left out is the image's centre (Semantics §1.2).
    #expect(still.arguments.contains { $0.name == "origin" && $0.value == .float2(float2(20, 15)) })
    let tapped = effect.replayed(
      by: [.init(time: 0.5, payload: float2(2, 3))], duration: 1, timeParameter: nil,
      sizeInPoints: float2(40, 30))
    #expect(tapped.animator.triggers.map(\.time) == [0.5])
    // The tap at 0.5 s plus the 1 s window.
    #expect(abs(tapped.endTime - 1.5) <= 1e-12)
  }
}
