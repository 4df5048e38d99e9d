import Foundation

/// A problem found while decoding a config document, before the file name is known; becomes
/// a ``ConfigError`` in ``KeyframesConfig``.
struct ConfigIssue: Error {
  enum Problem {
    case invalidJSON(String)
    case unknownKey(String)
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
    case .unknownKey(let key): .unknownKey(file: file, path: path, key: key)
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
    case is [Double].Type: "an array of numbers"
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
  /// Throws ``ConfigIssue`` `unknownKey` for the alphabetically first key not in `allowed`.
  func rejectUnknownKeys(allowed: Set<String>) throws {
    if let key = allKeys.map(\.stringValue).filter({ !allowed.contains($0) }).min() {
      throw ConfigIssue(codingPath: codingPath, .unknownKey(key))
    }
  }

  /// Decodes an optional number and rejects NaN, infinities and magnitudes beyond `Float`'s
  /// (`1e39`): kernel arguments are `Float`, so such a value would become ∞ only when a frame
  /// is prepared.
  func finiteNumber(_ key: ConfigKey) throws -> Double? {
    guard let number = try decodeIfPresent(Double.self, forKey: key) else { return nil }
    guard number.isFinite else {
      throw ConfigIssue(codingPath: codingPath + [key], .invalidValue("\(number) is not finite"))
    }
    guard Float(number).isFinite else {
      throw ConfigIssue(
        codingPath: codingPath + [key],
        .invalidValue(
          "\(number) is not finite as a 32-bit float (magnitude at most "
            + "\(Float.greatestFiniteMagnitude))"))
    }
    return number
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
