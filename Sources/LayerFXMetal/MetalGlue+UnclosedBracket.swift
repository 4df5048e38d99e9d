extension MetalGlue {
  /// `error` as the user reads it: clang's diagnostics in code LayerFX generated dropped, and
  /// when there were errors there, the `{`, `(` or `[` left open that caused them told at its
  /// place.
  ///
  /// Errors in generated code (`MetalCompileError.Diagnostic.isGenerated(rewriters:)`) mean a
  /// file left something open, so the glue that follows it was read inside: `expected '}'` at
  /// the glue's end, `no member named 'f' in namespace 'lfx_user'`, `expected expression` at
  /// the namespace's closing brace past the file's last line. They are consequences at places
  /// the user never wrote, and are dropped; an error at the innermost bracket still open at the
  /// end of the first such file comes first instead, unless clang's own `expected ']'` (or
  /// `)`, `}`) in that file already tells where it should have closed. An unterminated `/*`
  /// leaves no bracket (the comment ran to the end) and clang reports it at its start, which
  /// stays. When nothing of the user's would remain, `error` is returned as it is; so is any
  /// other error.
  ///
  /// - Parameters:
  ///   - error: What compiling the units threw.
  ///   - files: The library's files: each one's text and path.
  ///   - rewriters: Each source file's rewriter by its name in diagnostics.
  /// - Returns: ``MetalCompileError/compileFailed(diagnostics:output:)`` without the
  ///   diagnostics in generated code, an error at the open bracket first, or `error`.
  static func attributingUnclosedBracket(
    _ error: MetalCompileError, files: [(text: String, path: String, root: String?)],
    rewriters: [String: MetalSourceRewriter]
  ) -> MetalCompileError {
    guard case .compileFailed(let diagnostics, let output) = error else { return error }
    let isGenerated = { (diagnostic: MetalCompileError.Diagnostic) in
      diagnostic.isGenerated(rewriters: rewriters)
    }
    guard diagnostics.contains(where: { $0.severity == "error" && isGenerated($0) }) else {
      return error
    }
    var kept = diagnostics.filter { !isGenerated($0) }
    let open = files.lazy.compactMap { file in
      unclosedBracket(in: file.text).map { (path: file.path, bracket: $0) }
    }.first
    // Unless clang already said, in the file, where the closing bracket was expected.
    if let (path, bracket) = open,
      !kept.contains(where: {
        $0.severity == "error" && $0.file == path
          && $0.message.hasPrefix("expected '\(bracket.closing)'")
      })
    {
      let diagnostic = MetalCompileError.Diagnostic(
        file: path, line: bracket.line, column: bracket.column, severity: "error",
        message: "this '\(bracket.bracket)' is not closed: expected '\(bracket.closing)' before "
          + "the end of the file")
      kept.insert(diagnostic, at: 0)
    }
    guard kept.contains(where: { $0.severity == "error" }) else { return error }
    return .compileFailed(diagnostics: kept, output: output)
  }

  /// Each opening bracket's closing one.
  private static let closing: [Unicode.Scalar: Unicode.Scalar] = ["{": "}", "(": ")", "[": "]"]

  /// The innermost `{`, `(` or `[` still open at the end of `text`, the bracket that would
  /// close it, and its line and column (1-based, the column in bytes, as clang counts), or
  /// `nil` when every one is closed.
  ///
  /// A closing bracket closes the innermost one open, of whichever kind (a mismatch is an
  /// error clang reports in the file itself). Comments, string and character literals and
  /// preprocessor lines (a `#define` may hold half a pair) are skipped; a `'` after a letter or
  /// digit is a digit separator (`1'000`), not a character literal.
  static func unclosedBracket(in text: String) -> (
    bracket: Unicode.Scalar, closing: Unicode.Scalar, line: Int, column: Int
  )? {
    let scalars = Array(MetalSignature.strippingComments(text).unicodeScalars)
    let original = Array(text.unicodeScalars)
    var open: [(index: Int, closing: Unicode.Scalar)] = []
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
      } else if let bracket = closing[scalar] {
        open.append((index, bracket))
      } else if closing.values.contains(scalar) {
        _ = open.popLast()
      }
      index += 1
    }
    guard let (bracket, closing) = open.last else { return nil }
    let before = original[..<bracket]
    let line = before.count(where: { $0 == "\n" }) + 1
    let start = (before.lastIndex(of: "\n") ?? -1) + 1
    let column = original[start..<bracket].reduce(0) { $0 + String($1).utf8.count } + 1
    return (scalars[bracket], closing, line, column)
  }
}
