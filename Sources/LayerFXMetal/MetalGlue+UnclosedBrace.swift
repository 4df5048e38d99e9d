extension MetalGlue {
  /// `error`, with the glue's errors of a `{` left open told at the user's file instead.
  ///
  /// When one of `files` leaves a `{` open, the glue follows inside the user's braces and every
  /// error clang reports lies in the generated glue (``fileName``): `expected '}'` at its end,
  /// `no member named 'f' in namespace 'lfx_user'`, places in code the user never wrote. Such
  /// a compile failure becomes one error at that `{`; any other error is returned as it is.
  ///
  /// - Parameters:
  ///   - error: What compiling the units threw.
  ///   - files: The library's files: each one's text and path.
  /// - Returns: ``MetalCompileError/compileFailed(diagnostics:output:)`` with one error at the
  ///   innermost `{` still open at the end of the first such file, or `error`.
  static func attributingUnclosedBrace(
    _ error: MetalCompileError, files: [(text: String, path: String, root: String?)]
  ) -> MetalCompileError {
    guard case .compileFailed(let diagnostics, let output) = error else { return error }
    let errors = diagnostics.filter { $0.severity == "error" }
    guard !errors.isEmpty, errors.allSatisfy({ $0.file == fileName }) else { return error }
    for file in files {
      guard let (line, column) = unclosedBrace(in: file.text) else { continue }
      let diagnostic = MetalCompileError.Diagnostic(
        file: file.path, line: line, column: column, severity: "error",
        message: "this '{' is not closed: expected '}' before the end of the file")
      return .compileFailed(diagnostics: [diagnostic], output: output)
    }
    return error
  }

  /// The line and column (1-based, the column in bytes, as clang counts) of the innermost `{`
  /// still open at the end of `text`, or `nil` when every `{` is closed.
  ///
  /// Comments, string and character literals and preprocessor lines (a `#define` may hold half
  /// a pair) are skipped; a `'` after a letter or digit is a digit separator (`1'000`), not a
  /// character literal.
  static func unclosedBrace(in text: String) -> (line: Int, column: Int)? {
    let scalars = Array(MetalSignature.strippingComments(text).unicodeScalars)
    let original = Array(text.unicodeScalars)
    var open: [Int] = []
    var index = 0
    var lineStart = true
    while index < scalars.count {
      let scalar = scalars[index]
      if lineStart && scalar == "#" {
        // A directive runs to a newline that no backslash continues.
        while index < scalars.count && !(scalars[index] == "\n" && scalars[index - 1] != "\\") {
          index += 1
        }
        continue
      }
      if scalar == "\n" {
        lineStart = true
      } else if !scalar.properties.isWhitespace {
        lineStart = false
      }
      let previous = index > 0 ? scalars[index - 1] : " "
      let separator = previous.properties.isAlphabetic || ("0"..."9").contains(previous)
      if scalar == "\"" || (scalar == "'" && !separator) {
        index += 1
        while index < scalars.count && scalars[index] != scalar && scalars[index] != "\n" {
          index += scalars[index] == "\\" ? 2 : 1
        }
      } else if scalar == "{" {
        open.append(index)
      } else if scalar == "}" {
        _ = open.popLast()
      }
      index += 1
    }
    guard let brace = open.last else { return nil }
    let before = original[..<brace]
    let line = before.count(where: { $0 == "\n" }) + 1
    let start = (before.lastIndex(of: "\n") ?? -1) + 1
    let column = original[start..<brace].reduce(0) { $0 + String($1).utf8.count } + 1
    return (line, column)
  }
}
