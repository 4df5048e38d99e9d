import Foundation

extension TimelineChart {
  /// The most characters of a tick label written with decimals: a wider one overlaps its
  /// neighbours under the time axis (ticks about 80 points apart) or runs past the left margin
  /// of a value axis.
  static let maxDecimalLabelLength = 8

  /// The labels of the ticks `values`, `step` apart: each with the decimals the step needs
  /// (`0.5`, `1.0`, `20`), or, when one of those would be longer than
  /// `maxDecimalLabelLength` characters (a value from ten million up, a step below
  /// 0.0001), all in exponent form with the significant digits the step needs (`2e29`,
  /// `-1.5e38`, `5e-6`).
  ///
  /// - Parameters:
  ///   - values: The ticks, whole multiples of `step`.
  ///   - step: The distance between ticks, > 0.
  /// - Returns: One label per value.
  static func tickLabels(_ values: [Double], step: Double) -> [String] {
    func exponent(_ x: Double) -> Int { Int((log10(x) + 1e-9).rounded(.down)) }
    let decimals = max(0, -exponent(step))
    let withDecimals = values.map { $0.fixed(decimals) }
    let largest = values.map(abs).max() ?? 0
    guard largest > 0, withDecimals.contains(where: { $0.count > maxDecimalLabelLength }) else {
      return withDecimals
    }
    // The digits from the largest tick's first down to the step's.
    let digits = max(1, exponent(largest) - exponent(step) + 1)
    return values.map { value in
      guard value != 0 else { return "0" }
      let text = String(format: "%.\(digits)g", value)
      guard let e = text.firstIndex(of: "e"), let power = Int(text[text.index(after: e)...])
      else { return text }
      // C writes `2e+29` and `5e-06`; the label reads `2e29` and `5e-6`.
      return "\(text[..<e])e\(power)"
    }
  }
}
