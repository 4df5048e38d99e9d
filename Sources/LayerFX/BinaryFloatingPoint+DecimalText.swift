extension BinaryFloatingPoint {
  /// The number rounded to `places` decimals by `rule`, without trailing zeros or a trailing
  /// point, for messages people read: `4.000004` is `4`, `0.16666667` is `0.17`, and rounded
  /// `.up` `4.000004` is `4.01` (2 places).
  ///
  /// Rounded `.up`, the text read back as the same type is never below the number: the
  /// rounded decimal is at least the number, and rounding to the nearest representable value
  /// keeps that order. A result of zero has no minus sign. NaN, the infinities and numbers
  /// whose scaled value reaches 10¹⁵ are written as `description` writes them (`nan`, `inf`).
  ///
  /// - Parameters:
  ///   - places: Decimals kept, 0…9.
  ///   - rule: How the number is rounded to `places` decimals; to the nearest by default
  ///     (halves away from zero).
  /// - Returns: The text, such as `4.01` or `-0.5`.
  /// - Precondition: `places` is in 0…9 (checked in release too).
  public func decimalText(
    places: Int, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
  ) -> String {
    precondition((0...9).contains(places), "decimal places must be in 0…9")
    let power = (0..<places).reduce(1) { result, _ in result * 10 }
    // For a Float the product is exact (24 + 7 significant bits fit a Double's 53).
    let scaled = (Double(self) * Double(power)).rounded(rule)
    guard scaled.isFinite, abs(scaled) < 1e15 else { return "\(self)" }
    let units = Int(scaled)
    let whole = "\(units < 0 ? "-" : "")\(abs(units) / power)"
    let fraction = String(abs(units) % power)
    guard fraction != "0" else { return whole }
    var digits = String(repeating: "0", count: places - fraction.count) + fraction
    while digits.last == "0" { digits.removeLast() }
    return whole + "." + digits
  }
}
