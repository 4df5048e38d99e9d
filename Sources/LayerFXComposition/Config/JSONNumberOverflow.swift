import CJansson
import Foundation

/// A JSON number LayerFX cannot hold, found by its key path: a real beyond `Double`
/// (`"time": 1e400`, overflowing IEEE 754 binary64) or an integer beyond 64 bits
/// (`"width": 99999999999999999999999`), which Jansson reports only by line and column.
///
/// The number is replaced by a string the document does not contain; where the parsed tree
/// holds that string is the number's key path (`output.time`, `effects[0].width`).
///
/// Source: RFC 8259 §6 (a number's range is the reader's); IEEE 754 binary64; Jansson 2.14
/// documentation, "Decoding" (`json_error_t.position`, `json_error_numeric_overflow`).
enum JSONNumberOverflow {
  /// The most numbers out of range that are replaced while looking for the first one's path;
  /// beyond it the caller keeps Jansson's line and column.
  static let replacementLimit = 16

  /// The issue for the number Jansson stopped at, whose token ends at byte `end` of `data`:
  /// its key path and `1e400 overflows Double (largest 1.7976931348623157e+308)` or
  /// `… overflows a 64-bit integer (-9223372036854775808 to 9223372036854775807)`; `nil` when
  /// the path cannot be found (another error in the document, or more than
  /// ``replacementLimit`` such numbers).
  ///
  /// - Complexity: O(bytes × numbers replaced).
  static func issue(in data: Data, endingAt end: Int) -> ConfigIssue? {
    let bytes = [UInt8](data)
    guard let token = tokenRange(in: bytes, near: end) else { return nil }
    var marker = "layerfx-number-out-of-range"
    while data.range(of: Data(marker.utf8)) != nil { marker += "-" }
    var patched = Array(bytes[..<token.lowerBound]) + Array("\"\(marker)\"".utf8)
    patched += bytes[token.upperBound...]
    // Later numbers out of range become 0, so the document parses and the tree can be read.
    for _ in 0..<replacementLimit {
      guard let error = JSONSyntaxError.firstError(Data(patched)) else { break }
      var failure = error
      guard json_error_code(&failure) == json_error_numeric_overflow,
        let next = tokenRange(in: patched, near: Int(error.position))
      else { return nil }
      patched.replaceSubrange(next, with: Array("0".utf8))
    }
    guard JSONSyntaxError.firstError(Data(patched)) == nil,
      let root = try? JSONSerialization.jsonObject(with: Data(patched), options: .fragmentsAllowed)
    else { return nil }
    let paths = Self.paths(to: marker, in: root, from: [])
    guard paths.count == 1, let path = paths.first else { return nil }
    let text = String(decoding: bytes[token], as: UTF8.self)
    let isReal = text.contains { ".eE".contains($0) }
    let limit =
      isReal
      ? "overflows Double (largest \(Double.greatestFiniteMagnitude))"
      : "overflows a 64-bit integer (\(Int64.min) to \(Int64.max))"
    return ConfigIssue(codingPath: path, .invalidValue("\(ConfigError.echo(text)) \(limit)"))
  }

  /// `data` with the number token that ends at `end` replaced by `3.5e38`, a finite `Double`
  /// beyond `Float`'s largest (3.4028235e38), and the token as written: decoding the probe
  /// says whether the key takes a `Float` (its decoder then refuses the probe as overflowing
  /// `Float`), so the number is named as overflowing what its key holds; `nil` when the token
  /// cannot be found.
  static func floatProbe(in data: Data, endingAt end: Int) -> (data: Data, text: String)? {
    let bytes = [UInt8](data)
    guard let token = tokenRange(in: bytes, near: end) else { return nil }
    var probe = bytes
    probe.replaceSubrange(token, with: Array("3.5e38".utf8))
    return (Data(probe), String(decoding: bytes[token], as: UTF8.self))
  }

  /// The bytes of the number token that ends at or next to `end` (Jansson's position may
  /// include the character after the token).
  private static func tokenRange(in bytes: [UInt8], near end: Int) -> Range<Int>? {
    let numeral = Set("0123456789+-.eE".utf8)
    for candidate in [end, end - 1] where (1...bytes.count).contains(candidate) {
      var start = candidate
      while start > 0, numeral.contains(bytes[start - 1]) { start -= 1 }
      if start < candidate { return start..<candidate }
    }
    return nil
  }

  /// Every key path in `value` (a `JSONSerialization` tree) to the string `marker`.
  private static func paths(to marker: String, in value: Any, from path: [any CodingKey])
    -> [[any CodingKey]]
  {
    switch value {
    case let string as String: return string == marker ? [path] : []
    case let array as [Any]:
      return array.enumerated().flatMap { paths(to: marker, in: $1, from: path + [IndexKey($0)]) }
    case let object as [String: Any]:
      return object.flatMap {
        paths(to: marker, in: $1, from: path + [ConfigKey(stringValue: $0)])
      }
    default: return []
    }
  }
}
