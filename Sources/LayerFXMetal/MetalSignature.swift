import LayerFX

/// A `[[ stitchable ]]` function found in Metal source: its name, kind and parameters as
/// written.
public struct MetalSignature: Sendable, Equatable {
  /// A parameter after SwiftUI's own, as written in Metal.
  public struct Parameter: Sendable, Equatable {
    /// The Metal name.
    public let name: String
    /// The type as written (`float2`, `device const float *`, `texture2d<half>`, `vec2f`).
    public let metalType: String
    /// The type with typedef and `using` aliases resolved (`vec2f` → `float2`), as the glue
    /// names it outside the user's namespace.
    let resolvedType: String
    /// The `Shader.Argument` type it takes.
    public let type: Shader.ArgumentType
    /// For an array, the name and type of the count parameter that follows the pointer.
    public let countParameter: (name: String, metalType: String)?
    /// The default value written in the signature, when it is a plain number.
    public let defaultValue: Shader.Argument?

    /// Parameters are equal when every field is.
    public static func == (a: Parameter, b: Parameter) -> Bool {
      a.name == b.name && a.metalType == b.metalType && a.type == b.type
        && a.countParameter?.name == b.countParameter?.name
        && a.countParameter?.metalType == b.countParameter?.metalType
        && a.defaultValue == b.defaultValue
    }
  }

  /// The function's name, exactly as in Metal.
  public let name: String
  /// The effect kind, from the return type and SwiftUI's leading parameters.
  public let kind: EffectKind
  /// The return type as written.
  public let returnType: String
  /// The parameters after `position` and `color` / `layer`, in order.
  public let parameters: [Parameter]
  /// The 1-based line of the function's name in ``file``.
  public let line: Int
  /// The file that defines the function (an included file's name, for one defined there).
  public let file: String
}

/// A problem with a `[[ stitchable ]]` signature the runner cannot call.
struct SignatureProblem: Error {
  let function: String
  let file: String
  let line: Int
  let message: String
}

extension MetalSignature {
  /// Finds every `[[ stitchable ]]` function in `source`.
  ///
  /// Kinds follow SwiftUI's signatures: `float2 f(float2 position, …)` is a distortion,
  /// `half4 f(float2 position, SwiftUI::Layer layer, …)` a layer effect,
  /// `half4 f(float2 position, half4 color, …)` a colour effect, and any other
  /// `half4 f(float2 position, …)` a fill. Argument types map as SwiftUI's `Shader.Argument`s
  /// do: `float`/`half` … `float3`/`half3`, `float4`, `half4` (a colour), a pointer followed by
  /// an integer count (`float *` a float array, `half4 *` a colour array, other pointers data),
  /// and `texture2d<…>` (an image).
  ///
  /// Parameter and return types may be written through aliases the source declares
  /// (`typedef float2 vec2f;`, `using vec2f = float2;`). Functions of other kinds (`fragment`,
  /// `vertex`, `kernel`, plain helpers) are not stitchable and are skipped.
  ///
  /// - Parameters:
  ///   - source: Metal source, or a ``MetalSource``'s assembled text.
  ///   - location: The file and line of a line of `source` (1-based).
  /// - Returns: The signatures in source order, and a problem for each function that cannot be
  ///   called.
  static func find(
    in source: String,
    location: (Int) -> (file: String, line: Int) = { ("<source>.metal", $0) }
  ) -> ([MetalSignature], [SignatureProblem]) {
    let stripped = strippingComments(source)
    let aliases = aliases(in: stripped)
    let text = Array(stripped.unicodeScalars)
    var found:
      [(name: String, isDefinition: Bool, result: Result<MetalSignature, SignatureProblem>)] =
        []
    var i = 0
    while let start = find("[[", in: text, from: i) {
      guard let end = find("]]", in: text, from: start + 2) else { break }
      i = end + 2
      let attribute = String(String.UnicodeScalarView(text[(start + 2)..<end]))
      guard
        attribute.split(separator: ",").contains(where: {
          $0.trimmingSpaces == "stitchable"
        })
      else { continue }
      guard let open = text[i...].firstIndex(of: "(") else { break }
      let head = String(String.UnicodeScalarView(text[i..<open])).trimmingSpaces
      var depth = 0
      var close = open
      while close < text.count {
        if text[close] == "(" { depth += 1 }
        if text[close] == ")" {
          depth -= 1
          if depth == 0 { break }
        }
        close += 1
      }
      let (file, line) = location(text[..<open].filter { $0 == "\n" }.count + 1)
      let headWords = head.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
      guard let nameWord = headWords.last else { continue }
      let name = String(nameWord)
      let returnType = headWords.dropLast().joined(separator: " ")
      let list = String(String.UnicodeScalarView(text[(open + 1)..<Swift.min(close, text.count)]))
      i = close
      let body = text[Swift.min(close + 1, text.count)...].first { !$0.properties.isWhitespace }
      found.append(
        (
          name, body == "{",
          parse(
            name: name, returnType: returnType, parameterList: list, file: file, line: line,
            aliases: aliases)
        ))
    }
    // A forward declaration (`…);`, valid C++) and the definition name one function: it counts
    // once, as defined (a declaration may leave its parameters unnamed), so its glue is
    // generated once. Two definitions of one name are overloads, both returned: SwiftUI finds
    // a function by its name alone, and the library refuses the second (MetalLibrary).
    let defined = Set(found.filter(\.isDefinition).map(\.name))
    var seen = Set<String>()
    var signatures: [MetalSignature] = []
    var problems: [SignatureProblem] = []
    for entry in found where entry.isDefinition || !defined.contains(entry.name) {
      guard seen.insert(entry.name).inserted || entry.isDefinition else { continue }
      switch entry.result {
      case .success(let signature): signatures.append(signature)
      case .failure(let problem): problems.append(problem)
      }
    }
    return (signatures, problems)
  }

  private static func parse(
    name: String, returnType: String, parameterList: String, file: String, line: Int,
    aliases: [String: String]
  ) -> Result<MetalSignature, SignatureProblem> {
    func problem(_ message: String) -> Result<MetalSignature, SignatureProblem> {
      .failure(SignatureProblem(function: name, file: file, line: line, message: message))
    }
    func bare(_ type: String) -> String { Self.bare(resolved(type, aliases)) }
    var written: [(type: String, name: String, defaultText: String?)] = []
    for item in splitTopLevel(parameterList) where !item.trimmingSpaces.isEmpty {
      var declaration = item
      var defaultText: String?
      if let equals = item.firstIndex(of: "=") {
        declaration = String(item[..<equals])
        defaultText = String(item[item.index(after: equals)...]).trimmingSpaces
      }
      // The name is the last identifier; the type is everything before it.
      let trimmed = declaration.trimmingSpaces
      guard let nameStart = trimmed.lastIndex(where: { !($0.isLetter || $0.isNumber || $0 == "_") })
      else { return problem("parameter '\(trimmed)' has no type") }
      let parameterName = String(trimmed[trimmed.index(after: nameStart)...])
      let type = String(trimmed[...nameStart]).trimmingSpaces
      written.append((normalized(type), parameterName, defaultText))
    }
    guard let first = written.first, bare(first.type) == "float2" else {
      return problem("the first parameter must be 'float2 position'")
    }
    var kind: EffectKind
    var rest = written.dropFirst()
    let result = bare(returnType)
    if result == "float2" {
      kind = .distortion
    } else if result == "half4" || result == "float4" {
      if let second = rest.first, bare(second.type) == "SwiftUI::Layer" {
        kind = .layer
        rest = rest.dropFirst()
      } else if let second = rest.first, bare(second.type) == "half4" {
        kind = .color
        rest = rest.dropFirst()
      } else {
        kind = .fill
      }
    } else {
      return problem("returns '\(returnType)'; SwiftUI's shaders return half4 or float2")
    }
    var parameters: [Parameter] = []
    var items = Array(rest)
    while !items.isEmpty {
      let item = items.removeFirst()
      let type = bare(item.type)
      let number = item.defaultText.flatMap(parseNumber)
      let resolvedType = resolved(item.type, aliases)
      func simple(_ argumentType: Shader.ArgumentType, _ value: Shader.Argument?) -> Parameter {
        Parameter(
          name: item.name, metalType: item.type, resolvedType: resolvedType, type: argumentType,
          countParameter: nil, defaultValue: value)
      }
      switch type {
      case "float", "half": parameters.append(simple(.float, number.map { .float($0) }))
      case "float2", "half2":
        parameters.append(simple(.float2, number.map { .float2(.init(repeating: $0)) }))
      case "float3", "half3":
        parameters.append(simple(.float3, number.map { .float3(.init(repeating: $0)) }))
      case "float4":
        parameters.append(simple(.float4, number.map { .float4(.init(repeating: $0)) }))
      case "half4": parameters.append(simple(.color, number.map { .color(.init(repeating: $0)) }))
      case _ where type.hasPrefix("texture2d"): parameters.append(simple(.image, nil))
      case _ where type.hasSuffix("*"):
        guard let count = items.first,
          ["int", "uint", "long", "short", "ushort"].contains(bare(count.type))
        else {
          return problem(
            "pointer parameter '\(item.name)' must be followed by an int count, as SwiftUI passes arrays"
          )
        }
        items.removeFirst()
        let pointee = Self.bare(String(type.dropLast())).trimmingSpaces
        let argumentType: Shader.ArgumentType =
          pointee == "float" ? .floatArray : (pointee == "half4" ? .colorArray : .data)
        parameters.append(
          Parameter(
            name: item.name, metalType: item.type, resolvedType: resolvedType,
            type: argumentType, countParameter: (count.name, count.type), defaultValue: nil))
      default:
        return problem(
          "parameter '\(item.name)' has type '\(item.type)', which SwiftUI cannot pass")
      }
    }
    return .success(
      MetalSignature(
        name: name, kind: kind, returnType: returnType, parameters: parameters, line: line,
        file: file))
  }

  /// The aliases `text` declares at any scope: `typedef TYPE NAME;` and `using NAME = TYPE;`
  /// (not those of structs, arrays or functions, which SwiftUI cannot pass anyway).
  static func aliases(in text: String) -> [String: String] {
    var aliases: [String: String] = [:]
    let words = text.split(whereSeparator: { $0 == ";" || $0 == "{" || $0 == "}" })
    for statement in words {
      let tokens = statement.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
      guard let keyword = tokens.firstIndex(where: { $0 == "typedef" || $0 == "using" }),
        !statement.contains(where: { "()[]".contains($0) })
      else { continue }
      let rest = tokens[(keyword + 1)...]
      if tokens[keyword] == "typedef", rest.count >= 2, let name = rest.last {
        aliases[String(name)] = rest.dropLast().joined(separator: " ")
      } else if tokens[keyword] == "using", rest.count >= 3, rest.dropFirst().first == "=",
        let name = rest.first
      {
        aliases[String(name)] = rest.dropFirst(2).joined(separator: " ")
      }
    }
    return aliases
  }

  /// `type` with each word that names an alias replaced by what it stands for, repeatedly.
  static func resolved(_ type: String, _ aliases: [String: String]) -> String {
    // Punctuation stands apart, so an alias inside template arguments is a word too
    // (`texture2d<f16, access::sample>`); the spaces it gains are no change to C++.
    var spaced = type
    for mark in ["*", "&", "<", ">", ","] { spaced = spaced.replacing(mark, with: " \(mark) ") }
    var words = normalized(spaced).split(separator: " ").map(String.init)
    for _ in 0..<16 {
      var changed = false
      words = words.flatMap { word -> [String] in
        guard let target = aliases[word] ?? aliases[word.replacing("metal::", with: "")],
          target != word
        else { return [word] }
        changed = true
        return target.replacing("*", with: " * ").split(separator: " ").map(String.init)
      }
      if !changed { break }
    }
    return normalized(words.joined(separator: " "))
  }

  /// `type` without address-space and `const` qualifiers (`device const float *` → `float *`).
  static func bare(_ type: String) -> String {
    let words = normalized(type).split(separator: " ").filter {
      !["const", "device", "constant", "thread", "threadgroup", "metal::"].contains($0)
    }
    return words.joined(separator: " ").replacing("metal::", with: "")
      .replacing(" *", with: "*").replacing("*", with: " *").trimmingSpaces
  }

  private static func normalized(_ type: String) -> String {
    type.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
  }

  private static func parseNumber(_ text: String) -> Float? {
    var t = text.trimmingSpaces
    while let last = t.last, last == "f" || last == "h" || last == "F" || last == "H" {
      t.removeLast()
    }
    return Float(t)
  }

  private static func splitTopLevel(_ list: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for c in list {
      if c == "(" || c == "<" || c == "[" || c == "{" { depth += 1 }
      if c == ")" || c == ">" || c == "]" || c == "}" { depth -= 1 }
      if c == "," && depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(c)
      }
    }
    parts.append(current)
    return parts
  }

  private static func find(_ needle: String, in text: [Unicode.Scalar], from: Int) -> Int? {
    let n = Array(needle.unicodeScalars)
    var i = from
    while i + n.count <= text.count {
      if Array(text[i..<(i + n.count)]) == n { return i }
      i += 1
    }
    return nil
  }

  /// `source` with each comment replaced by spaces (newlines kept), so offsets and lines hold.
  static func strippingComments(_ source: String) -> String {
    let chars = Array(source.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < chars.count {
      if chars[i] == "/" && i + 1 < chars.count && chars[i + 1] == "/" {
        while i < chars.count && chars[i] != "\n" {
          out.append(" ")
          i += 1
        }
      } else if chars[i] == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
        out.append(" ")
        out.append(" ")
        i += 2
        while i < chars.count && !(chars[i] == "*" && i + 1 < chars.count && chars[i + 1] == "/") {
          out.append(chars[i] == "\n" ? "\n" : " ")
          i += 1
        }
        if i < chars.count {
          out.append(" ")
          out.append(" ")
          i += 2
        }
      } else {
        out.append(chars[i])
        i += 1
      }
    }
    return String(out)
  }
}

extension StringProtocol {
  /// The string without leading and trailing spaces, tabs and newlines.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
