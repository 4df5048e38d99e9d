import Foundation

extension Double {
  /// The number with `digits` decimals (`0.357740`), for CSV and `name: value` output.
  ///
  /// Values that round to zero print without a minus sign; infinities print as `inf` and
  /// `-inf`, NaN as `nan`.
  ///
  /// - Parameter digits: Decimals, ≥ 0; 6 by default.
  /// - Returns: The text, such as `0.357740`.
  public func fixed(_ digits: Int = 6) -> String {
    guard isFinite else { return isNaN ? "nan" : (self < 0 ? "-inf" : "inf") }
    let text = String(format: "%.\(digits)f", self)
    return text.hasPrefix("-") && text.allSatisfy({ "-0.".contains($0) })
      ? String(text.dropFirst()) : text
  }

  /// The number with 6 decimals where they keep its value, else in exponent form or as read back.
  ///
  /// 6 decimals as ``fixed(_:)`` writes them, or exponent form with 7 significant digits (`1.000000e-30`, `2.500000e+12`) when it is not 0 and its size is below
  /// 0.001 or from 10¹⁰ up: 6 decimals would show fewer than 4 of its significant digits
  /// (`0.000000` for 10⁻³⁰), or more digits than the 16 a `Double` holds (10³⁰ is
  /// `1000000000000000019884624838656.000000`). A value that 6 decimals would round to a whole
  /// number it is not is written in the shortest form that reads back as it (`0.99999999`, not
  /// `1.000000`): a bounce of 1 or a damping ratio of 1 is a limit, and a bounce of -1 is refused.
  ///
  /// - Returns: The text, such as `157.913670`, `1.000000e-30` or `0.99999999`; `inf`, `-inf`
  ///   or `nan` as ``fixed(_:)`` writes them.
  public func fixedOrExponent() -> String {
    guard isFinite, self != 0 else { return fixed() }
    if abs(self) < 1e-3 || abs(self) >= 1e10 { return String(format: "%.6e", self) }
    let text = fixed()
    guard let shown = Double(text), shown == shown.rounded(), shown != self else { return text }
    return "\(self)"
  }
}
