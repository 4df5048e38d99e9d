import Foundation

/// The JSON numbers LayerFX cannot hold, found by a scan of the bytes and named by key path: a
/// real beyond `Double` (`"time": 1e400`, overflowing IEEE 754 binary64), a real so small that
/// `Double` rounds it to 0 (`"scale": 1e-400`, below half of 5e-324), or an integer beyond 64
/// bits (`"width": 99999999999999999999999`).
///
/// The parsers cannot name them: Jansson reports the first overflow only by line and column and
/// reads an underflowing real as 0; Foundation's `JSONDecoder` (Swift 6.3, Linux) refuses a
/// document holding either as "The given data was not valid JSON." (`[1e-400]` and `[2e-324]`
/// do not decode as `[Double]`, `[3e-324]` decodes to 5e-324, `[1e-320]` to itself), and
/// `JSONSerialization` reads `1e-400` as 0 and refuses `1e400` without a position. Each such
/// number is replaced by a string the document does not contain; where the parsed tree holds
/// that string is the number's key path (`output.time`, `effects[0].width`).
///
/// Source: RFC 8259 §6 (a number's range is the reader's); IEEE 754 binary64; Jansson 2.14
/// documentation, "Decoding" (`json_error_numeric_overflow`).
public enum JSONNumberOutOfRange {
  /// A document with each number LayerFX cannot hold replaced by a marker string.
  public struct Masked {
    /// One number LayerFX cannot hold.
    public struct Number {
      /// The string that replaces it in ``Masked/data``.
      public let marker: String
      /// The number as written.
      public let text: String
      /// Its key path.
      let codingPath: [any CodingKey]
      /// Why it cannot be held: `1e-400 underflows Double to 0 (smallest 5e-324)`.
      public let reason: String

      /// Its key path: `effects[0].amplitude`.
      public var path: String { ConfigIssue.format(codingPath) }
      /// The top-level key it is under (`config` for `config.scale`); `nil` at the top.
      public var topLevelKey: String? { codingPath.first?.stringValue }
    }

    /// The document, each number out of range a marker string.
    public let data: Data
    /// The numbers out of range, in document order.
    public let numbers: [Number]

    /// Masks the numbers of `data` LayerFX cannot hold; `nil` when it has none, or when the
    /// masked document is not JSON without duplicate keys (then another error comes first).
    ///
    /// - Complexity: O(bytes); the document is parsed only when it has such numbers.
    public init?(_ data: Data) {
      let tokens = JSONNumberOutOfRange.tokens(in: data)
      guard !tokens.isEmpty else { return nil }
      var base = "layerfx-number-out-of-range"
      while data.range(of: Data(base.utf8)) != nil { base += "-" }
      var masked = Data()
      var texts: [String] = []
      var next = data.startIndex
      for (index, token) in tokens.enumerated() {
        let range = (data.startIndex + token.lowerBound)..<(data.startIndex + token.upperBound)
        masked += data[next..<range.lowerBound] + Data("\"\(base)-\(index)\"".utf8)
        texts.append(String(decoding: data[range], as: UTF8.self))
        next = range.upperBound
      }
      masked += data[next...]
      guard JSONSyntaxError.firstError(masked) == nil,
        let root = try? JSONSerialization.jsonObject(with: masked, options: .fragmentsAllowed)
      else { return nil }
      var paths: [String: [any CodingKey]] = [:]
      JSONNumberOutOfRange.collect(root, prefix: base, from: [], into: &paths)
      var numbers: [Number] = []
      for (index, text) in texts.enumerated() {
        let marker = "\(base)-\(index)"
        guard let path = paths[marker], let reason = JSONNumberOutOfRange.problem(text) else {
          return nil
        }
        numbers.append(Number(marker: marker, text: text, codingPath: path, reason: reason))
      }
      self.data = masked
      self.numbers = numbers
    }

    /// `json` (text written from ``data``) with each marker string, quotes and all, put back
    /// as the number it replaced.
    public func restoring(_ json: String) -> String {
      numbers.reduce(json) { $0.replacingOccurrences(of: "\"\($1.marker)\"", with: $1.text) }
    }
  }

  /// Why the number written `text` cannot be held, `nil` when it can: `1e400 overflows Double
  /// (largest 1.7976931348623157e+308)`, `1e-400 underflows Double to 0 (smallest 5e-324)` (a
  /// non-zero real that `Double` rounds to ±0), `… overflows a 64-bit integer (…)`.
  static func problem(_ text: String) -> String? {
    let echo = ConfigError.echo(text)
    guard text.contains(where: { ".eE".contains($0) }) else {
      return Int64(text) == nil
        ? "\(echo) overflows a 64-bit integer (\(Int64.min) to \(Int64.max))" : nil
    }
    guard let value = Double(text) else { return nil }
    if value.isInfinite {
      return "\(echo) overflows Double (largest \(Double.greatestFiniteMagnitude))"
    }
    let significand = text.prefix { $0 != "e" && $0 != "E" }
    if value == 0, significand.contains(where: { ("1"..."9").contains($0) }) {
      return "\(echo) underflows Double to 0 (smallest \(Double.leastNonzeroMagnitude))"
    }
    return nil
  }

  /// The byte offsets of the number tokens in `data` outside strings that LayerFX cannot hold
  /// (``problem(_:)``), in order.
  ///
  /// Only a token that could be out of range is converted: an integer of more than 18 digits, a
  /// real with an exponent, or one of more than 300 characters (a real without an exponent
  /// needs 309 digits to overflow `Double` and 324 to underflow it).
  static func tokens(in data: Data) -> [Range<Int>] {
    data.withUnsafeBytes { bytes in
      var found: [Range<Int>] = []
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
          }
          index += 1
        } else if byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) {
          let start = index
          var isReal = false
          var hasExponent = false
          while index < bytes.count {
            let character = bytes[index]
            if character == UInt8(ascii: ".") {
              isReal = true
            } else if character == UInt8(ascii: "e") || character == UInt8(ascii: "E") {
              hasExponent = true
            } else if !(0x30...0x39).contains(character) && character != UInt8(ascii: "-")
              && character != UInt8(ascii: "+")
            {
              break
            }
            index += 1
          }
          let length = index - start
          if hasExponent || length > (isReal ? 300 : 18),
            problem(String(decoding: bytes[start..<index], as: UTF8.self)) != nil
          {
            found.append(start..<index)
          }
        } else {
          index += 1
        }
      }
      return found
    }
  }

  /// Records the key path of every string starting with `prefix` in `value` (a
  /// `JSONSerialization` tree) by the string.
  private static func collect(
    _ value: Any, prefix: String, from path: [any CodingKey],
    into paths: inout [String: [any CodingKey]]
  ) {
    switch value {
    case let string as String where string.hasPrefix(prefix): paths[string] = path
    case let array as [Any]:
      for (index, member) in array.enumerated() {
        collect(member, prefix: prefix, from: path + [IndexKey(index)], into: &paths)
      }
    case let object as [String: Any]:
      for (key, member) in object {
        collect(member, prefix: prefix, from: path + [ConfigKey(stringValue: key)], into: &paths)
      }
    default: break
    }
  }
}
