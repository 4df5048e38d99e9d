/// A preprocessing directive of a `.metal` file that the runner acts on: an `#include` or
/// `#import` of another file, a `#pragma once`, or something refused before clang runs
/// (`#embed`, `#include_next`, `__has_embed`, a computed include, `#pragma GCC dependency`,
/// `#pragma clang poison`, `#pragma clang __debug` and their `_Pragma("…")` forms, a `#line`
/// naming a file, a raw string
/// literal).
///
/// Directives are found as clang's preprocessor finds them (C++17 [lex.phases]): line splices
/// (a `\` before a newline) are removed first, everywhere, comments become white space, string
/// and character literals (and C++14 digit separators, `1'000`) are skipped, and a directive is
/// a `#` or its digraph `%:` first on a line, comments before it allowed. Raw string literals
/// (`R"(…)"`, no Metal spelling) are refused rather than lexed, so the scanner never reads a
/// line as code that clang reads as part of a string, or the reverse.
///
/// Source: ISO/IEC 14882:2017 §5.2 (translation phases), §5.4 (preprocessing tokens, digraphs
/// `%:`), §19 (preprocessing directives); clang's `#embed`, `#include_next`, `__has_embed`
/// (Clang Language Extensions).
struct MetalDirective: Equatable {
  /// How an include names its file.
  enum Operand: Equatable {
    /// `"name"`: a file of the shader's folder tree.
    case quoted(String)
    /// `<name>`: a stand-in header.
    case angled(String)
  }

  /// What the directive does.
  enum Kind: Equatable {
    /// `#include` (or `#import`, which includes a file once) of a file.
    case include(Operand, isImport: Bool)
    /// `#pragma once`.
    case pragmaOnce
    /// Refused before clang runs, with the reason.
    case refused(String)
  }

  /// What the directive does.
  let kind: Kind
  /// The first physical line (1-based) that holds only the directive, white space and comments.
  let firstLine: Int
  /// The last physical line (1-based) of the directive (after splices and comments).
  let lastLine: Int

  /// The directives of `source` (its line ends unified, `MetalSource.unifyingLineEnds(_:)`),
  /// in order.
  static func scan(_ source: String) -> [MetalDirective] {
    var scanner = Scanner(source)
    scanner.run()
    return scanner.found
  }

  /// The lexer: a cursor over the spliced text, with each scalar's physical line.
  private struct Scanner {
    var text: [Unicode.Scalar] = []
    var lines: [Int] = []
    var found: [MetalDirective] = []
    var i = 0

    init(_ source: String) {
      let raw = Array(source.unicodeScalars)
      var line = 1
      var j = 0
      while j < raw.count {
        if raw[j] == "\\" {
          // A splice: `\`, optional horizontal white space (clang accepts it), a newline.
          var k = j + 1
          while k < raw.count && (raw[k] == " " || raw[k] == "\t") { k += 1 }
          if k < raw.count && raw[k] == "\n" {
            line += 1
            j = k + 1
            continue
          }
        }
        text.append(raw[j])
        lines.append(line)
        if raw[j] == "\n" { line += 1 }
        j += 1
      }
    }

    func at(_ k: Int) -> Unicode.Scalar? { k < text.count ? text[k] : nil }

    static func isIdentifier(_ c: Unicode.Scalar) -> Bool {
      c == "_" || c == "$" || ("a"..."z").contains(c) || ("A"..."Z").contains(c)
        || ("0"..."9").contains(c) || (c.value >= 0x80 && !isSpace(c))
    }

    /// Horizontal white space (a newline ends a directive, so it is not), Unicode white space
    /// such as U+00A0 included, which clang also reads as white space (with a warning), so
    /// `\u{A0}#include` is a directive to both.
    static func isSpace(_ c: Unicode.Scalar) -> Bool {
      c == " " || c == "\t" || c == "\u{0B}" || c == "\u{0C}"
        || (c.value >= 0x80 && (c.properties.isWhitespace || c == "\u{FEFF}"))
    }

    static func isDigit(_ c: Unicode.Scalar?) -> Bool {
      c.map { ("0"..."9").contains($0) } ?? false
    }

    /// The line of the scalar at `k` (the last line for the end of the text).
    func line(_ k: Int) -> Int { k < lines.count ? lines[k] : (lines.last ?? 1) }

    /// Skips a comment at `i`, if one starts there; returns whether it did.
    mutating func skipComment() -> Bool {
      if text[i] == "/" && at(i + 1) == "/" {
        while i < text.count && text[i] != "\n" { i += 1 }
        return true
      }
      if text[i] == "/" && at(i + 1) == "*" {
        i += 2
        while i < text.count && !(text[i] == "*" && at(i + 1) == "/") { i += 1 }
        i = Swift.min(i + 2, text.count)
        return true
      }
      return false
    }

    /// Skips a string or character literal at `i` (to its closing quote, or the line's end).
    mutating func skipLiteral() {
      let quote = text[i]
      i += 1
      while i < text.count && text[i] != quote && text[i] != "\n" {
        if text[i] == "\\" { i += 1 }
        i += 1
      }
      if i < text.count && text[i] == quote { i += 1 }
    }

    /// Skips horizontal white space and comments on the current logical line.
    mutating func skipSpace() {
      while i < text.count {
        if Self.isSpace(text[i]) {
          i += 1
        } else if !skipComment() {
          return
        }
      }
    }

    mutating func identifier() -> String {
      var name = String.UnicodeScalarView()
      while i < text.count && Self.isIdentifier(text[i]) {
        name.append(text[i])
        i += 1
      }
      return String(name)
    }

    mutating func run() {
      var atLineStart = true
      var lineStart = 1
      while i < text.count {
        let c = text[i]
        if c == "\n" {
          i += 1
          atLineStart = true
          lineStart = line(i)
          continue
        }
        if Self.isSpace(c) {
          i += 1
          continue
        }
        if skipComment() { continue }
        if atLineStart && (c == "#" || (c == "%" && at(i + 1) == ":")) {
          i += c == "#" ? 1 : 2
          directive(firstLine: lineStart)
          atLineStart = false
          continue
        }
        atLineStart = false
        if Self.isIdentifier(c) && !Self.isDigit(c) {
          checkIdentifier()
        } else if Self.isDigit(c) || (c == "." && Self.isDigit(at(i + 1))) {
          // A pp-number: digits, letters, dots, signs after an exponent, and C++14 digit
          // separators (a `'` followed by a digit or letter).
          i += 1
          while i < text.count {
            let d = text[i]
            if Self.isIdentifier(d) || d == "." {
              i += 1
            } else if (d == "+" || d == "-"), "eEpP".unicodeScalars.contains(text[i - 1]) {
              i += 1
            } else if d == "'", let next = at(i + 1), Self.isIdentifier(next) {
              i += 2
            } else {
              break
            }
          }
        } else if c == "\"" || c == "'" {
          skipLiteral()
        } else {
          i += 1
        }
      }
    }

    /// Reads an identifier at `i`, refusing a raw string's prefix and the file-probing
    /// operators (in code and in `#if` lines alike).
    mutating func checkIdentifier() {
      let start = line(i)
      let name = identifier()
      if at(i) == "\"" && ["R", "u8R", "uR", "UR", "LR"].contains(name) {
        refuse("raw string literals are not Metal", start, start)
      } else if ["__has_embed", "__has_include_next"].contains(name) {
        refuse("\(name) refused: a shader reads no files but its includes", start, start)
      } else if name == "__has_include" {
        hasInclude(line: start)
      } else if name == "_Pragma" {
        pragmaOperator(line: start)
      }
    }

    mutating func refuse(_ reason: String, _ first: Int, _ last: Int) {
      found.append(MetalDirective(kind: .refused(reason), firstLine: first, lastLine: last))
    }

    /// The operand of an include: `"name"`, `<name>`, or nil for anything else (a macro).
    mutating func operand() -> Operand? {
      skipSpace()
      guard let open = at(i), open == "\"" || open == "<" else { return nil }
      let close: Unicode.Scalar = open == "\"" ? "\"" : ">"
      var name = String.UnicodeScalarView()
      var k = i + 1
      while k < text.count && text[k] != close && text[k] != "\n" {
        name.append(text[k])
        k += 1
      }
      guard k < text.count && text[k] == close else { return nil }
      i = k + 1
      return open == "\"" ? .quoted(String(name)) : .angled(String(name))
    }

    /// `__has_include(…)`: a stand-in header's name is left to clang; a quoted or computed
    /// name (which would probe files outside the stand-in) is refused.
    mutating func hasInclude(line: Int) {
      skipSpace()
      guard at(i) == "(" else { return }
      i += 1
      if case .angled(let name) = operand(), MetalDirective.isStandInName(name) { return }
      refuse(
        "__has_include refused: only a stand-in header (<metal_stdlib>) may be asked for",
        line, line)
    }

    /// Reads `_Pragma("…")`, the operator form of `#pragma` (C++17 §19.9).
    ///
    /// Its string, unescaped, is judged as a `#pragma` line's words are
    /// (`pragmaKind(_:spelling:)`). Any other operand (a macro's `#x`, as in the common
    /// `#define PRAGMA(x) _Pragma(#x)`, or a macro that supplies the string) makes a pragma
    /// this scanner cannot read before preprocessing, as a pasted `_Pra##gma` does: it is left
    /// to clang, whose file-system overlay shows a shader no file but its includes, so a
    /// dependency made that way finds nothing (`'/etc/passwd' file not found`).
    mutating func pragmaOperator(line: Int) {
      skipSpace()
      guard at(i) == "(" else { return }
      i += 1
      skipSpace()
      guard at(i) == "\"" else { return }
      // The destringizing of §19.9: `\"` is `"` and `\\` is `\`.
      var payload = String.UnicodeScalarView()
      i += 1
      while let c = at(i), c != "\"", c != "\n" {
        if c == "\\", let next = at(i + 1), next == "\"" || next == "\\" {
          payload.append(next)
          i += 2
        } else {
          payload.append(c)
          i += 1
        }
      }
      guard at(i) == "\"" else { return }
      i += 1
      skipSpace()
      guard at(i) == ")" else { return }
      i += 1
      var pragma = Scanner(String(payload))
      if case .refused(let reason) = Self.pragmaKind(pragma.pragmaWords(), spelling: "_Pragma") {
        refuse(reason, line, line)
      }
    }

    /// The identifiers of a pragma's operands, from `i` to the end of the line (string and
    /// character literals skipped).
    mutating func pragmaWords() -> [String] {
      var words: [String] = []
      while true {
        skipSpace()
        guard let c = at(i), c != "\n" else { break }
        if Self.isIdentifier(c) {
          words.append(identifier())
        } else if c == "\"" || c == "'" {
          skipLiteral()
        } else {
          i += 1
        }
      }
      return words
    }

    /// What a pragma of `words` does: `once`; refused when it names a file to read
    /// (`GCC dependency "file"`) or poisons names (`clang poison` and `GCC poison`: the code
    /// LayerFX compiles after the source, which calls its functions, uses Metal's names, such as
    /// `color`, and clang would report a poisoned one there, in code the user never wrote), or is
    /// a `clang __debug` command (`crash`, `parser_crash`, `llvm_fatal_error`, `dump`: clang's
    /// own testing hooks, which end it as a crash the runner could only guess at), the message
    /// naming it by `spelling` (`#pragma`, `_Pragma`); nothing the runner acts on otherwise.
    static func pragmaKind(_ words: [String], spelling: String) -> Kind? {
      if words == ["once"] { return .pragmaOnce }
      if words.contains("dependency") {
        return .refused("\(spelling) dependency refused: a shader reads no files but its includes")
      }
      if words.count >= 2, words[0] == "clang", words[1] == "__debug" {
        return .refused(
          "\(spelling) clang __debug refused: a command to crash or dump the compiler, not Metal")
      }
      if words.count >= 2, ["clang", "GCC"].contains(words[0]), words[1] == "poison" {
        return .refused(
          "\(spelling) \(words[0]) poison refused: the code LayerFX adds after the source to call "
            + "its functions uses Metal's names, which a poisoned name would break")
      }
      return nil
    }

    /// What a `#line` directive (or a GNU line marker, `# 12 "file"`, which clang also reads)
    /// does, read after its line number's start: refused when anything follows the number (a
    /// file name, or a macro that may expand to one), since clang's messages would then name
    /// that file, `/etc/passwd` or one of LayerFX's own, instead of the shader; nothing the
    /// runner acts on for a number alone.
    ///
    /// Source: ISO/IEC 14882:2017 §19.4 (`#line digit-sequence "s-char-sequence"`); GCC's
    /// preprocessor output, section 'Preprocessor Output' (line markers).
    mutating func lineKind(spelling: String) -> Kind? {
      skipSpace()
      while Self.isDigit(at(i)) { i += 1 }
      skipSpace()
      guard let next = at(i), next != "\n" else { return nil }
      return .refused(
        "\(spelling) naming a file refused: clang's messages would name that file instead of "
          + "the shader (give a line number alone)")
    }

    /// Reads a directive after its `#`, up to and including the newline that ends it.
    mutating func directive(firstLine: Int) {
      skipSpace()
      let name = identifier()
      var kind: Kind?
      switch name {
      case "include", "import":
        if let operand = operand() {
          kind = .include(operand, isImport: name == "import")
        } else {
          kind = .refused(
            "computed #\(name) refused: name the file in quotes (\"x.h\") or a stand-in header (<metal_stdlib>)"
          )
        }
      case "include_next":
        kind = .refused("#include_next refused: a shader includes only its own files")
      case "embed":
        kind = .refused("#embed refused: a shader reads no files into its code")
      case "pragma":
        kind = Self.pragmaKind(pragmaWords(), spelling: "#pragma")
      case "line":
        kind = lineKind(spelling: "#line")
      case _ where !name.isEmpty && name.unicodeScalars.allSatisfy({ Self.isDigit($0) }):
        kind = lineKind(spelling: "line marker # \(name)")
      default: break
      }
      // The rest of the logical line: comments may span lines, literals end at the line.
      while i < text.count && text[i] != "\n" {
        if skipComment() { continue }
        if text[i] == "\"" || text[i] == "'" {
          skipLiteral()
        } else if Self.isIdentifier(text[i]) && !Self.isDigit(text[i]) {
          checkIdentifier()
        } else {
          i += 1
        }
      }
      let lastLine = line(i < text.count ? i : text.count - 1)
      if let kind {
        found.append(MetalDirective(kind: kind, firstLine: firstLine, lastLine: lastLine))
      }
    }
  }

  /// Whether `name` can only name a file under the stand-in headers' folder: a relative path
  /// of letters, digits, `_`, `-`, `.` and `/`, without an empty, `.` or `..` component.
  static func isStandInName(_ name: String) -> Bool {
    let allowed = name.unicodeScalars.allSatisfy {
      Scanner.isIdentifier($0) && $0.value < 0x80 && $0 != "$" || $0 == "-" || $0 == "."
        || $0 == "/"
    }
    let components = name.split(separator: "/", omittingEmptySubsequences: false)
    return allowed && !components.isEmpty
      && components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
  }
}
