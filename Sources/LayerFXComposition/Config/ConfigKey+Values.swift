import LayerFX

extension KeyedDecodingContainer where Key == ConfigKey {
  /// Decodes an optional finite number that must lie in `range`.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - range: The valid values.
  ///   - unit: The unit the message names, if any.
  /// - Returns: The number, or `nil` when the key is absent.
  /// - Throws: ``ConfigIssue`` for a wrong type, NaN or ±∞, or a value outside `range`,
  ///   naming the range and unit: `-1 is outside ≥ 0 (points)`.
  func number(_ key: ConfigKey, in range: ShaderFunction.ValueRange, unit: ShaderFunction.Unit?)
    throws -> Double?
  {
    guard let value = try finiteNumber(key) else { return nil }
    try check(
      Self.contains(range, value), key,
      "\(value.formatted) is outside \(range)" + (unit.map { " (\($0.name))" } ?? ""))
    return value
  }

  /// Decodes an optional whole number in `range`.
  ///
  /// - Throws: ``ConfigIssue`` for a wrong type, a fraction or a value outside `range`.
  func integer(_ key: ConfigKey, in range: ClosedRange<Int>) throws -> Int? {
    guard let value = try finiteNumber(key) else { return nil }
    try check(
      value.rounded() == value && Double(range.lowerBound) <= value
        && value <= Double(range.upperBound), key,
      "\(value.formatted) is not a whole number in \(range.lowerBound)…\(range.upperBound)")
    return Int(value)
  }

  /// Decodes an optional number that a `Float` holds: finite, and at most `Float`'s largest
  /// finite magnitude (3.4028235e38), so `1e39` is refused rather than becoming ∞.
  ///
  /// - Throws: ``ConfigIssue`` for a wrong type, NaN or ±∞, or a value that overflows `Float`.
  func float(_ key: ConfigKey) throws -> Float? {
    try finiteNumber(key).map(Float.init)
  }

  /// Decodes an optional array of exactly `count` numbers that a `Float` holds.
  ///
  /// - Throws: ``ConfigIssue`` for a wrong type or length, NaN or ±∞, or a `Float` overflow.
  func floats(_ key: ConfigKey, count: Int?) throws -> [Float]? {
    guard contains(key) else { return nil }
    var list = try nestedUnkeyedContainer(forKey: key)
    var values: [Float] = []
    while !list.isAtEnd {
      let value = try list.decode(Double.self)
      let path = codingPath + [key, IndexKey(list.currentIndex - 1)]
      if let problem = Self.floatProblem(value) {
        throw ConfigIssue(codingPath: path, .invalidValue(problem))
      }
      values.append(Float(value))
    }
    if let count {
      try check(values.count == count, key, "expected \(count) numbers, found \(values.count)")
    }
    return values
  }

  /// Whether `range` holds `value`, compared in `Double` so a bound is not rounded.
  static func contains(_ range: ShaderFunction.ValueRange, _ value: Double) -> Bool {
    if let lower = range.lower {
      let bound = Double(lower.value)
      if lower.isIncluded ? value < bound : value <= bound { return false }
    }
    if let upper = range.upper {
      let bound = Double(upper.value)
      if upper.isIncluded ? value > bound : value >= bound { return false }
    }
    return true
  }
}

/// An array index in a coding path, so messages read `effects[0]`.
struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "\(intValue ?? 0)" }

  init(_ index: Int) { intValue = index }
  init?(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
