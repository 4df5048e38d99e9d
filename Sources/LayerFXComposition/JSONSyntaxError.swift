import Foundation

/// Where a JSON document stops being JSON, as "line L, column C: problem".
///
/// `JSONDecoder` on Linux reports only "The given data was not valid JSON."; Foundation's
/// `JSONSerialization` knows the byte offset, which this turns into a line and column (1-based,
/// columns in bytes).
enum JSONSyntaxError {
  /// Returns the position and problem of the first syntax error in `data`, or `nil` when
  /// `JSONSerialization` accepts it.
  static func describe(_ data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
      guard let range = text.range(of: #"around character (\d+)"#, options: .regularExpression),
        let offset = Int(text[range].split(separator: " ").last ?? "")
      else {
        let sentence = text.hasSuffix(".") ? text.dropLast() : text[...]
        return sentence.prefix(1).lowercased() + sentence.dropFirst()
      }
      let prefix = data.prefix(offset)
      let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
      let column = offset - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
      let problem = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces).lowercased()
      return "line \(line), column \(column): \(problem)"
    }
  }
}
