import Foundation

/// One node of clang's syntax tree of a translation unit, as `-ast-dump=json` prints it: the
/// few fields the lane form (``MetalLaneForm``) reads, byte offsets into the unit's text.
///
/// Source: clang's `JSONNodeDumper` (the `kind`, `id`, `loc`, `range`, `inner`,
/// `referencedDecl`, `type`, `opcode`, `init` and `storageClass` fields; a missing child, such
/// as a `for` without a condition, is an empty object). A location inside a macro expansion has
/// `spellingLoc` and `expansionLoc` in place of `offset`; such a node is marked ``inMacro``.
final class MetalSyntaxNode {
  /// The node's class, `ForStmt`, `DeclRefExpr`, `FunctionDecl`…; empty for a missing child.
  let kind: String
  /// The node's identity (an address), which references name.
  let id: String
  /// The declared name, for declarations.
  let name: String
  /// The first byte of the node's source range, or -1 when it has none.
  let begin: Int
  /// One past the last byte of the range (the last token's end), or -1.
  let end: Int
  /// The first byte of the declared name (`loc`), for declarations, or -1.
  let nameBegin: Int
  /// One past the declared name's last byte, or -1.
  let nameEnd: Int
  /// Whether the node's range or name begins or ends inside a macro expansion.
  let inMacro: Bool
  /// Whether the declared name is inside a macro expansion.
  let nameInMacro: Bool
  /// When the range begins inside a macro expansion, the bytes of the macro's name where it is
  /// expanded (clang's `expansionLoc`), else `nil`.
  let beginExpansion: Range<Int>?
  /// When the range ends inside a macro expansion, the bytes of the macro's name where it is
  /// expanded, else `nil`.
  let endExpansion: Range<Int>?
  /// For a reference (`DeclRefExpr`), the declaration it names: its id, kind and name.
  let referenced: (id: String, kind: String, name: String)?
  /// The type as clang prints it, desugared when clang gives that form (`metal::vec<float, 3>`
  /// for `float3`), so it can be named outside the typedef's scope.
  let type: String
  /// An operator's spelling (`&`, `<`), for operators.
  let opcode: String
  /// Other string and Boolean fields the lane form reads: `init`, `storageClass`, `value`,
  /// `previousDecl`, `castKind`, `hasInit`, `hasVar`, `hasElse`, `isConstexpr`, `isImplicit`,
  /// `isArrow`.
  let attributes: [String: String]
  /// The children, in clang's order; a missing child is a node of empty ``kind``.
  let inner: [MetalSyntaxNode]

  init(_ object: [String: Any]) {
    kind = object["kind"] as? String ?? ""
    id = object["id"] as? String ?? ""
    name = object["name"] as? String ?? ""
    let range = object["range"] as? [String: Any]
    let first = Self.location(range?["begin"])
    let last = Self.location(range?["end"])
    let named = Self.location(object["loc"])
    begin = first.offset
    end = last.offset < 0 ? -1 : last.offset + last.length
    nameBegin = named.offset
    nameEnd = named.offset < 0 ? -1 : named.offset + named.length
    inMacro = first.inMacro || last.inMacro || named.inMacro
    nameInMacro = named.inMacro
    beginExpansion = first.expansion
    endExpansion = last.expansion
    if let declaration = object["referencedDecl"] as? [String: Any],
      let id = declaration["id"] as? String, let kind = declaration["kind"] as? String
    {
      referenced = (id, kind, declaration["name"] as? String ?? "")
    } else {
      referenced = nil
    }
    let type = object["type"] as? [String: Any]
    self.type = type?["desugaredQualType"] as? String ?? type?["qualType"] as? String ?? ""
    opcode = object["opcode"] as? String ?? ""
    var attributes: [String: String] = [:]
    for key in ["init", "storageClass", "previousDecl", "castKind", "value"] {
      if let value = object[key] as? String { attributes[key] = value }
    }
    for key in ["hasInit", "hasVar", "hasElse", "isConstexpr", "isImplicit", "isArrow"] {
      if object[key] as? Bool == true { attributes[key] = "true" }
    }
    self.attributes = attributes
    inner = (object["inner"] as? [Any] ?? []).map { MetalSyntaxNode($0 as? [String: Any] ?? [:]) }
  }

  /// Whether the boolean field `key` is set.
  func has(_ key: String) -> Bool { attributes[key] == "true" }

  /// Every node below this one (not itself), depth first.
  var descendants: [MetalSyntaxNode] {
    inner.flatMap { [$0] + $0.descendants }
  }

  /// The offset and token length of a JSON location, whether it is in a macro, and then the
  /// bytes of the token where the macro is expanded (`expansionLoc`), when clang gives them.
  private static func location(_ value: Any?) -> (
    offset: Int, length: Int, inMacro: Bool, expansion: Range<Int>?
  ) {
    guard let location = value as? [String: Any] else { return (-1, 0, false, nil) }
    if let offset = location["offset"] as? Int {
      return (offset, location["tokLen"] as? Int ?? 0, false, nil)
    }
    var expansion: Range<Int>?
    if let expanded = location["expansionLoc"] as? [String: Any],
      let offset = expanded["offset"] as? Int, let length = expanded["tokLen"] as? Int,
      offset >= 0, length > 0
    {
      expansion = offset..<(offset + length)
    }
    return (-1, 0, location["spellingLoc"] != nil || location["expansionLoc"] != nil, expansion)
  }

  /// The top-level declarations of a dump made with `-ast-dump-filter`: one JSON object per
  /// matched declaration, one after another; `nil` when the text is not that.
  static func declarations(fromDump text: String) -> [MetalSyntaxNode]? {
    let array = "[" + text.replacing("\n}\n{", with: "\n},\n{") + "]"
    guard
      let objects = try? JSONSerialization.jsonObject(with: Data(array.utf8)) as? [Any]
    else { return nil }
    return objects.compactMap { ($0 as? [String: Any]).map(MetalSyntaxNode.init) }
  }
}
