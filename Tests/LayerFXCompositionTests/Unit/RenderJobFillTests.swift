import LayerFX
import LayerFXComposition
import LayerFXKernels
import LayerFXMath
import Testing

@Suite struct RenderJobFillTests {
  @Test("given arguments win over the defaults, and the view's size is the image's in points")
  func arguments() {
    let fill = RenderJob.Fill(
      .radialGradient, given: [("endRadius", .float(20))],
      defaults: [("endRadius", .float(5)), ("startRadius", .float(1))], timeParameter: nil,
      isOnClock: true, width: 40, height: 30, scale: 2)
    let named = Dictionary(fill.arguments.map { ($0.name, $0.value) }) { first, _ in first }
    #expect(named["endRadius"] == .float(20))
    #expect(named["startRadius"] == .float(1))
    // 40 × 30 pixels at 2 pixels per point (Semantics §1.2).
    #expect(named["size"] == .float2(float2(20, 15)))
    // radialGradient has no time parameter: nothing to drive.
    #expect(fill.clockParameter == nil)
  }

  @Test("on the clock the named float parameter is driven, unless an argument gives it")
  func clock() {
    let driven = RenderJob.Fill(
      .radialGradient, given: [], defaults: [], timeParameter: "startRadius", isOnClock: true,
      width: 4, height: 4, scale: 1)
    #expect(driven.clockParameter == "startRadius")
    let given = RenderJob.Fill(
      .radialGradient, given: [("startRadius", .float(1))], defaults: [],
      timeParameter: "startRadius", isOnClock: true, width: 4, height: 4, scale: 1)
    #expect(given.clockParameter == nil)
    let still = RenderJob.Fill(
      .radialGradient, given: [], defaults: [], timeParameter: "startRadius", isOnClock: false,
      width: 4, height: 4, scale: 1)
    #expect(still.clockParameter == nil)
  }
}
