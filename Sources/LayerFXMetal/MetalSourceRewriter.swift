/// Rewrites Metal source into the C++ the stand-in compiles, keeping every line where it was.
///
/// Metal has no `double`: an unsuffixed floating literal (`0.3`) is a `float`, and `0.5h` a
/// `half`. C++ reads `0.3` as a `double` (double arithmetic, slower and rounded differently) and
/// rejects `h`, so each unsuffixed floating literal gets an `f` and an `h` becomes `f` (or `f16`,
/// `_Float16`, in the binary16 mode). Comments, strings and character literals are left alone.
/// The insertions are recorded so a diagnostic's column maps back to the original source.
///
/// Source: Metal Shading Language Specification 3.2, §2.1 (scalar types, `h` suffix), §2.2
/// (no `double`).
struct MetalSourceRewriter {
  /// The rewritten text.
  private(set) var text = ""
  /// The number of lines of the text (as of the source: rewriting adds none), the empty line
  /// after a last newline included: a diagnostic of this file at a later line is in the code
  /// that follows it in the unit.
  private(set) var lineCount = 1
  /// Per line (0-based), the rewritten columns (1-based) after which characters were added, with
  /// the number added.
  private var insertions: [Int: [(column: Int, added: Int)]] = [:]

  /// Rewrites `source`; `binary16` chooses `f16` for `h` literals.
  init(_ source: String, binary16: Bool) {
    let chars = Array(source.unicodeScalars)
    var out = String.UnicodeScalarView()
    var line = 0
    var column = 1  // rewritten column of the next scalar
    var i = 0
    func emit(_ c: Unicode.Scalar) {
      out.append(c)
      if c == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    func isIdentifier(_ c: Unicode.Scalar) -> Bool {
      c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
    }
    func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
    func isHexToken(_ token: [Unicode.Scalar]) -> Bool {
      token.count > 1 && token[0] == "0" && (token[1] == "x" || token[1] == "X")
    }
    while i < chars.count {
      let c = chars[i]
      let next: Unicode.Scalar? = i + 1 < chars.count ? chars[i + 1] : nil
      if c == "/" && next == "/" {
        while i < chars.count && chars[i] != "\n" {
          emit(chars[i])
          i += 1
        }
      } else if c == "/" && next == "*" {
        emit(c)
        emit("*")
        i += 2
        while i < chars.count && !(chars[i] == "*" && i + 1 < chars.count && chars[i + 1] == "/") {
          emit(chars[i])
          i += 1
        }
        if i < chars.count {
          emit("*")
          emit("/")
          i += 2
        }
      } else if c == "\"" || c == "'" {
        emit(c)
        i += 1
        while i < chars.count && chars[i] != c && chars[i] != "\n" {
          if chars[i] == "\\" && i + 1 < chars.count {
            emit(chars[i])
            i += 1
          }
          emit(chars[i])
          i += 1
        }
        if i < chars.count && chars[i] == c {
          emit(c)
          i += 1
        }
      } else if isIdentifier(c) && !isDigit(c) {
        while i < chars.count && isIdentifier(chars[i]) {
          emit(chars[i])
          i += 1
        }
      } else if isDigit(c) || (c == "." && next.map(isDigit) == true) {
        // A pp-number: digits, letters, dots, and a sign after an exponent letter.
        var token: [Unicode.Scalar] = []
        while i < chars.count {
          let d = chars[i]
          if isIdentifier(d) || d == "." {
            token.append(d)
            i += 1
          } else if d == "+" || d == "-", let last = token.last,
            last == "p" || last == "P" || ((last == "e" || last == "E") && !isHexToken(token))
          {
            token.append(d)
            i += 1
          } else {
            break
          }
        }
        let isHex = isHexToken(token)
        let isFloating =
          !isHex && (token.contains(".") || token.contains("e") || token.contains("E"))
        var added = 0
        if isFloating, let last = token.last {
          if last == "h" || last == "H" {
            token.removeLast()
            token += binary16 ? ["f", "1", "6"] : ["f"]
            added = binary16 ? 2 : 0
          } else if isDigit(last) || last == "." {
            token.append("f")
            added = 1
          }
        }
        for d in token { emit(d) }
        if added > 0 { insertions[line, default: []].append((column - 1, added)) }
      } else {
        emit(c)
        i += 1
      }
    }
    text = String(out)
    lineCount = line + 1
  }

  /// The original column (1-based) of `column` on `line` (1-based) of the rewritten text.
  func originalColumn(line: Int, column: Int) -> Int {
    let added = (insertions[line - 1] ?? []).filter { $0.column < column }.reduce(0) {
      $0 + $1.added
    }
    return Swift.max(1, column - added)
  }
}
