/// Makes text safe for a one-line message on a terminal.
///
/// A file name or a value in a message can hold a newline, an escape sequence or bytes that
/// are not UTF-8 (``RawBytes``); printed raw, they split the one-line error or drive the
/// terminal. This escapes them, and shortens a very long message around its middle.
public enum MessageText {
  /// The most characters of a message kept by ``escaped(_:limit:)``.
  public static let defaultLimit = 1000

  /// `text` with every control character (C0, DEL, C1) and every escaped raw byte written as
  /// `\xNN`; when longer than `limit` characters, the middle replaced by
  /// `…(N characters omitted)…`.
  ///
  /// - Parameters:
  ///   - text: One line of a message.
  ///   - limit: The most characters kept, ≥ 20.
  /// - Returns: Printable text on one line.
  public static func escaped(_ text: String, limit: Int = defaultLimit) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      if let byte = RawBytes.byte(scalar) {
        output += hex(byte)
      } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        output += hex(UInt8(scalar.value))
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    guard output.count > limit else { return output }
    let kept = max(limit, 20) / 2
    let omitted = output.count - 2 * kept
    return String(output.prefix(kept)) + "…(\(omitted) characters omitted)…"
      + String(output.suffix(kept))
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
  }
}
