import LayerFX
import Testing

@Suite struct DecimalTextTests {
  @Test("numbers are rounded to the places asked for, without trailing zeros")
  func nearest() {
    // Float(0.16666667) × 100 = 16.666…, nearest 17; 4.000004 × 100 = 400.0004, nearest 400.
    #expect(Float(0.16666667).decimalText(places: 2) == "0.17")
    #expect(Float(4.000004).decimalText(places: 2) == "4")
    #expect(Float(0.25043637).decimalText(places: 3) == "0.25")
    #expect(Double(1.5).decimalText(places: 3) == "1.5")
    #expect(Double(-0.05).decimalText(places: 2) == "-0.05")
    #expect(Double(-0.001).decimalText(places: 2) == "0")
    #expect(Double(1.0 / 3).decimalText(places: 3) == "0.333")
    #expect(Double(12).decimalText(places: 0) == "12")
  }

  @Test("rounded up, the text read back is never below the number")
  func up() throws {
    #expect(Float(4.000004).decimalText(places: 2, rounding: .up) == "4.01")
    #expect(Float(3.9991264).decimalText(places: 2, rounding: .up) == "4")
    #expect(Float(4).decimalText(places: 2, rounding: .up) == "4")
    for value: Float in [0.29, 0.1, 1e-7, 2.675, 3.0000038, 123.456] {
      let text = value.decimalText(places: 2, rounding: .up)
      let back = try #require(Float(text))
      #expect(back >= value, "\(value) gave \(text)")
    }
  }

  @Test("NaN and the infinities are written as their description writes them")
  func nonFinite() {
    #expect(Float.infinity.decimalText(places: 2) == "inf")
    #expect(Float.nan.decimalText(places: 2) == "nan")
  }
}
