/// Whether `text` is a decimal numeral, the only way the command line writes a number: an
/// optional sign, digits with an optional decimal point (`12`, `1.5`, `.5`, `3.`) and an
/// optional exponent (`1e-3`, `2E+4`), or the words `inf`, `infinity` and `nan` in any case,
/// which parse so that the caller refuses them with its own "finite" message.
///
/// Swift's `Double(String)` and `Float(String)` also take C's hexadecimal floats (`0x10` is 16,
/// `0x1p-2` is 0.25, as `strtod` in C11 § 7.22.1.3 reads them); the command line refuses those,
/// so every number it parses passes through this check first.
public func isDecimalNumeral(_ text: some StringProtocol) -> Bool {
  var rest = Substring(text)
  if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
  if ["inf", "infinity", "nan"].contains(rest.lowercased()) { return true }
  let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
  let exponent = rest.dropFirst(mantissa.count)
  let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
  let allDigits = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isNumber } }
  guard parts.allSatisfy(allDigits), parts.contains(where: { !$0.isEmpty }) else { return false }
  guard !exponent.isEmpty else { return true }
  var power = exponent.dropFirst()
  if let sign = power.first, sign == "+" || sign == "-" { power = power.dropFirst() }
  return !power.isEmpty && allDigits(power)
}

extension Double {
  /// The value of a decimal numeral (``isDecimalNumeral(_:)``), or `nil` for any other text,
  /// hexadecimal floats included.
  public init?(decimal text: some StringProtocol) {
    guard isDecimalNumeral(text) else { return nil }
    self.init(String(text))
  }
}

extension Float {
  /// The value of a decimal numeral (``isDecimalNumeral(_:)``), rounded once from the text as
  /// `Float(String)` rounds it, or `nil` for any other text, hexadecimal floats included, and
  /// for a finite number that `Float` cannot hold (``floatRangeProblem(_:)``).
  public init?(decimal text: some StringProtocol) {
    guard isDecimalNumeral(text), floatRangeProblem(text) == nil else { return nil }
    self.init(String(text))
  }
}

/// Why a decimal numeral (``isDecimalNumeral(_:)``) that is a finite number cannot be a
/// kernel's `Float`: beyond `Float`'s largest finite magnitude (`1e39` overflows to ∞) or so
/// small that `Float` rounds it to 0 (`1e-46`, below half the smallest subnormal, 1e-45; IEEE
/// 754 binary32), in the words a config uses for the same value; `nil` for any other text,
/// and for `inf` and `nan`, which are refused as not finite.
///
/// A list (`X,Y`, `X,Y@T`, colours separated by `;`) is checked number by number.
public func floatRangeProblem(_ text: some StringProtocol) -> String? {
  for number in text.split(whereSeparator: { ",@;".contains($0) }) where isDecimalNumeral(number) {
    let mantissa = number.prefix { $0 != "e" && $0 != "E" }
    guard mantissa.contains(where: \.isNumber), let value = Float(String(number)) else { continue }
    if value.isInfinite {
      return "\(number) overflows Float (largest \(Float.greatestFiniteMagnitude))"
    }
    if value == 0 && mantissa.contains(where: { ("1"..."9").contains($0) }) {
      return "\(number) underflows Float to 0 (smallest \(Float.leastNonzeroMagnitude))"
    }
  }
  return nil
}

/// Why a list of decimal numerals (`X,Y`) is not a list of finite numbers ≥ 0: the first that
/// is not finite (`nan is not finite`) or is below 0 (`-1 is below 0`), named as written;
/// `nil` when there is none.
public func nonNegativeProblem(_ text: some StringProtocol) -> String? {
  for number in text.split(separator: ",") {
    guard let value = Double(decimal: number) else { continue }
    if !value.isFinite { return "\(number) is not finite" }
    if value < 0 { return "\(number) is below 0" }
  }
  return nil
}
