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

  // New-user trial 9 printed `mass: 0.000000`. ω = √(k/m) = √(10⁶⁰) = 10³⁰ rad/s, so the
  // response 2π/ω is 6.283185…e-30 s; no damping, so ζ = 0, bounce 1, and it never settles.
  @Test("a spring's tiny or huge constants keep their digits in exponent form")
  func extremeConstants() {
    let lines = Spring(mass: 1e-30, stiffness: 1e30, damping: 0).report(at: [])
    #expect(
      lines == [
        "mass: 1.000000e-30", "stiffness: 1.000000e+30", "damping: 0.000000",
        "response: 6.283185e-30", "damping ratio: 0.000000", "bounce: 1.000000",
        "settling duration: inf",
      ])
  }

  // New-user trial 17: `spring --response 0.5 --damping-ratio 1e30` printed the ratio's 31
  // digits; `--duration 0.5 --bounce 0.99999999` printed `damping ratio: 0.000000` and
  // `bounce: 1.000000`; `--bounce -0.9999999` printed `bounce: -1.000000`, which --bounce
  // refuses.
  @Test("a damping ratio or bounce is never printed as a value it is not")
  func ratioAndBounceKeepTheirValue() {
    let stiff = Spring(response: 0.5, dampingRatio: 1e30).report(at: [])
    #expect(stiff[4] == "damping ratio: 1.000000e+30")
    // ζ = 1 − bounce = 1e-8 (1.0000000050247593e-08 in binary64); the bounce 1 − ζ reads
    // back as 0.99999999.
    let bouncy = Spring(duration: 0.5, bounce: 0.99999999).report(at: [])
    #expect(Array(bouncy[4...5]) == ["damping ratio: 1.000000e-08", "bounce: 0.99999999"])
    // ζ = 1 / (1 + bounce) = 1 / 1e-7 = 10000000.005… (1 − 0.9999999 is 9.999999994736e-8 in
    // binary64); the bounce 1/ζ − 1 reads back as -0.9999999.
    let damped = Spring(duration: 0.5, bounce: -0.9999999).report(at: [])
    #expect(Array(damped[4...5]) == ["damping ratio: 10000000.005264", "bounce: -0.9999999"])
  }

  @Test("6 decimals from 0.001 up to 10¹⁰, exponent form beyond, 0 and infinity as before")
  func fixedOrExponentBounds() {
    #expect(0.001.fixedOrExponent() == "0.001000")
    #expect(0.000999.fixedOrExponent() == "9.990000e-04")
    #expect((-0.000999).fixedOrExponent() == "-9.990000e-04")
    #expect(9_999_999_999.0.fixedOrExponent() == "9999999999.000000")
    #expect(1e10.fixedOrExponent() == "1.000000e+10")
    #expect(0.0.fixedOrExponent() == "0.000000")
    #expect(Double.infinity.fixedOrExponent() == "inf")
    // Rounded to a whole number it is not: as read back. Rounded to another fraction: 6
    // decimals, as before.
    #expect(1.9999999.fixedOrExponent() == "1.9999999")
    #expect((-0.9999999).fixedOrExponent() == "-0.9999999")
    #expect(0.9999994.fixedOrExponent() == "0.999999")
  }
}
