extension MetalSource {
  /// `text` with each line end as clang reads it made one line feed: a carriage return and
  /// line feed (CR LF, a file saved on Windows) and a lone carriage return (CR) each become
  /// LF, so every scan of the runner counts and splits the lines clang counts.
  ///
  /// clang ends a line at LF, CR LF or a lone CR, and reads LF CR as two line ends (clang 21
  /// reports an error on a file's third line at line 3 whether its lines end in LF, CR LF or CR,
  /// and at line 5 when they end in LF CR). A Swift `Character` is a whole CR LF, so code that
  /// looks for `"\n"` among characters finds none in a CR LF file while code that scans scalars
  /// finds one per line; unified once, where the text enters, they agree. The columns clang reports
  /// do not change: a CR only ever ends a line.
  ///
  /// Source: ISO/IEC 14882:2017 §5.2 ¶1.1 (physical source characters map to the basic
  /// character set, new-line characters included, in an implementation-defined way); clang's
  /// `Lexer` and `SourceManager::getLineNumber` (CR, LF and CR LF each end a line).
  ///
  /// - Parameter text: Metal source as read.
  /// - Returns: The same text with only LF line ends; `text` itself when it holds no CR.
  /// - Complexity: O(bytes of `text`).
  static func unifyingLineEnds(_ text: String) -> String {
    let carriageReturn = UInt8(ascii: "\r")
    let lineFeed = UInt8(ascii: "\n")
    guard text.utf8.contains(carriageReturn) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var afterCarriageReturn = false
    for byte in text.utf8 {
      // The LF of a CR LF was written when its CR was.
      if !(byte == lineFeed && afterCarriageReturn) {
        bytes.append(byte == carriageReturn ? lineFeed : byte)
      }
      afterCarriageReturn = byte == carriageReturn
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
