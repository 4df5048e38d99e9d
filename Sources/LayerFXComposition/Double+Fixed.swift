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
}
