/// Whether `text` is a decimal numeral, the only way the command line writes a number: an
/// optional sign, digits with an optional decimal point (`12`, `1.5`, `.5`, `3.`) and an
/// optional exponent (`1e-3`, `2E+4`), or the words `inf`, `infinity` and `nan` in any case,
/// which parse so that the caller refuses them with its own "finite" message.
///
/// Swift's `Double(String)` and `Float(String)` also take C's hexadecimal floats (`0x10` is 16,
/// `0x1p-2` is 0.25, as `strtod` in C11 § 7.22.1.3 reads them); the command line refuses those,
/// so every number it parses passes through this check first.
func isDecimalNumeral(_ text: some StringProtocol) -> Bool {
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
  init?(decimal text: some StringProtocol) {
    guard isDecimalNumeral(text) else { return nil }
    self.init(String(text))
  }
}

extension Float {
  /// The value of a decimal numeral (``isDecimalNumeral(_:)``), rounded once from the text as
  /// `Float(String)` rounds it, or `nil` for any other text, hexadecimal floats included.
  init?(decimal text: some StringProtocol) {
    guard isDecimalNumeral(text) else { return nil }
    self.init(String(text))
  }
}
