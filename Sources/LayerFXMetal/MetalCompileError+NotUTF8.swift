extension MetalCompileError {
  /// The error for the file at `path` whose `bytes` are not UTF-8 text:
  /// ``notUTF8(path:line:column:offset:byte:)`` at the first byte that does not begin a well-formed
  /// sequence (an invalid byte, a truncated or overlong sequence, a surrogate), as Swift's own
  /// decoder finds it.
  ///
  /// - Parameters:
  ///   - path: The file, as given.
  ///   - bytes: Its contents, which hold an invalid sequence.
  /// - Returns: The error, locating that byte by offset, line and column.
  ///
  /// Source: The Unicode Standard, §3.9 "Unicode Encoding Forms", Table 3-7 (well-formed UTF-8
  /// byte sequences).
  static func notUTF8(path: String, bytes: [UInt8]) -> Self {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    decoding: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .error, .emptyInput: break decoding
      }
    }
    let before = bytes[..<min(offset, bytes.count)]
    let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    return .notUTF8(
      path: path, line: before.count(where: { $0 == UInt8(ascii: "\n") }) + 1,
      column: offset - lineStart + 1, offset: offset, byte: offset < bytes.count ? bytes[offset] : 0
    )
  }
}
