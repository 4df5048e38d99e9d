import CJansson
import Foundation

/// Finds a key given twice in one JSON object, which `JSONDecoder` and `JSONSerialization`
/// accept silently (one of the two values is used), with Jansson's `JSON_REJECT_DUPLICATES`.
///
/// Source: RFC 8259 §4 ("The names within an object SHOULD be unique"); Jansson 2.14
/// documentation, `json_loadb` and its `JSON_REJECT_DUPLICATES` flag.
enum JSONDuplicateKey {
  /// "line L, column C: duplicate object key" for the first repeated key in `data`, or `nil`
  /// when there is none (or the document fails for another reason, which the decoder reports).
  ///
  /// - Parameter data: A JSON document.
  /// - Returns: The position of the second occurrence and the problem, in Jansson's words.
  static func describe(_ data: Data) -> String? {
    var error = json_error_t()
    let flags = Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY)
    let root = data.withUnsafeBytes { buffer in
      json_loadb(
        buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count, flags, &error)
    }
    if let root {
      json_decref(root)
      return nil
    }
    guard json_error_code(&error) == json_error_duplicate_key else { return nil }
    let text = withUnsafeBytes(of: error.text) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    return "line \(error.line), column \(error.column): \(text)"
  }
}
