import LayerFXMath

/// How to read one option value, and how to name what was expected when it does not parse.
public struct ValueType<Value>: Sendable {
  /// What a valid value looks like, for the error message (`a finite number`).
  public let expected: String
  /// Returns the value, or `nil` when the text is not one.
  public let parse: @Sendable (String) -> Value?
  /// Returns what the user may have meant by a text that does not parse (`origins` for
  /// `orgins`), or `nil`.
  public let suggestion: @Sendable (String) -> String?
  /// Whether the value holds `Float`s, so that a number beyond `Float`'s range is named as such
  /// (`1e39 overflows Float`) rather than as ``expected``.
  public let readsFloats: Bool
  /// Names the number of a text that does not parse which is out of range, as written
  /// (`-1 is below 0`), or returns `nil`; the message then adds ``expected``.
  public let problem: @Sendable (String) -> String?

  /// Creates a value type; `suggestion` names the closest valid value for a text that does not
  /// parse (by default none); `readsFloats` says that its numbers are `Float`s; `problem` names
  /// an out-of-range number in a text that does not parse (by default none).
  public init(
    expected: String, suggestion: @escaping @Sendable (String) -> String? = { _ in nil },
    readsFloats: Bool = false, problem: @escaping @Sendable (String) -> String? = { _ in nil },
    parse: @escaping @Sendable (String) -> Value?
  ) {
    self.expected = expected
    self.suggestion = suggestion
    self.readsFloats = readsFloats
    self.problem = problem
    self.parse = parse
  }

  /// What was expected instead of `text`, for the message: ``expected``, then `; did you mean
  /// 'X'?` when ``suggestion`` has one.
  public func expected(insteadOf text: String) -> String {
    expected + (suggestion(text).map { "; did you mean '\($0)'?" } ?? "")
  }
}

extension ValueType where Value == Double {
  /// A decimal number that stays finite in `Float` (NaN, infinity and magnitudes beyond
  /// `Float.greatestFiniteMagnitude`, about 3.4e38, are rejected): kernels compute in `Float`,
  /// so a value that would become ∞ there is refused here, at the boundary.
  public static let number = ValueType(expected: "a finite number", readsFloats: true) { text in
    Double(decimal: text).flatMap {
      floatRangeProblem(text) == nil && Float($0).isFinite ? $0 : nil
    }
  }

  /// A number greater than zero that stays finite and non-zero in `Float` (so `1e-300`, which
  /// `Float` rounds to 0, is refused).
  public static let positiveNumber = ValueType(
    expected: "a finite number greater than 0", readsFloats: true
  ) {
    text in
    Double(decimal: text).flatMap {
      floatRangeProblem(text) == nil && Float($0).isFinite && Float($0) > 0 ? $0 : nil
    }
  }

  /// A number at least zero that stays finite in `Float`.
  public static let nonNegativeNumber = ValueType(
    expected: "a finite number ≥ 0", readsFloats: true
  ) { text in
    Double(decimal: text).flatMap {
      floatRangeProblem(text) == nil && Float($0).isFinite && $0 >= 0 ? $0 : nil
    }
  }
}

extension ValueType where Value == Int {
  /// A whole number in `range`.
  public static func integer(in range: ClosedRange<Int>) -> ValueType {
    ValueType(expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") { text in
      Int(text).flatMap { range.contains($0) ? $0 : nil }
    }
  }
}

extension ValueType where Value == Int {
  /// One of `values`.
  public static func oneOf(_ values: [Int]) -> ValueType {
    ValueType(expected: values.map(String.init).joined(separator: " or ")) { text in
      Int(text).flatMap { values.contains($0) ? $0 : nil }
    }
  }
}

extension ValueType where Value: Sendable {
  /// One of `names`, spelt exactly, each standing for its value; a misspelt name gets the
  /// closest one in the message (`apgn`: did you mean 'apng'?).
  ///
  /// - Parameters:
  ///   - names: The names and their values, in the order the message lists them.
  ///   - expected: What the message says was expected; the names, comma-separated, by default.
  /// - Returns: The value type.
  public static func named(_ names: [(name: String, value: Value)], expected: String? = nil)
    -> ValueType
  {
    let list = names.map(\.name)
    return ValueType(
      expected: expected ?? list.joined(separator: ", "),
      suggestion: { closestName(to: $0, among: list) }
    ) { text in names.first { $0.name == text }?.value }
  }
}

extension ValueType where Value == float2 {
  /// A point `X,Y` of two finite numbers.
  public static let point = ValueType(expected: "X,Y (two finite numbers)", readsFloats: true) {
    text in
    parsePair(text, separator: ",")
  }
}

extension ValueType where Value == SIMD2<Int> {
  /// A size `WxH` in pixels, each from 1 to 65535.
  public static let size = ValueType(expected: "WxH (whole numbers from 1 to 65535, digits only)") {
    text in
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    // Digits only: Int("+5") is 5, so `+5x5` read as 5 × 5.
    guard parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
      parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
      (1...65535).contains(w), (1...65535).contains(h)
    else { return nil }
    return SIMD2(w, h)
  }
}

/// Parses `A<separator>B` as two finite numbers.
public func parsePair(_ text: some StringProtocol, separator: Character) -> float2? {
  let parts = text.split(separator: separator, omittingEmptySubsequences: false)
  guard parts.count == 2, let a = Float(decimal: parts[0]), let b = Float(decimal: parts[1]),
    a.isFinite,
    b.isFinite
  else { return nil }
  return float2(a, b)
}
