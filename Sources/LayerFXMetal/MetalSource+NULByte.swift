extension MetalSource {
  /// The line and column of the first NUL byte (0x00) of `text`, or `nil` when it holds none.
  ///
  /// A NUL byte is well-formed UTF-8, so reading the file as text keeps it, but it is no
  /// character of C++'s basic source character set, which Metal source is written in; clang
  /// drops it with only a warning (`warning: null character ignored [-Wnull-character]`, which
  /// the runner does not show), so a file holding one would compile as some other text. The
  /// runner refuses it before clang runs, at the place clang's warning names.
  ///
  /// Source: ISO/IEC 14882:2017 §5.3 (the basic source character set); Metal Shading Language
  /// Specification 3.2 §1.4 (Metal is based on C++14).
  ///
  /// - Parameter text: Metal source with LF line ends (``unifyingLineEnds(_:)``).
  /// - Returns: The line and the column, both 1-based, the column in bytes (as clang counts).
  /// - Complexity: O(bytes of `text`).
  static func firstNULByte(in text: String) -> (line: Int, column: Int)? {
    var line = 1
    var column = 1
    for byte in text.utf8 {
      if byte == 0 { return (line, column) }
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return nil
  }
}
