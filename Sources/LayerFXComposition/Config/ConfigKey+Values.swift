import LayerFX
import LayerFXMath

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

  /// Decodes a document's required `version` and checks that it is `supported`.
  ///
  /// - Throws: ``ConfigIssue`` `missingKey` or `typeMismatch`; `unsupportedVersion` for another
  ///   whole number; `invalidValue` for a number that is not whole (`1.5 is not a version
  ///   number; this LayerFX reads version 1`).
  func checkVersion(_ supported: Int) throws {
    let key = ConfigKey(stringValue: "version")
    let number = try decode(Double.self, forKey: key)
    guard number == number.rounded(), abs(number) < 1e15 else {
      throw ConfigIssue(
        codingPath: codingPath + [key],
        .invalidValue(
          "\(number.formatted) is not a version number; this LayerFX reads version \(supported)"))
    }
    guard Int(number) == supported else {
      throw ConfigIssue(codingPath: codingPath + [key], .unsupportedVersion(Int(number)))
    }
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
    let numbers = try list(key, Double.self) { value, path in
      if let problem = Self.floatProblem(value) {
        throw ConfigIssue(codingPath: path, .invalidValue(problem))
      }
    }
    guard let values = numbers?.map(Float.init) else { return nil }
    if let count {
      try check(values.count == count, key, "expected \(count) numbers, found \(values.count)")
    }
    return values
  }

  /// Decodes an optional `maxSampleOffset` `[x, y]`: two numbers ≥ 0 that a `Float` holds,
  /// points (Semantics §4).
  ///
  /// - Throws: ``ConfigIssue`` as ``floats(_:count:)`` does, and for a number below 0, at its
  ///   element (`maxSampleOffset[0]`), named as the other ranges are: `-1 is outside ≥ 0
  ///   (points)`.
  func offset(_ key: ConfigKey) throws -> SIMD2<Float>? {
    guard let values = try floats(key, count: 2) else { return nil }
    let range = ShaderFunction.ValueRange.atLeast(0)
    // Named at its element (`maxSampleOffset[0]`), as an overflow of `Float` is (`floats`).
    for (index, value) in values.enumerated() where !range.contains(value) {
      throw ConfigIssue(
        codingPath: codingPath + [key, IndexKey(index)],
        .invalidValue(
          "\(value.shortDescription) is outside \(range) (\(ShaderFunction.Unit.points))"))
    }
    return SIMD2(values[0], values[1])
  }

  /// Decodes an optional array of `type`, handing each element and its path (`key[i]`) to
  /// `check` as it is read.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - type: The elements' type.
  ///   - check: Throws for an element that is not valid.
  /// - Returns: The elements in order, or `nil` when the key is absent.
  /// - Throws: ``ConfigIssue`` for a wrong type, and what `check` throws.
  func list<Element: Decodable>(
    _ key: ConfigKey, _ type: Element.Type,
    check: (Element, [any CodingKey]) throws -> Void
  ) throws -> [Element]? {
    guard contains(key) else { return nil }
    var container = try nestedUnkeyedContainer(forKey: key)
    var values: [Element] = []
    while !container.isAtEnd {
      let value = try container.decode(type)
      try check(value, codingPath + [key, IndexKey(container.currentIndex - 1)])
      values.append(value)
    }
    return values
  }

  /// Decodes an optional string that must be one of `names`; `null` counts as absent.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - names: The accepted names.
  ///   - what: What a name names, for the message: `an output format`.
  /// - Returns: The name, or `nil` when the key is absent or `null`.
  /// - Throws: ``ConfigIssue`` for a wrong type, or `invalidValue` for another name, listing
  ///   the names with the closest one (``closestName(to:among:)``).
  func name(_ key: ConfigKey, among names: [String], what: String) throws -> String? {
    guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
    try Self.check(text, among: names, what: what, at: codingPath + [key])
    return text
  }

  /// Decodes an optional array of strings, each one of `names`, each at most once (the names
  /// form a set, as `--overlay`'s list does, which refuses a repeat in the same words).
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - names: The accepted names.
  ///   - what: What a name names, for the message: `an overlay`.
  /// - Returns: The names in the order given, or `nil` when the key is absent.
  /// - Throws: ``ConfigIssue`` for a wrong type, or `invalidValue` at the element
  ///   (`debug.overlays[0]`) for another name, as ``name(_:among:what:)``, or for a name an
  ///   earlier element gave (`"origins" is given twice`).
  func names(_ key: ConfigKey, among names: [String], what: String) throws -> [String]? {
    var seen: Set<String> = []
    return try list(key, String.self) { text, path in
      try Self.check(text, among: names, what: what, at: path)
      guard seen.insert(text).inserted else {
        throw ConfigIssue(codingPath: path, .invalidValue("\"\(text)\" is given twice"))
      }
    }
  }

  /// Throws ``ConfigIssue`` `invalidValue` at `path` unless `names` holds `text`; the message
  /// echoes `text` when it is at most ``ConfigError/echoLimit`` characters and then suggests
  /// the closest name.
  static func check(_ text: String, among names: [String], what: String, at path: [any CodingKey])
    throws
  {
    guard !names.contains(text) else { return }
    let isShort = text.count <= ConfigError.echoLimit
    let suggestion = isShort ? closestName(to: text, among: names) : nil
    throw ConfigIssue(
      codingPath: path,
      .invalidValue(
        (isShort ? "\"\(text)\" is" : "the name is") + " not \(what) ("
          + names.joined(separator: ", ") + ")"
          + (suggestion.map { "; did you mean \($0)?" } ?? "")))
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
