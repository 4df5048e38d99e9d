import LayerFXAnimation
import LayerFXComposition
import Testing

@Suite struct SpringReportTests {
  @Test("a critically damped spring's report: its parameters and the closed-form step response")
  func criticallyDamped() {
    // m = 1, k = 100, c = 20: ω = √(k/m) = 10, ζ = c / (2√(km)) = 1, response 2π/ω.
    let spring = Spring(mass: 1, stiffness: 100, damping: 20, allowOverDamping: false)
    let lines = spring.report(at: [0, 0.1])
    #expect(
      Array(lines.prefix(5)) == [
        "mass: 1.000000", "stiffness: 100.000000", "damping: 20.000000", "response: 0.628319",
        "damping ratio: 1.000000",
      ])
    #expect(lines[7] == "time,value,velocity")
    #expect(lines[8] == "0.000000,0.000000,0.000000")
    // x(t) = 1 − (1 + ωt)e^(−ωt) = 1 − 2/e = 0.264241; v(t) = ω²t·e^(−ωt) = 10/e = 3.678794.
    #expect(lines[9] == "0.100000,0.264241,3.678794")
    #expect(spring.report(at: []).count == 7)
  }
}
