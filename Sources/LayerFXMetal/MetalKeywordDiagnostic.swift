/// Explains clang's errors on a line that uses a Metal keyword as a name.
///
/// Metal reserves its address-space and function qualifiers and its type names, so `float thread
/// = 0;` is an error in Xcode too; here the stand-in makes the qualifiers macros, and clang's
/// message ("expected expression", "expected unqualified-id") does not say why. A keyword is
/// used as a name when a qualifier is followed by something other than a name (`thread = 1`,
/// `thread;`, `thread * 2`), or when a type name is declared as one (`float half = 0;`, `int
/// sampler,`).
///
/// Source: Metal Shading Language Specification 3.2, §1.4 (Metal's keywords are reserved), §4
/// (address spaces), §5.1 (function qualifiers), §2 (type names).
enum MetalKeywordDiagnostic {
  /// The keywords and what each is.
  static let keywords: [String: String] = {
    var kinds: [String: String] = [:]
    for word in ["device", "constant", "thread", "threadgroup", "threadgroup_imageblock"] {
      kinds[word] = "an address-space qualifier"
    }
    for word in ["kernel", "vertex", "fragment"] { kinds[word] = "a function qualifier" }
    var types = ["half", "sampler", "texture1d", "texture2d", "texture3d", "texturecube"]
    types += ["depth2d", "uint", "ushort", "uchar", "ulong"]
    for scalar in ["float", "half", "int", "uint", "short", "ushort", "char", "uchar", "bool"] {
      types += (2...4).map { "\(scalar)\($0)" }
    }
    for scalar in ["float", "half"] {
      types += (2...4).flatMap { c in (2...4).map { r in "\(scalar)\(c)x\(r)" } }
    }
    for word in types { kinds[word] = "a type name" }
    return kinds
  }()

  /// `diagnostics` with each error on a line that uses a keyword as a name replaced by one that
  /// says so (at the keyword's column), once per line.
  ///
  /// - Parameters:
  ///   - diagnostics: clang's diagnostics, columns already in the original source.
  ///   - rewriter: The rewriter of a file as clang named it, whose text has the source's lines
  ///     and maps its columns back; nil for a file read as it is on disk (an included header).
  /// - Returns: The diagnostics in their order, the explained ones in place of clang's.
  static func explain(
    _ diagnostics: [MetalCompileError.Diagnostic],
    rewriter: (_ file: String) -> MetalSourceRewriter?
  ) -> [MetalCompileError.Diagnostic] {
    var result: [MetalCompileError.Diagnostic] = []
    var files: [String: [Substring]] = [:]
    for diagnostic in diagnostics {
      let file = diagnostic.file
      if diagnostic.severity == "error" && files[file] == nil {
        let text = rewriter(file)?.text ?? (try? String(contentsOfFile: file, encoding: .utf8))
        files[file] = text?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
      }
      let lines = files[file] ?? []
      guard diagnostic.severity == "error", diagnostic.line >= 1, diagnostic.line <= lines.count,
        let use = keywordUsedAsName(in: String(lines[diagnostic.line - 1]))
      else {
        result.append(diagnostic)
        continue
      }
      let column =
        rewriter(file)?.originalColumn(line: diagnostic.line, column: use.offset + 1)
        ?? use.offset + 1
      let explained = MetalCompileError.Diagnostic(
        file: file, line: diagnostic.line, column: column, severity: "error",
        message: "`\(use.word)` is a Metal keyword (\(keywords[use.word] ?? "reserved")) "
          + "and cannot name a variable, parameter or function; rename it")
      if !result.contains(explained) { result.append(explained) }
    }
    return result
  }

  /// The first keyword on `text` used as a name, and its character offset.
  static func keywordUsedAsName(in text: String) -> (word: String, offset: Int)? {
    let tokens = tokenize(text)
    for (i, token) in tokens.enumerated() {
      guard let kind = keywords[token.text] else { continue }
      let next = i + 1 < tokens.count ? tokens[i + 1].text : ""
      let previous = i > 0 ? tokens[i - 1].text : ""
      let nextIsName = next.first.map { $0.isLetter || $0 == "_" } ?? false
      if kind == "a type name" {
        // `float half = …`: a type followed by the keyword, then what ends a declarator.
        let previousIsType =
          (previous.first.map { $0.isLetter || $0 == "_" } ?? false)
          && !["return", "case", "else", "do", "goto", "typedef", "using", "const", "constexpr"]
            .contains(previous)
          && keywords[previous] != "an address-space qualifier"
        if previousIsType && ["=", ";", ",", ")", "["].contains(next) {
          return (token.text, token.offset)
        }
      } else if !nextIsName && next != "[[" {
        // A qualifier is always followed by the type (or attributes) it qualifies.
        return (token.text, token.offset)
      }
    }
    return nil
  }

  /// Identifiers and single punctuation characters (`[[` kept whole) of one line, with their
  /// character offsets; a `//` comment ends the line.
  private static func tokenize(_ text: String) -> [(text: String, offset: Int)] {
    let chars = Array(text)
    var tokens: [(text: String, offset: Int)] = []
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" { break }
      if c.isLetter || c == "_" || c.isNumber {
        let start = i
        while i < chars.count && (chars[i].isLetter || chars[i].isNumber || chars[i] == "_") {
          i += 1
        }
        tokens.append((String(chars[start..<i]), start))
      } else if c == "[" && i + 1 < chars.count && chars[i + 1] == "[" {
        tokens.append(("[[", i))
        i += 2
      } else {
        if !c.isWhitespace { tokens.append((String(c), i)) }
        i += 1
      }
    }
    return tokens
  }
}
