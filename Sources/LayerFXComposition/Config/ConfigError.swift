/// An error reading a LayerFX config document; every case names the file and, inside it, the
/// JSON key path (`keyframes.amplitude[1]`).
public enum ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(file: String, reason: String)

  /// The bytes are not JSON (a number too large for a `Double`, such as `1e999`, lands here
  /// only when the document is not JSON after it either; otherwise it is an
  /// ``invalidValue(file:path:reason:)`` at its key path).
  case invalidJSON(file: String, reason: String)

  /// An object has a key the format does not define; `path` is the object's, `suggestion` the
  /// closest key it may have.
  case unknownKey(file: String, path: String, key: String, suggestion: String?)

  /// A required key is absent.
  case missingKey(file: String, path: String, key: String)

  /// A value has the wrong JSON type; `expected` reads like "a number".
  case typeMismatch(file: String, path: String, expected: String)

  /// A value has the right type but is not allowed (not finite, out of range, unknown name).
  case invalidValue(file: String, path: String, reason: String)

  /// The document's `version` is not one this LayerFX reads.
  case unsupportedVersion(file: String, version: Int)

  /// One line: `file: key.path: problem`.
  public var description: String {
    switch self {
    case .unreadable(let file, let reason): "\(file): cannot read: \(reason)"
    case .invalidJSON(let file, let reason): "\(file): invalid JSON: \(reason)"
    case .unknownKey(let file, let path, let key, let suggestion):
      Self.line(
        file, Self.keyPath(path, key),
        "unknown key" + (suggestion.map { "; did you mean \($0)?" } ?? ""))
    case .missingKey(let file, let path, let key):
      Self.line(file, path, "missing key \"\(key)\"")
    case .typeMismatch(let file, let path, let expected):
      Self.line(file, path, "expected \(expected)")
    case .invalidValue(let file, let path, let reason): Self.line(file, path, reason)
    case .unsupportedVersion(let file, let version):
      "\(file): version: unsupported version \(version); this LayerFX reads version 1"
    }
  }

  /// The most characters of a key that a message repeats; a longer key is cut with "…", so a
  /// huge key is never echoed whole.
  public static let echoLimit = 60

  /// `key` cut to ``echoLimit`` characters.
  static func echo(_ key: String) -> String {
    key.count <= echoLimit ? key : key.prefix(echoLimit) + "…"
  }

  /// `path.key`, or `key` at the top level, the key cut to ``echoLimit`` characters.
  private static func keyPath(_ path: String, _ key: String) -> String {
    let name = echo(key)
    return path.isEmpty ? name : "\(path).\(name)"
  }

  private static func line(_ file: String, _ path: String, _ problem: String) -> String {
    path.isEmpty ? "\(file): \(problem)" : "\(file): \(path): \(problem)"
  }
}
