/// The lane form of one function of a `.metal` file: the function run for 16 pixels at once,
/// each lane a pixel, its control flow under per-lane masks (``MetalLaneForm`` says why and
/// what it is built from).
///
/// Each local and value parameter of type `T` becomes `T x[16]`, and each straight-line
/// statement becomes `LFX_LANES if (mask[lfx_l]) { statement }` with every
/// reference to a local `x` rewritten to `x[lfx_l]` and nothing else changed: the operations are
/// the source's, in its order, so each lane computes the scalar function's bits. Masks: one for
/// the function's live lanes (a `return` clears its lane there and in every mask inside), one
/// each for an `if`'s two branches, and per loop the running lanes (cleared by the condition
/// and by `break`) and the lanes of the current iteration (cleared by `continue`); a loop runs
/// while a lane runs, a branch only when one of its lanes is set. A call of a function that
/// has a lane form (it holds a loop) is hoisted into its own statements, its arguments into
/// per-lane arrays, and called once with the caller's mask; other calls stay in the lane loop,
/// where they are inlined and vectorised. Statements that cannot fault and write only the
/// lane's own scalars and vectors run in every lane, a lane whose mask is off getting its
/// values back (``flush()``); a value parameter or local the same in every lane and never
/// written stays one value (``Context/uniformParameters``, ``variable(_:)``).
///
/// Anything it does not handle throws ``Unsupported`` (the file then keeps its scalar row
/// functions): statements other than compound, declaration (of plain variables), expression,
/// `if`, `for`, `while`, `do`, `break`, `continue`, `return` and the empty one; an `if` or loop
/// that declares a variable in its condition; `static` locals, references and pointers as
/// locals; taking an address (`&x`); lambdas and statement expressions; a local named inside a
/// macro's body; a statement that begins or ends inside a macro other than a whole one
/// (``Context/wholeMacros``).
struct MetalLaneFunction {
  /// A construct the lane form does not handle.
  struct Unsupported: Error {
    /// The generator's line that refused, to tell refusals apart when reading the transform.
    let line: Int
    /// The node kind refused, when one was.
    let kind: String
    init(_ kind: String = "", line: Int = #line) {
      self.kind = kind
      self.line = line
    }
  }

  /// How a parameter is passed to the lane form.
  enum Passing: Equatable {
    /// A value (or a `const` reference, copied): `T (&p)[16]`, an array of the caller's own.
    case value(String)
    /// A non-`const` reference: `T (&p)[16]`, the caller's variable itself.
    case reference(String)
    /// The same for every lane (a pointer, the layer, a texture or sampler): as declared.
    case uniform(String)

    /// How a parameter of clang's type `type` is passed.
    init(type: String) {
      let uniform = ["SwiftUI::Layer", "metal::texture", "metal::sampler"]
      if type.contains("*") || uniform.contains(where: { type.contains($0) }) {
        self = .uniform(type)
      } else if type.hasSuffix("&") {
        let base = String(type.dropLast().trimmingSpaces)
        self = base.hasPrefix("const ") ? .value(Self.unqualified(base)) : .reference(base)
      } else {
        self = .value(Self.unqualified(type))
      }
    }

    /// `type` without a leading `const`.
    static func unqualified(_ type: String) -> String {
      type.hasPrefix("const ") ? String(type.dropFirst(6)) : type
    }
  }

  /// What the generator needs of the rest of the file.
  struct Context {
    /// The translation unit's bytes, which every node's offsets index.
    let unit: [UInt8]
    /// The bytes of the user's source within ``unit``: every rewritten range lies there.
    let source: Range<Int>
    /// The lane form's name of each function that has one, by declaration id (a prototype's
    /// id included).
    let laneNames: [String: String]
    /// Each function definition by declaration id (a prototype's id included).
    let definitions: [String: MetalSyntaxNode]
    /// The object-like macros a statement may begin or end in (``MetalLaneForm/wholeMacros(in:)``):
    /// their expansion is whole to the statement, so the statement's text runs from or to the
    /// macro's name.
    let wholeMacros: Set<String>
    /// The ids of the file's own functions, methods and constructors, declared or defined: a
    /// call of one is speculated (``isSpeculatable(_:)``) only when its body is seen.
    let userDeclarations: Set<String>
    /// The value parameters, by index, that each function's lane form takes as one value for
    /// every lane (``MetalLaneForm`` finds them: every call passes a uniform value, the body
    /// only reads them).
    let uniformParameters: [String: Set<Int>]
  }

  /// A lane form and the calls it makes of other lane forms: the callee's id and which of its
  /// value parameters' arguments are the same in every lane.
  struct Generated {
    /// The lane form's C++.
    let text: String
    /// Each hoisted call: the callee, and the indices of its uniform arguments.
    let calls: [(callee: String, uniform: Set<Int>)]
  }

  private let context: Context
  private var text = ""
  private var batch: [String] = []
  private var count = 0
  /// Per-lane storage by declaration id; `nil` for a uniform parameter, kept as written.
  private var locals: [String: String?] = [:]
  /// The ids of every variable the function declares, to refuse one not yet seen.
  private var declared: Set<String> = []
  private var masks: [String] = []
  /// The hoisted calls made so far (``Generated/calls``).
  private var calls: [(callee: String, uniform: Set<Int>)] = []
  /// The per-lane storage the pending statements read or write, with its type.
  private var touched: [String: String] = [:]
  /// The per-lane storage of the locals the pending statements declare.
  private var declaredInBatch: Set<String> = []
  /// Whether every pending statement may run in a lane whose mask is off.
  private var batchIsSpeculatable = true
  /// The type of each per-lane storage.
  private var storageTypes: [String: String] = [:]
  /// Whether each of the file's functions may be called speculatively, as found so far.
  private var speculatableFunctions: [String: Bool] = [:]
  private var loops: [(run: Int, iteration: Int)] = []
  /// The locals the same in every lane (``uniformLocals(in:uniformParameters:isLaneFunction:)``).
  private var uniformLocals: Set<String> = []

  private init(context: Context) { self.context = context }

  /// The lane form of `function` (a `FunctionDecl` with a body) named `name`: a `static void`
  /// function of the mask (`const bool (&lfx_m)[16]`), the per-lane result array (unless the
  /// function returns `void`) and the parameters as ``Passing`` says.
  ///
  /// - Throws: ``Unsupported`` for anything outside the forms above.
  static func generate(_ function: MetalSyntaxNode, name: String, context: Context) throws
    -> Generated
  {
    var generator = MetalLaneFunction(context: context)
    let text = try generator.function(function, name: name)
    return Generated(text: text, calls: generator.calls)
  }

  /// The indices of `function`'s value parameters that its body only reads.
  static func readOnlyParameters(of function: MetalSyntaxNode) -> Set<Int> {
    guard let body = body(of: function) else { return [] }
    var result: Set<Int> = []
    for (index, parameter) in parameters(of: function).enumerated() {
      guard case .value(let type) = Passing(type: parameter.type), !type.contains("["),
        !parameter.name.isEmpty, readsOnly(body, of: parameter.id)
      else { continue }
      result.insert(index)
    }
    return result
  }

  /// The body of `function` (a `FunctionDecl`), or `nil` for a declaration without one.
  static func body(of function: MetalSyntaxNode) -> MetalSyntaxNode? {
    function.inner.first { $0.kind == "CompoundStmt" }
  }

  /// The parameters of `function` (a `FunctionDecl`).
  static func parameters(of function: MetalSyntaxNode) -> [MetalSyntaxNode] {
    function.inner.filter { $0.kind == "ParmVarDecl" }
  }

  /// The return type of `function`, from its type `R (P…)`, or `nil` when it is not that form.
  static func returnType(of function: MetalSyntaxNode) -> String? {
    guard let open = function.type.firstIndex(of: "(") else { return nil }
    let type = function.type[..<open].trimmingSpaces
    return type.isEmpty || type.contains("auto") ? nil : String(type)
  }

  private mutating func function(_ function: MetalSyntaxNode, name: String) throws -> String {
    guard let body = Self.body(of: function),
      let result = Self.returnType(of: function)
    else { throw Unsupported() }
    returnTypeName = result
    currentBody = body
    declared = Set(body.descendants.filter { $0.kind == "VarDecl" }.map(\.id))
    var parameters = ["const bool (&lfx_m)[16]"]
    if result != "void" { parameters.append("lfx_lanes<\(result)> &lfx_r") }
    let uniform = context.uniformParameters[function.id] ?? []
    for (index, parameter) in Self.parameters(of: function).enumerated() {
      switch Passing(type: parameter.type) {
      case .value(let type) where uniform.contains(index):
        // The same in every lane, and only read: one value, named as the source names it.
        locals[parameter.id] = .some(nil)
        parameters.append("lfx_type<\(type)> \(parameter.name)")
      case .value(let type), .reference(let type):
        let storage = fresh("lfx_p")
        locals[parameter.id] = storage
        storageTypes[storage] = type
        parameters.append("lfx_lanes<\(type)> &\(storage)")
      case .uniform(let type):
        guard !parameter.name.isEmpty else { throw Unsupported() }
        locals[parameter.id] = .some(nil)
        parameters.append("\(type) \(parameter.name)")
      }
    }
    uniformLocals = Self.uniformLocals(
      in: body,
      uniformParameters: Set(
        Self.parameters(of: function).map(\.id).filter { locals[$0] == .some(nil) }),
      isLaneFunction: { context.laneNames[$0] != nil })
    let live = fresh("lfx_k")
    text += "bool \(live)[16];\nLFX_LANES \(live)[lfx_l] = lfx_m[lfx_l];\n"
    masks = [live]
    try statement(body)
    flush()
    return "static void \(name)(\(parameters.joined(separator: ", "))) {\n\(text)}\n"
  }

  private mutating func fresh(_ prefix: String) -> String {
    count += 1
    return "\(prefix)\(count)"
  }

  private var mask: String { masks[masks.count - 1] }

  /// Emits the pending straight-line statements as one lane loop under the current mask.
  ///
  /// When each may run in a lane whose mask is off (``isSpeculatable(_:)``) and each per-lane
  /// variable it touches is a scalar or vector, every lane runs them and a lane whose mask is
  /// off gets its variables' values back (`lfx_keep`, a select): the same values in the lanes
  /// that run, and clang vectorises the lane loop with plain loads and stores where a masked
  /// one read and wrote a `float2` array element by element (scatters; Julia set 1.7× faster).
  private mutating func flush() {
    defer {
      batch = []
      touched = [:]
      declaredInBatch = []
      batchIsSpeculatable = true
    }
    guard !batch.isEmpty else { return }
    // A local the batch declares needs no restoring: a lane whose mask is off here never ran
    // its declaration in this scope, so it reads the value nowhere.
    let names = touched.keys.filter { !declaredInBatch.contains($0) }.sorted()
    let body = batch.joined(separator: "\n")
    let (load, store) = Self.bindings(in: body)
    guard batchIsSpeculatable, names.allSatisfy({ Self.isKeepable(touched[$0] ?? "") }) else {
      text += "LFX_LANES if (\(mask)[lfx_l]) {\n\(load)\(body)\n\(store)}\n"
      return
    }
    let saved = names.enumerated().map {
      "const lfx_type<\(touched[$1] ?? "")> lfx_o\($0) = \($1)_l;"
    }
    let kept = names.enumerated().map { "lfx_keep(\($1)_l, lfx_o\($0), lfx_a);" }
    text +=
      "if (lfx_any(\(mask))) LFX_LANES { const bool lfx_a = \(mask)[lfx_l];\n\(load)"
      + "\(saved.joined(separator: " "))\n"
      + "\(body)\n\(kept.joined(separator: " "))\n\(store)}\n"
  }

  /// The per-lane storage that lane-loop text `body` names (`S_l`, lane `lfx_l`'s value of
  /// storage `S`): the statements that bind each name at the loop's start (`lfx_at`, a
  /// reference into an array of lanes, or a vector gathered from its components' arrays) and
  /// that store each back at its end (`lfx_put`, nothing for an array of lanes).
  ///
  /// A vector's lanes are kept component by component (`lfx_soa`: the x of 16 lanes, then
  /// their y…), so a lane loop reads and writes them with whole-vector loads and stores; an
  /// array of `float3` (12-byte strides) was read a component at a time, and black-hole spent
  /// three quarters of its time there.
  static func bindings(in body: String) -> (load: String, store: String) {
    let pattern = /\blfx_(?:r|[spta][0-9]+)_l\b/.wordBoundaryKind(.simple)
    let names = Set(body.matches(of: pattern).map { String($0.output) }).sorted()
    let storage = names.map { $0.dropLast(2) }
    return (
      zip(names, storage).map { "decltype(auto) \($0) = lfx_at(\($1), lfx_l);\n" }.joined(),
      zip(names, storage).map { "lfx_put(\($1), lfx_l, \($0));\n" }.joined()
    )
  }

  /// Whether `condition` may be evaluated in every lane: speculatable and writing nothing.
  private mutating func isUnmasked(_ condition: MetalSyntaxNode) throws -> Bool {
    Self.isReadOnly(condition) && isSpeculatable(condition)
  }

  /// Whether `access` reads the lane's own array variable at an index the same in every
  /// lane (a uniform loop's counter, a constant): each lane reads its array where a lane
  /// whose mask is on reads its own.
  private func isLaneSubscript(_ access: MetalSyntaxNode) -> Bool {
    guard access.inner.count == 2, let base = named(access.inner[0]),
      let target = base.referenced, (locals[target.id] ?? nil) != nil
    else { return false }
    return isUniform(access.inner[1])
  }

  /// Whether `access` reads a uniform local array of this function (one for every lane) at
  /// an index the same in every lane.
  private func isUniformSubscript(_ access: MetalSyntaxNode) -> Bool {
    guard access.inner.count == 2, let base = named(access.inner[0]),
      let target = base.referenced, declared.contains(target.id), locals[target.id] == .some(nil)
    else { return false }
    return isUniform(access.inner[1])
  }

  /// Whether a lane's variable of `type` is restored with `lfx_keep`: a scalar or a vector.
  private static func isKeepable(_ type: String) -> Bool {
    ["float", "int", "unsigned int", "uint", "bool", "half", "short", "unsigned short"].contains(
      type)
      || type.wholeMatch(
        of: /metal::vec<(float|int|unsigned int|uint|bool|half|short|unsigned short), [234]>/)
        != nil
  }

  /// Whether `node` may be evaluated in a lane whose mask is off: it cannot fault (no integer
  /// division but by a constant other than 0 and -1, no subscript, no dereference, no texel
  /// read) and writes nothing but the lane's own variables (no program-scope variable, no
  /// method of the file's own types, no call of a function of the file whose body is not
  /// seen or holds a loop or anything else not speculatable).
  ///
  /// `guarded` code runs only when some lane of its mask runs it (`if (lfx_any(mask))`): a
  /// uniform local array read at an index the same in every lane, and an integer division of
  /// values the same in every lane, then read or divide as that lane does, so they may run.
  private mutating func isSpeculatable(
    _ node: MetalSyntaxNode, own: Set<String> = [], guarded: Bool = false
  ) -> Bool {
    for current in [node] + node.descendants {
      switch current.kind {
      case "ArraySubscriptExpr" where own.isEmpty && isLaneSubscript(current):
        continue
      case "ArraySubscriptExpr" where guarded && isUniformSubscript(current):
        continue
      case "ArraySubscriptExpr", "CXXMemberCallExpr", "CXXNewExpr", "CXXDeleteExpr",
        "LambdaExpr", "StmtExpr", "CXXThrowExpr", "ForStmt", "WhileStmt", "DoStmt", "GotoStmt",
        "SwitchStmt", "IndirectGotoStmt", "CXXTryStmt", "AsmStmt", "GCCAsmStmt":
        return false
      case "UnaryOperator" where current.opcode == "*" || current.opcode == "&":
        return false
      case "MemberExpr" where current.has("isArrow") || Self.texelReads.contains(current.name):
        return false
      case "BinaryOperator", "CompoundAssignOperator":
        if ["/", "%", "/=", "%="].contains(current.opcode), !Self.isFloating(current.type),
          !Self.isSafeDivisor(current.inner.last), !guarded || !isUniform(current)
        {
          return false
        }
      case "VarDecl" where current.attributes["storageClass"] != nil:
        return false
      case "CXXOperatorCallExpr":
        let callee = current.inner.first.flatMap(named)?.referenced?.name ?? ""
        if callee == "operator[]" { return false }
        if ["operator/", "operator%", "operator/=", "operator%="].contains(callee),
          !Self.isFloating(current.type)
        {
          return false
        }
      case "DeclRefExpr":
        guard let target = current.referenced else { continue }
        if let local = locals[target.id] {
          if local == nil,
            ["*", "Layer", "texture", "sampler"].contains(where: { current.type.contains($0) })
          {
            return false
          }
        } else if own.contains(target.id) {
          continue
        } else if ["VarDecl", "ParmVarDecl", "BindingDecl"].contains(target.kind) {
          return false
        } else if context.userDeclarations.contains(target.id) {
          guard isSpeculatableFunction(target.id) else { return false }
        }
      default:
        continue
      }
    }
    return true
  }

  /// Whether the file's function `id` may be called in a lane whose mask is off: it has a
  /// body, and its body is speculatable, its own variables and parameters included.
  private mutating func isSpeculatableFunction(_ id: String) -> Bool {
    if let known = speculatableFunctions[id] { return known }
    speculatableFunctions[id] = false
    guard let function = context.definitions[id], let body = Self.body(of: function) else {
      return false
    }
    let own = Set(
      (function.inner + body.descendants).filter { ["VarDecl", "ParmVarDecl"].contains($0.kind) }
        .map(\.id))
    let result = isSpeculatable(body, own: own)
    speculatableFunctions[id] = result
    return result
  }

  /// The member functions that read or write a layer's or texture's texels.
  private static let texelReads = MetalLaneForm.sampling.union(["write"])

  /// Whether clang's type `type` is floating-point (its division cannot fault).
  private static func isFloating(_ type: String) -> Bool {
    ["float", "half", "double"].contains { type.contains($0) }
  }

  /// Whether `divisor` is an integer constant other than 0 and -1, through casts and
  /// parentheses.
  private static func isSafeDivisor(_ divisor: MetalSyntaxNode?) -> Bool {
    var node = divisor
    while let current = node, ["ImplicitCastExpr", "ParenExpr"].contains(current.kind) {
      node = current.inner.first
    }
    guard let literal = node, literal.kind == "IntegerLiteral" else { return false }
    return literal.attributes["value"].map { $0 != "0" } ?? false
  }

  /// The statements that end lane `l`'s run of every mask from `index` up.
  private func clear(from index: Int) -> String {
    masks[index...].map { "\($0)[lfx_l] = false;" }.joined(separator: " ")
  }

  private mutating func statement(_ node: MetalSyntaxNode) throws {
    switch node.kind {
    case "CompoundStmt":
      // A block of its own, as the source's: its uniform locals are declared by name.
      flush()
      text += "{\n"
      for child in node.inner { try statement(child) }
      flush()
      text += "}\n"
    case "NullStmt":
      break
    case "DeclStmt":
      for declaration in node.inner { try variable(declaration) }
    case "ReturnStmt":
      var line = ""
      if let value = node.inner.first {
        line =
          "{ lfx_type<\(try resultType())> lfx_v = \(try rewritten(value)); lfx_r_l = lfx_v; } "
      }
      // Alone and masked: it writes the result and ends the lane's masks.
      flush()
      batchIsSpeculatable = false
      batch.append(line + clear(from: 0))
      flush()
    case "BreakStmt", "ContinueStmt":
      guard let loop = loops.last else { throw Unsupported() }
      flush()
      batchIsSpeculatable = false
      batch.append(clear(from: node.kind == "BreakStmt" ? loop.run : loop.iteration))
      flush()
    case "IfStmt":
      try branch(node)
    case "WhileStmt", "ForStmt", "DoStmt":
      try loop(node)
    default:
      let isExpression = ["Expr", "Operator", "ExprWithCleanups"].contains {
        node.kind.hasSuffix($0)
      }
      guard isExpression else {
        throw Unsupported(node.kind)
      }
      try expression(node)
    }
  }

  /// An expression statement: run once for the group, when some lane of the current mask
  /// runs it, if it reads and writes only values the same in every lane (every lane would
  /// compute the same, and the scalar form would fault or not as that lane does); else pending
  /// in the lane loop.
  private mutating func expression(_ node: MetalSyntaxNode) throws {
    let line = try rewritten(node)
    guard isUniform(node), isSpeculatable(node, guarded: true) else {
      pend(line + ";", reading: [node])
      return
    }
    flush()
    text += "if (lfx_any(\(mask))) { \(line); }\n"
  }

  /// Adds `line`, the text of `nodes`, to the pending statements.
  private mutating func pend(
    _ line: String, reading nodes: [MetalSyntaxNode], storage: String? = nil
  ) {
    for node in nodes {
      for reference in [node] + node.descendants where reference.kind == "DeclRefExpr" {
        if let target = reference.referenced, let local = locals[target.id] ?? nil {
          // An array whose elements the statement only reads needs no restoring.
          if (storageTypes[local] ?? "").contains("["),
            nodes.allSatisfy({ Self.readsElementsOnly($0, of: target.id) })
          {
            continue
          }
          touched[local] = storageTypes[local] ?? ""
        }
      }
    }
    if let storage {
      touched[storage] = storageTypes[storage] ?? ""
      declaredInBatch.insert(storage)
    }
    if batchIsSpeculatable {
      batchIsSpeculatable = nodes.allSatisfy { isSpeculatable($0, guarded: true) }
    }
    batch.append(line)
  }

  /// Whether every use of the array variable `id` in `node` reads one of its elements (or a
  /// member of one) as a value: through a subscript, then an lvalue-to-rvalue conversion, a
  /// conversion to `const` or a copy.
  private static func readsElementsOnly(_ node: MetalSyntaxNode, of id: String) -> Bool {
    readsOnly(node, of: id, elements: true)
  }

  /// Whether every use of the variable `id` in `node` reads it (or, with `elements`, one of
  /// its elements), or a member of it, as a value: then an lvalue-to-rvalue conversion, a
  /// conversion to `const` or a copy.
  private static func readsOnly(
    _ node: MetalSyntaxNode, of id: String, elements: Bool = false
  ) -> Bool {
    func walk(_ current: MetalSyntaxNode, _ ancestors: [MetalSyntaxNode]) -> Bool {
      guard current.kind == "DeclRefExpr", current.referenced?.id == id else {
        return current.inner.allSatisfy { walk($0, ancestors + [current]) }
      }
      var index = ancestors.count - 1
      if elements {
        guard index >= 1, ancestors[index].kind == "ImplicitCastExpr",
          ancestors[index].attributes["castKind"] == "ArrayToPointerDecay",
          ancestors[index - 1].kind == "ArraySubscriptExpr",
          ancestors[index - 1].inner.first === ancestors[index]
        else { return false }
        index -= 2
      }
      while index >= 0, ["MemberExpr", "ParenExpr"].contains(ancestors[index].kind),
        !ancestors[index].has("isArrow")
      {
        index -= 1
      }
      guard index >= 0 else { return false }
      let parent = ancestors[index]
      switch parent.kind {
      case "ImplicitCastExpr":
        return parent.attributes["castKind"] == "LValueToRValue"
          || (parent.attributes["castKind"] == "NoOp" && parent.type.hasPrefix("const "))
      case "CXXConstructExpr": return true
      default: return false
      }
    }
    return walk(node, [])
  }

  /// Whether `node` writes nothing: no assignment, increment or decrement.
  private static func isReadOnly(_ node: MetalSyntaxNode) -> Bool {
    ([node] + node.descendants).allSatisfy { current in
      switch current.kind {
      case "CompoundAssignOperator": return false
      case "BinaryOperator": return current.opcode != "="
      case "UnaryOperator": return !["++", "--"].contains(current.opcode)
      case "CXXOperatorCallExpr":
        let callee =
          current.inner.first.flatMap { node -> String? in
            var inner = node
            while inner.kind == "ImplicitCastExpr", let next = inner.inner.first { inner = next }
            return inner.referenced?.name
          } ?? "operator="
        return !callee.hasSuffix("=")
          || ["operator==", "operator!=", "operator<=", "operator>="].contains(callee)
          || callee == "operator<=>"
      default: return true
      }
    }
  }

  private var returnTypeName: String?
  /// The body of the function being generated.
  private var currentBody: MetalSyntaxNode?

  private func resultType() throws -> String {
    guard let type = returnTypeName else { throw Unsupported() }
    return type
  }

  /// A local variable: its per-lane storage, and its initialisation as the source writes it
  /// (`T v INIT; x[lfx_l] = v;`), so conversions and constructors are the source's.
  private mutating func variable(_ node: MetalSyntaxNode) throws {
    let type = Passing.unqualified(node.type)
    guard node.kind == "VarDecl", node.attributes["storageClass"] == nil,
      !type.contains("&"), !type.contains("*"), !type.contains("("), !node.nameInMacro,
      node.nameEnd > 0, let end = span(of: node)?.end, end >= node.nameEnd
    else { throw Unsupported() }
    if node.attributes["init"] != nil, !type.contains("["), !node.name.isEmpty,
      node.inner.allSatisfy({ isUniform($0) && isSpeculatable($0) }),
      let body = currentBody, Self.readsOnly(body, of: node.id)
    {
      // The same in every lane and never written: one value, declared as the source does.
      let initialiser = try rewritten(from: node.nameEnd, to: end, roots: node.inner)
      locals[node.id] = .some(nil)
      text += "const lfx_type<\(type)> \(node.name)\(initialiser);\n"
      return
    }
    if uniformLocals.contains(node.id) {
      // The same in every lane, written only by uniform statements: one variable, set when
      // some lane runs the declaration (the initialiser may read an array).
      text += "lfx_type<\(type)> \(node.name);\n"
      if node.attributes["init"] != nil {
        let initialiser = try arrayInitialiser(node, end: end)
        text +=
          "if (lfx_any(\(mask))) { lfx_type<\(type)> lfx_v\(initialiser); lfx_set(\(node.name), lfx_v); }\n"
      }
      locals[node.id] = .some(nil)
      return
    }
    let storage = fresh("lfx_s")
    text += "lfx_lanes<\(type)> \(storage);\n"
    locals[node.id] = storage
    storageTypes[storage] = type
    guard node.attributes["init"] != nil else { return }
    let initialiser = try arrayInitialiser(node, end: end)
    pend(
      "{ lfx_type<\(type)> lfx_v\(initialiser); lfx_set(\(storage)_l, lfx_v); }",
      reading: node.inner, storage: storage)
  }

  /// The initialiser of the declaration `node` as the source writes it, from the end of its
  /// name to `end`, without an array's bounds (`a[3] = {…}`: the type has them).
  private mutating func arrayInitialiser(_ node: MetalSyntaxNode, end: Int) throws -> String {
    var initialiser = try rewritten(from: node.nameEnd, to: end, roots: node.inner)
    while initialiser.first == "[", let close = initialiser.firstIndex(of: "]") {
      initialiser = String(initialiser[initialiser.index(after: close)...])
    }
    return initialiser
  }

  /// `if (c) A else B`: the condition for the current mask's lanes, then each branch under
  /// its lanes, skipped when it has none.
  private mutating func branch(_ node: MetalSyntaxNode) throws {
    guard !node.has("hasInit"), !node.has("hasVar"), !node.has("isConstexpr"),
      node.inner.count == (node.has("hasElse") ? 3 : 2)
    else { throw Unsupported() }
    let condition = try rewritten(node.inner[0])
    flush()
    let taken = fresh("lfx_k")
    let other = fresh("lfx_k")
    let (load, store) = Self.bindings(in: condition)
    // A condition that may run in every lane is computed unmasked (plain loads); it writes
    // nothing, so its storage needs no storing back.
    let evaluated =
      try isUnmasked(node.inner[0])
      ? "\(load)bool lfx_c = static_cast<bool>(\(condition));"
      : "bool lfx_c = false; if (\(mask)[lfx_l]) {\n\(load)lfx_c = static_cast<bool>(\(condition));\n\(store)}"
    text += """
      bool \(taken)[16], \(other)[16];
      LFX_LANES {
      \(evaluated) \(taken)[lfx_l] = \(mask)[lfx_l] && lfx_c; \(other)[lfx_l] = \(mask)[lfx_l] && !lfx_c; }

      """
    for (index, branchMask) in [taken, other].enumerated() where index + 1 < node.inner.count {
      text += "if (lfx_any(\(branchMask))) {\n"
      masks.append(branchMask)
      try statement(node.inner[index + 1])
      flush()
      masks.removeLast()
      text += "}\n"
    }
  }

  /// Clears the running mask's lanes whose `condition` is false.
  private mutating func test(_ condition: MetalSyntaxNode?) throws {
    if let condition {
      let test = try rewritten(condition)
      flush()
      let (load, store) = Self.bindings(in: test)
      text +=
        try isUnmasked(condition)
        ? "LFX_LANES {\n\(load)const bool lfx_c = static_cast<bool>(\(test)); \(mask)[lfx_l] = \(mask)[lfx_l] && lfx_c; }\n"
        : "LFX_LANES if (\(mask)[lfx_l]) {\n\(load)if (!static_cast<bool>(\(test))) \(mask)[lfx_l] = false;\n\(store)}\n"
    }
    text += "if (!lfx_any(\(mask))) break;\n"
  }

  /// `while`, `for` and `do`: a running mask (the lanes still looping) and an iteration mask
  /// (the lanes in this iteration's body), inside a loop that ends when no lane runs.
  private mutating func loop(_ node: MetalSyntaxNode) throws {
    let body: MetalSyntaxNode
    var condition: MetalSyntaxNode?
    var increment: MetalSyntaxNode?
    var scoped = false
    switch node.kind {
    case "ForStmt":
      guard node.inner.count == 5, node.inner[1].kind.isEmpty else { throw Unsupported() }
      if let header = try uniformHeader(node) {
        try uniformLoop(node, header: header)
        return
      }
      if !node.inner[0].kind.isEmpty {
        // A block of its own, as the source's scope of the header's variables.
        flush()
        text += "{\n"
        scoped = true
        try statement(node.inner[0])
      }
      condition = node.inner[2].kind.isEmpty ? nil : node.inner[2]
      increment = node.inner[3].kind.isEmpty ? nil : node.inner[3]
      body = node.inner[4]
    case "WhileStmt":
      guard !node.has("hasVar"), node.inner.count == 2 else { throw Unsupported() }
      condition = node.inner[0]
      body = node.inner[1]
    default:
      guard node.inner.count == 2 else { throw Unsupported() }
      body = node.inner[0]
      condition = node.inner[1]
    }
    flush()
    let running = fresh("lfx_k")
    let iteration = fresh("lfx_k")
    text += "bool \(running)[16];\nLFX_LANES \(running)[lfx_l] = \(mask)[lfx_l];\n"
    text += "for (;;) {\n"
    masks.append(running)
    if node.kind != "DoStmt" { try test(condition) }
    text += "bool \(iteration)[16];\nLFX_LANES \(iteration)[lfx_l] = \(running)[lfx_l];\n"
    masks.append(iteration)
    loops.append((masks.count - 2, masks.count - 1))
    try statement(body)
    flush()
    loops.removeLast()
    masks.removeLast()
    if let increment { try expression(increment) }
    flush()
    if node.kind == "DoStmt" { try test(condition) }
    masks.removeLast()
    text += scoped ? "}\n}\n" : "}\n"
  }

  /// Whether `node` reads nothing per lane: every variable it names is a uniform parameter, a
  /// uniform loop's counter or a program-scope name, and it calls no function with a lane form.
  private func isUniform(_ node: MetalSyntaxNode) -> Bool {
    ([node] + node.descendants).allSatisfy { node in
      switch node.kind {
      case "DeclRefExpr":
        guard let target = node.referenced else { return true }
        if let local = locals[target.id] { return local == nil }
        return !declared.contains(target.id) && context.laneNames[target.id] == nil
      case "LambdaExpr", "StmtExpr": return false
      default: return true
      }
    }
  }

  /// The header of a `for` loop that runs the same iterations in every lane, `int i = 0; i <
  /// n; ++i`, as the source writes it, or `nil` for a loop that is not: one scalar counter,
  /// declared in the loop, set and tested by uniform expressions, only read in the body (an
  /// lvalue-to-rvalue conversion is its every use there).
  private mutating func uniformHeader(_ node: MetalSyntaxNode) throws -> String? {
    let scalars = ["int", "unsigned int", "float", "short", "unsigned short", "long", "uint"]
    let (initialiser, condition, increment, body) = (
      node.inner[0], node.inner[2], node.inner[3], node.inner[4]
    )
    guard initialiser.kind == "DeclStmt", initialiser.inner.count == 1,
      let counter = initialiser.inner.first, counter.kind == "VarDecl",
      counter.attributes["storageClass"] == nil, scalars.contains(counter.type),
      !counter.inMacro, counter.begin >= 0, counter.inner.allSatisfy(isUniform)
    else { return nil }
    // Reads alone in the body: each reference under an lvalue-to-rvalue conversion.
    var reads = 0
    var references = 0
    for child in [body] + body.descendants {
      for inner in child.inner
      where inner.kind == "DeclRefExpr" && inner.referenced?.id == counter.id {
        references += 1
        if child.kind == "ImplicitCastExpr" && child.attributes["castKind"] == "LValueToRValue" {
          reads += 1
        }
      }
    }
    if body.kind == "DeclRefExpr" && body.referenced?.id == counter.id { references += 1 }
    guard reads == references else { return nil }
    locals[counter.id] = .some(nil)
    guard condition.kind.isEmpty || isUniform(condition),
      increment.kind.isEmpty || isUniform(increment)
    else {
      locals[counter.id] = nil
      return nil
    }
    let declaration = try rewritten(from: counter.begin, to: counter.end, roots: counter.inner)
    let test = condition.kind.isEmpty ? "" : try rewritten(condition)
    let step = increment.kind.isEmpty ? "" : try rewritten(increment)
    return "\(declaration); \(test); \(step)"
  }

  /// A `for` loop whose iterations are the same in every lane (``uniformHeader(_:)``): the
  /// source's own loop, its body under the lanes still running (`break` and `return` clear
  /// them) and ended early when none is.
  private mutating func uniformLoop(_ node: MetalSyntaxNode, header: String) throws {
    flush()
    let running = fresh("lfx_k")
    let iteration = fresh("lfx_k")
    text += "bool \(running)[16];\nLFX_LANES \(running)[lfx_l] = \(mask)[lfx_l];\n"
    // A loop with a loop inside is not unrolled: its bound, now a constant the same in every
    // lane (`const int N = 12`), let clang unroll nested lane loops whole, and one file's
    // lane compile took 11 s of CPU instead of 3 (delaunay-lines).
    let isNested = node.inner[4].descendants.contains {
      ["ForStmt", "WhileStmt", "DoStmt"].contains($0.kind)
    }
    if isNested { text += "_Pragma(\"clang loop unroll(disable)\")\n" }
    text += "for (\(header)) {\nif (!lfx_any(\(running))) break;\n"
    text += "bool \(iteration)[16];\nLFX_LANES \(iteration)[lfx_l] = \(running)[lfx_l];\n"
    masks.append(running)
    masks.append(iteration)
    loops.append((masks.count - 2, masks.count - 1))
    try statement(node.inner[4])
    flush()
    loops.removeLast()
    masks.removeLast(2)
    text += "}\n"
  }

  /// The source text of `node` with its locals per lane and its hoisted calls replaced.
  private mutating func rewritten(_ node: MetalSyntaxNode) throws -> String {
    guard let (begin, end) = span(of: node) else { throw Unsupported() }
    return try rewritten(from: begin, to: end, roots: [node])
  }

  /// The bytes of `node`'s text: its range, or where it begins or ends inside the expansion of
  /// a whole macro (``Context/wholeMacros``), from or to that macro's name; `nil` for a range
  /// that begins or ends inside any other macro (a function-like one, whose arguments follow
  /// its name, or one whose body could hold a statement's boundary).
  private func span(of node: MetalSyntaxNode) -> (begin: Int, end: Int)? {
    func whole(_ name: Range<Int>?) -> Range<Int>? {
      guard let name, name.lowerBound >= context.source.lowerBound,
        name.upperBound <= context.source.upperBound,
        context.wholeMacros.contains(String(decoding: context.unit[name], as: UTF8.self))
      else { return nil }
      // An object-like macro's name is not followed by an argument list.
      let next = context.unit[name.upperBound..<context.source.upperBound].first { byte in
        ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
          .contains(byte)
      }
      return next == UInt8(ascii: "(") ? nil : name
    }
    guard let begin = node.begin >= 0 ? node.begin : whole(node.beginExpansion)?.lowerBound,
      let end = node.end >= 0 ? node.end : whole(node.endExpansion)?.upperBound
    else { return nil }
    return (begin, end)
  }

  private mutating func rewritten(from start: Int, to end: Int, roots: [MetalSyntaxNode]) throws
    -> String
  {
    guard start >= context.source.lowerBound, end <= context.source.upperBound, start <= end
    else { throw Unsupported() }
    var replacements: [(begin: Int, end: Int, text: String)] = []
    for root in roots { try collect(root, into: &replacements, conditional: false) }
    replacements.sort { $0.begin < $1.begin }
    var result: [UInt8] = []
    var position = start
    for (index, replacement) in replacements.enumerated() {
      // The same reference reached twice (an `OpaqueValueExpr` repeats its source).
      if index > 0, replacements[index - 1] == replacement { continue }
      guard replacement.begin >= position, replacement.begin <= replacement.end,
        replacement.end <= end
      else { throw Unsupported() }
      result += context.unit[position..<replacement.begin]
      result += Array(replacement.text.utf8)
      position = replacement.end
    }
    result += context.unit[position..<end]
    return String(decoding: result, as: UTF8.self)
  }

  /// The replacements within `node`: each local reference by its lane's element.
  ///
  /// Each hoistable call is replaced by its result's element. Calls under `&&`, `||`, `?:` and `,` are not hoisted:
  /// the source may not evaluate them.
  private mutating func collect(
    _ node: MetalSyntaxNode, into replacements: inout [(begin: Int, end: Int, text: String)],
    conditional: Bool
  ) throws {
    switch node.kind {
    case "LambdaExpr", "StmtExpr", "BlockExpr", "CXXThrowExpr", "AddrLabelExpr", "GNUNullExpr":
      throw Unsupported()
    case "CXXDefaultArgExpr", "CXXDefaultInitExpr":
      return
    case "PseudoObjectExpr":
      // A swizzle's assignment: the syntactic form first, then the semantic forms, which
      // repeat its nodes.
      if let syntactic = node.inner.first {
        try collect(syntactic, into: &replacements, conditional: conditional)
      }
      return
    case "UnaryOperator" where node.opcode == "&":
      throw Unsupported()
    case "DeclRefExpr":
      guard let target = node.referenced else { return }
      if let local = locals[target.id] {
        guard !node.inMacro, node.begin >= 0 else { throw Unsupported() }
        if let storage = local {
          replacements.append((node.begin, node.end, "\(storage)_l"))
        }
      } else if declared.contains(target.id) {
        throw Unsupported()
      }
      return
    case "CallExpr" where !conditional:
      if let hoisted = try hoist(node) {
        replacements.append((node.begin, node.end, hoisted))
        return
      }
    case "BinaryOperator" where ["&&", "||", ","].contains(node.opcode),
      "ConditionalOperator", "BinaryConditionalOperator":
      for (index, child) in node.inner.enumerated() {
        try collect(child, into: &replacements, conditional: conditional || index > 0)
      }
      return
    default:
      break
    }
    for child in node.inner {
      try collect(child, into: &replacements, conditional: conditional)
    }
  }

  /// The function a call names directly, through the implicit function-to-pointer decay.
  private func callee(_ call: MetalSyntaxNode) -> String? {
    var node = call.inner.first
    while let current = node, current.kind == "ImplicitCastExpr" { node = current.inner.first }
    guard let reference = node, reference.kind == "DeclRefExpr",
      reference.referenced?.kind == "FunctionDecl"
    else { return nil }
    return reference.referenced?.id
  }

  /// The variable an argument names, through implicit casts, or `nil`.
  private func named(_ argument: MetalSyntaxNode) -> MetalSyntaxNode? {
    var node = argument
    while node.kind == "ImplicitCastExpr", let inner = node.inner.first { node = inner }
    return node.kind == "DeclRefExpr" ? node : nil
  }

  /// Hoists a call of a function with a lane form: its arguments into per-lane arrays under
  /// the current mask, one call of the lane form, and the text that reads its result
  /// (`lfx_tN[lfx_l]`); `nil` when the call stays in the lane loop.
  private mutating func hoist(_ call: MetalSyntaxNode) throws -> String? {
    guard !call.inMacro, call.begin >= 0, let id = callee(call),
      let name = context.laneNames[id], let target = context.definitions[id],
      let result = Self.returnType(of: target)
    else { return nil }
    let parameters = Self.parameters(of: target)
    let arguments = Array(call.inner.dropFirst())
    guard parameters.count == arguments.count,
      !arguments.contains(where: { $0.kind == "CXXDefaultArgExpr" })
    else { return nil }
    // Which arguments can be passed: a reference binds a per-lane local, each local at most
    // once (the lane form binds each reference parameter's lane to a value of its own, so two
    // names of one vector would not see each other's writes); a uniform parameter takes a
    // uniform parameter or a program-scope name.
    var referenced: Set<String> = []
    for (parameter, argument) in zip(parameters, arguments) {
      switch Passing(type: parameter.type) {
      case .value: continue
      case .reference:
        guard let target = named(argument)?.referenced, let local = locals[target.id],
          local != nil, referenced.insert(target.id).inserted
        else { return nil }
      case .uniform:
        guard let target = named(argument)?.referenced,
          !declared.contains(target.id), locals[target.id] ?? nil == nil
        else { return nil }
      }
    }
    flush()
    var passed: [String] = ["\(mask)"]
    var lines: [String] = []
    var resultName: String?
    if result != "void" {
      let storage = fresh("lfx_t")
      text += "lfx_lanes<\(result)> \(storage);\n"
      passed.append(storage)
      resultName = storage
    }
    let uniform = context.uniformParameters[target.id] ?? []
    var uniformArguments: Set<Int> = []
    for (index, (parameter, argument)) in zip(parameters, arguments).enumerated() {
      if case .value = Passing(type: parameter.type), isUniform(argument),
        isSpeculatable(argument)
      {
        uniformArguments.insert(index)
      }
      switch Passing(type: parameter.type) {
      case .value where uniform.contains(index):
        guard uniformArguments.contains(index) else { throw Unsupported() }
        passed.append(try rewritten(argument))
      case .value(let type):
        let storage = fresh("lfx_a")
        let value = try rewritten(argument)
        text += "lfx_lanes<\(type)> \(storage);\n"
        lines.append("{ lfx_type<\(type)> lfx_v = \(value); lfx_store(\(storage), lfx_l, lfx_v); }")
        passed.append(storage)
      case .reference:
        guard let target = named(argument)?.referenced, let local = locals[target.id] ?? nil
        else { throw Unsupported() }
        passed.append(local)
      case .uniform:
        passed.append(try rewritten(argument))
      }
    }
    if !lines.isEmpty {
      let body = lines.joined(separator: "\n")
      let (load, store) = Self.bindings(in: body)
      text += "LFX_LANES if (\(mask)[lfx_l]) {\n\(load)\(body)\n\(store)}\n"
    }
    calls.append((target.id, uniformArguments))
    text += "if (lfx_any(\(mask))) \(name)(\(passed.joined(separator: ", ")));\n"
    return resultName.map { "\($0)_l" } ?? "((void)0)"
  }
}
