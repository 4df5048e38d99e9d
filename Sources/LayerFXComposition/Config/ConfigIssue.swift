import Foundation
import LayerFX
import LayerFXMath

/// A problem found while decoding a config document, before the file name is known; becomes
/// a ``ConfigError`` in ``KeyframesConfig``.
struct ConfigIssue: Error {
  enum Problem {
    case invalidJSON(String)
    /// The key and the closest allowed name, if one is close.
    case unknownKey(String, suggestion: String?)
    case missingKey(String)
    case typeMismatch(String)
    case invalidValue(String)
    case unsupportedVersion(Int)
  }

  /// The JSON key path such as `keyframes.amplitude[1]`.
  let path: String
  let problem: Problem

  init(codingPath: [any CodingKey], _ problem: Problem) {
    self.path = Self.format(codingPath)
    self.problem = problem
  }

  /// Translates Foundation's decoding errors into the same vocabulary.
  init(decodingError: DecodingError) {
    switch decodingError {
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      self.init(codingPath: context.codingPath, .typeMismatch(Self.describe(type)))
    case .keyNotFound(let key, let context):
      self.init(codingPath: context.codingPath, .missingKey(key.stringValue))
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      self.init(codingPath: [], .invalidJSON(context.debugDescription))
    case .dataCorrupted(let context):
      self.init(codingPath: context.codingPath, .invalidValue(context.debugDescription))
    @unknown default:
      self.init(codingPath: [], .invalidJSON("\(decodingError)"))
    }
  }

  func error(file: String) -> ConfigError {
    switch problem {
    case .invalidJSON(let reason): .invalidJSON(file: file, reason: reason)
    case .unknownKey(let key, let suggestion):
      .unknownKey(file: file, path: path, key: key, suggestion: suggestion)
    case .missingKey(let key): .missingKey(file: file, path: path, key: key)
    case .typeMismatch(let expected): .typeMismatch(file: file, path: path, expected: expected)
    case .invalidValue(let reason): .invalidValue(file: file, path: path, reason: reason)
    case .unsupportedVersion(let version): .unsupportedVersion(file: file, version: version)
    }
  }

  /// `keyframes.amplitude[1].duration` from a coding path.
  static func format(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is [Double].Type: "an array of numbers"
    // A keyed container's mismatch names `[String: Any]`, a Collection too.
    case is [String: Any].Type: "an object"
    default: type is any Collection.Type ? "an array" : "an object"
    }
  }
}

/// A JSON object key read by name, so a decoder can list the keys it does not know.
struct ConfigKey: CodingKey, ExpressibleByStringLiteral {
  let stringValue: String
  let intValue: Int? = nil

  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
  init(stringLiteral value: String) { self.stringValue = value }
}

extension KeyedDecodingContainer where Key == ConfigKey {
  /// Throws ``ConfigIssue`` `unknownKey` for the alphabetically first key not in `allowed`,
  /// with the closest allowed name (``closestName(to:among:)``) when the key is short enough to
  /// be a misspelling (at most ``ConfigError/echoLimit`` characters); then `invalidValue` for
  /// the first key whose value is `null` unless `nullable` holds it.
  ///
  /// `null` is a value, not an absent key: the schema (``DebugConfig/schema(library:)``) gives
  /// no key the type `null` except those whose ``ConfigField/acceptsNull`` says so, and the
  /// decoder accepts exactly those.
  func rejectUnknownKeys(allowed: Set<String>, nullable: Set<String> = []) throws {
    let keys = allKeys.map(\.stringValue)
    if let key = keys.filter({ !allowed.contains($0) }).min() {
      let suggestion =
        key.count <= ConfigError.echoLimit ? closestName(to: key, among: allowed.sorted()) : nil
      throw ConfigIssue(codingPath: codingPath, .unknownKey(key, suggestion: suggestion))
    }
    for key in keys.sorted() where !nullable.contains(key) {
      let codingKey = ConfigKey(stringValue: key)
      if try decodeNil(forKey: codingKey) {
        throw ConfigIssue(
          codingPath: codingPath + [codingKey],
          .invalidValue("null is not a value here; give one, or leave the key out"))
      }
    }
  }

  /// Decodes an optional number and rejects NaN, infinities and values beyond `Float`'s range.
  ///
  /// Parameters reach the kernels as `Float`: 1e39 is finite as a `Double` but not as a
  /// `Float`, and is refused here, naming the key, rather than by the kernel mid-render.
  func finiteNumber(_ key: ConfigKey) throws -> Double? {
    guard let number = try decodeIfPresent(Double.self, forKey: key) else { return nil }
    if let problem = Self.floatProblem(number) {
      throw ConfigIssue(codingPath: codingPath + [key], .invalidValue(problem))
    }
    return number
  }

  /// Why `number` cannot be a parameter value (NaN, ±∞, beyond `Float`'s largest finite
  /// magnitude, 3.4028235e38, or so small that `Float` rounds it to zero: below half its
  /// smallest subnormal, 1e-45, IEEE 754 binary32), or `nil` when it can; the number is
  /// named as `written` when given (the text of a document's number), else as formatted.
  static func floatProblem(_ number: Double, written: String? = nil) -> String? {
    guard number.isFinite else { return "\(number) is not finite" }
    let text = written ?? number.formatted
    guard Float(number).isFinite else {
      return "\(text) overflows Float (largest \(Float.greatestFiniteMagnitude))"
    }
    guard number == 0 || Float(number) != 0 else {
      return "\(text) underflows Float to 0 (smallest \(Float.leastNonzeroMagnitude))"
    }
    return nil
  }

  /// Decodes a required finite number.
  func requiredFiniteNumber(_ key: ConfigKey) throws -> Double {
    guard let number = try finiteNumber(key) else {
      throw ConfigIssue(codingPath: codingPath, .missingKey(key.stringValue))
    }
    return number
  }

  /// Throws ``ConfigIssue`` `invalidValue` at `key` unless `isValid`.
  func check(_ isValid: Bool, _ key: ConfigKey, _ reason: String) throws {
    if !isValid { throw ConfigIssue(codingPath: codingPath + [key], .invalidValue(reason)) }
  }
}
