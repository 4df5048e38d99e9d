import CJansson
import Foundation

/// Where a JSON document stops being JSON, as "line L, column C: problem".
///
/// Jansson parses the bytes with `JSON_REJECT_DUPLICATES`: an object that repeats a key is an
/// error (Foundation's `JSONDecoder` and `JSONSerialization` keep one of the values silently).
/// Lines and columns are Jansson's, 1-based; numbers that overflow a `Double` (`1e999`) and
/// integers beyond 64 bits are errors here too. Jansson's message is at most 160 bytes, so a huge
/// token is never echoed whole.
///
/// Source: Jansson 2.14 documentation, "Decoding" (`json_loadb`, `JSON_REJECT_DUPLICATES`,
/// `json_error_t`); RFC 8259 §4 ("The names within an object SHOULD be unique").
enum JSONSyntaxError {
  /// Returns the position and problem of the first syntax error or duplicate key in `data`, or
  /// `nil` when the bytes are one JSON value without duplicate keys.
  ///
  /// - Complexity: O(bytes); Jansson builds the tree and it is freed before returning.
  static func describe(_ data: Data) -> String? {
    var error = json_error_t()
    let root = data.withUnsafeBytes { bytes in
      json_loadb(
        bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count,
        Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY), &error)
    }
    if let root {
      json_decref(root)
      return nil
    }
    let text = withUnsafeBytes(of: error.text) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    guard error.line > 0 else { return text }
    return "line \(error.line), column \(error.column): \(text)"
  }
}
