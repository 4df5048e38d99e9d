import CJansson
import Foundation

/// Where a JSON document stops being JSON, as "line L, column C: problem".
///
/// Jansson parses the bytes with `JSON_REJECT_DUPLICATES`: an object that repeats a key is an
/// error (Foundation's `JSONDecoder` and `JSONSerialization` keep one of the values silently).
/// Lines and columns are Jansson's, 1-based. Jansson's message is at most 160 bytes, so a huge
/// token is never echoed whole. A number that overflows a `Double` (`1e999`) or an integer
/// beyond 64 bits is valid JSON (RFC 8259 §6 leaves the range to the reader) that LayerFX cannot
/// hold: it is named by its key path instead (`JSONNumberOverflow`).
///
/// Source: Jansson 2.14 documentation, "Decoding" (`json_loadb`, `JSON_REJECT_DUPLICATES`,
/// `json_error_t`, `json_error_code`); RFC 8259 §4 ("The names within an object SHOULD be
/// unique"), §6 (numbers).
public enum JSONSyntaxError {
  /// Checks that `data` is one JSON value without duplicate keys whose numbers LayerFX can hold.
  ///
  /// - Parameters:
  ///   - data: The document's bytes.
  ///   - file: The name errors give the document.
  ///   - floatKey: Decodes a document and returns the key path at which it refuses a number
  ///     as overflowing `Float`, or `nil`: a number out of range at that key (a kernel's `Float`
  ///     parameter) is named as overflowing `Float`, what the key holds, rather than `Double`
  ///     or a 64-bit integer (`JSONNumberOverflow.floatProbe(in:endingAt:)`).
  /// - Throws: ``ConfigError/invalidValue(file:path:reason:)`` for the first number beyond
  ///   `Double` or a 64-bit integer, naming its key path; otherwise
  ///   ``ConfigError/invalidJSON(file:reason:)`` with Jansson's line, column and message.
  /// - Complexity: O(bytes) for a valid document; Jansson's tree is freed before returning.
  static func check(_ data: Data, file: String, floatKey: ((Data) -> String?)? = nil)
    throws(ConfigError)
  {
    if let problem = bytesProblem(data) { throw .invalidJSON(file: file, reason: problem) }
    guard var error = firstError(data) else { return }
    if json_error_code(&error) == json_error_numeric_overflow,
      let issue = JSONNumberOverflow.issue(in: data, endingAt: Int(error.position))
    {
      if let floatKey,
        let probe = JSONNumberOverflow.floatProbe(in: data, endingAt: Int(error.position)),
        floatKey(probe.data) == issue.path
      {
        throw .invalidValue(
          file: file, path: issue.path,
          reason: "\(ConfigError.echo(probe.text)) overflows Float (largest "
            + "\(Float.greatestFiniteMagnitude))")
      }
      throw issue.error(file: file)
    }
    throw .invalidJSON(file: file, reason: Self.describe(error))
  }

  /// Where `data` stops being JSON and why, `line L, column C: problem` (a repeated key is a
  /// problem); `nil` when it is one JSON value without duplicate keys, or when its only fault is
  /// a number beyond `Double` or a 64-bit integer, which a decoder names by its key path
  /// instead.
  ///
  /// - Parameter data: A document's bytes (a request body, a file).
  /// - Returns: Jansson's line, column and message, or `nil`.
  public static func syntaxProblem(in data: Data) -> String? {
    if let problem = bytesProblem(data) { return problem }
    guard var error = firstError(data), json_error_code(&error) != json_error_numeric_overflow
    else { return nil }
    return describe(error)
  }

  /// A problem Jansson 2.14 misreports, worded as ``describe(_:)`` words Jansson's.
  ///
  /// A document of whitespace alone (Jansson: "unexpected token near end of file" at column
  /// 0) or one holding a NUL byte, which JSON allows nowhere (only whitespace separates tokens,
  /// RFC 8259 §2; a control character in a string must be escaped, §7) and which Jansson skips
  /// between tokens. `nil` otherwise. The column counts characters, as Jansson's does (bytes
  /// that do not continue a UTF-8 sequence).
  static func bytesProblem(_ data: Data) -> String? {
    if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      return "empty document (no JSON value)"
    }
    // Through the bytes: Data's own firstIndex(of:) took 0.4 s for a 15 MB document.
    guard let offset = data.withUnsafeBytes({ $0.firstIndex(of: 0) }) else { return nil }
    let nul = data.startIndex + offset
    let before = data[data.startIndex..<nul]
    let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? data.startIndex
    let line = before.count { $0 == 0x0A } + 1
    let column = data[lineStart...nul].count { $0 & 0xC0 != 0x80 }
    return "line \(line), column \(column): a NUL byte, which JSON does not allow"
  }

  /// Jansson's error as `line L, column C: problem`, or the problem alone without a line.
  private static func describe(_ error: json_error_t) -> String {
    let text = withUnsafeBytes(of: error.text) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return error.line > 0 ? "line \(error.line), column \(error.column): \(text)" : text
  }

  /// Jansson's first error in `data`, or `nil` when the bytes are one JSON value without
  /// duplicate keys and with every number in range.
  static func firstError(_ data: Data) -> json_error_t? {
    var error = json_error_t()
    let root = data.withUnsafeBytes { bytes in
      json_loadb(
        bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count,
        Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY), &error)
    }
    guard let root else { return error }
    json_decref(root)
    return nil
  }
}
