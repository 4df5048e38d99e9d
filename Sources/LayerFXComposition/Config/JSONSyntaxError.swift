import CJansson
import Foundation

/// Where a JSON document stops being JSON, as "line L, column C: problem".
///
/// Jansson parses the bytes with `JSON_REJECT_DUPLICATES`: an object that repeats a key is an
/// error (Foundation's `JSONDecoder` and `JSONSerialization` keep one of the values silently).
/// Lines and columns are Jansson's, 1-based. Jansson's message is at most 160 bytes, so a huge
/// token is never echoed whole. A number beyond `Double` (`1e999`), one `Double` rounds to 0
/// (`1e-400`) or an integer beyond 64 bits is valid JSON (RFC 8259 §6 leaves the range to the
/// reader) that LayerFX cannot hold: it is named by its key path instead
/// (`JSONNumberOutOfRange`).
///
/// Source: Jansson 2.14 documentation, "Decoding" (`json_loadb`, `JSON_REJECT_DUPLICATES`,
/// `JSON_ALLOW_NUL`, `json_error_t`, `json_error_code`); RFC 8259 §4 ("The names within an
/// object SHOULD be unique"), §6 (numbers).
public enum JSONSyntaxError {
  /// Checks that `data` is one JSON value without duplicate keys whose numbers LayerFX can hold.
  ///
  /// - Parameters:
  ///   - data: The document's bytes.
  ///   - file: The name errors give the document.
  ///   - decode: Decodes a document and returns the issue it raises, or `nil`. The first number
  ///     out of range is replaced by a probe that fits `Double` but not `Float` (3.5e38 for one
  ///     too large, 1e-50 for one too small); when the decoder refuses the probe at the
  ///     number's key path as not fitting `Float` (a kernel's `Float` parameter), the number is
  ///     named as overflowing or underflowing `Float`, what the key holds, rather than `Double`
  ///     or a 64-bit integer.
  /// - Throws: ``ConfigError/invalidValue(file:path:reason:)`` for the first number beyond
  ///   `Double` or a 64-bit integer, or that `Double` rounds to 0, naming its key path;
  ///   otherwise ``ConfigError/invalidJSON(file:reason:)`` with Jansson's line, column and
  ///   message.
  /// - Complexity: O(bytes) for a valid document; Jansson's tree is freed before returning.
  static func check(_ data: Data, file: String, decode: ((Data) -> ConfigIssue?)? = nil)
    throws(ConfigError)
  {
    if let problem = bytesProblem(data) { throw .invalidJSON(file: file, reason: problem) }
    let error = firstError(data)
    if var error, json_error_code(&error) != json_error_numeric_overflow {
      throw .invalidJSON(file: file, reason: Self.describe(error))
    }
    guard let masked = JSONNumberOutOfRange.Masked(data), let number = masked.numbers.first else {
      // No number out of range, or another error after Jansson's overflow.
      if let error { throw .invalidJSON(file: file, reason: Self.describe(error)) }
      return
    }
    if let decode, let reason = floatProblem(of: number, in: masked, decode: decode) {
      throw .invalidValue(file: file, path: number.path, reason: reason)
    }
    throw .invalidValue(file: file, path: number.path, reason: number.reason)
  }

  /// `1e400 overflows Float (…)` or `1e-400 underflows Float to 0 (…)` when `decode` refuses a
  /// probe in place of `number` at its key path as not fitting `Float`, else `nil`.
  private static func floatProblem(
    of number: JSONNumberOutOfRange.Masked.Number, in masked: JSONNumberOutOfRange.Masked,
    decode: (Data) -> ConfigIssue?
  ) -> String? {
    let probe: Double = Double(number.text) == 0 ? 1e-50 : 3.5e38
    var json = String(decoding: masked.data, as: UTF8.self)
    for other in masked.numbers {
      let replacement = other.marker == number.marker ? "\(probe)" : "0"
      json = json.replacingOccurrences(of: "\"\(other.marker)\"", with: replacement)
    }
    typealias Container = KeyedDecodingContainer<ConfigKey>
    guard let issue = decode(Data(json.utf8)), issue.path == number.path,
      case .invalidValue(let reason) = issue.problem, reason == Container.floatProblem(probe)
    else { return nil }
    return Container.floatProblem(probe, written: ConfigError.echo(number.text))
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
  ///
  /// A string holding `\u0000`, which Jansson refuses unless given `JSON_ALLOW_NUL`, is said
  /// in the user's terms: no file name, kernel name or text LayerFX reads may hold a NUL.
  private static func describe(_ error: json_error_t) -> String {
    var error = error
    let text =
      json_error_code(&error) == json_error_null_character
      ? "a string holds \\u0000 (NUL), which no file name or value may contain"
      : withUnsafeBytes(of: error.text) { raw in
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
