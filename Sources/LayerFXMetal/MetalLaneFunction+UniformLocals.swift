/// Which of a function's locals hold the same value in every lane, so that the lane form keeps
/// each as one value and computes its statements once per group of 16 pixels.
///
/// A local is uniform when every statement that writes it (its initialiser, an assignment, an
/// increment) reads only uniform values (uniform parameters, program-scope names, uniform
/// locals and the counters of uniform loops) and calls no function with a lane form, and runs
/// wherever the local's declaration runs: between the declaration and the write there is no
/// `if`, `while`, `do` or per-lane `for`, and no `break` or `continue` of a loop in between
/// (an early `return` only ends lanes, which then read nothing). Every lane still running then
/// performed the same writes of the same values in the same order, so one value stands for
/// all. Found as the greatest such set (each local assumed uniform until a write of it is
/// not), as particle simulations write their state from uniform values alone: gravity-wells
/// moves 60 particles 20 steps around 3 wells for every pixel, and the lane form repeated
/// each step in 16 lanes.
extension MetalLaneFunction {
  /// A place a local is written: the statement, and the statements that enclose it up to
  /// (not including) the function's body.
  private struct Write {
    let statement: MetalSyntaxNode
    let enclosing: [MetalSyntaxNode]
  }

  /// The uniform locals of `body` (their declarations' ids).
  ///
  /// - Parameters:
  ///   - body: The function's body.
  ///   - uniformParameters: The ids of the parameters the lane form takes as one value.
  ///   - isLaneFunction: Whether a declaration id names a function with a lane form.
  /// - Returns: The ids of the uniform locals' declarations.
  static func uniformLocals(
    in body: MetalSyntaxNode, uniformParameters: Set<String>,
    isLaneFunction: (String) -> Bool
  ) -> Set<String> {
    let declarations = body.descendants.filter { $0.kind == "VarDecl" }
    let locals = Set(declarations.map(\.id))
    var candidates = Set(
      declarations.filter { declaration in
        let type = declaration.type
        return declaration.attributes["storageClass"] == nil && !type.contains("&")
          && !type.contains("*") && !type.contains("(") && !declaration.name.isEmpty
      }.map(\.id))
    // Every write of every local, and the declarations' places.
    var writes: [String: [Write]] = [:]
    var declaredAt: [String: Int] = [:]
    var refused: Set<String> = []
    func record(_ node: MetalSyntaxNode, enclosing: [MetalSyntaxNode]) {
      for id in nonReadUses(in: node) where locals.contains(id) {
        writes[id, default: []].append(Write(statement: node, enclosing: enclosing))
      }
    }
    func refuse(_ node: MetalSyntaxNode) {
      refused.formUnion(nonReadUses(in: node))
    }
    func visit(_ node: MetalSyntaxNode, enclosing: [MetalSyntaxNode]) {
      switch node.kind {
      case "CompoundStmt":
        for child in node.inner { visit(child, enclosing: enclosing + [node]) }
      case "DeclStmt":
        for declaration in node.inner where declaration.kind == "VarDecl" {
          declaredAt[declaration.id] = enclosing.count
          if declaration.attributes["init"] != nil {
            writes[declaration.id, default: []].append(
              Write(statement: declaration, enclosing: enclosing))
          }
          for child in declaration.inner { record(child, enclosing: enclosing) }
        }
      case "ForStmt" where node.inner.count == 5:
        let inside = enclosing + [node]
        if !node.inner[0].kind.isEmpty { visit(node.inner[0], enclosing: inside) }
        refuse(node.inner[2])
        if let counter = counter(of: node) {
          // The counter's increment runs where the loop's header does.
          writes[counter.id, default: []].append(
            Write(statement: node.inner[3], enclosing: inside))
          refused.formUnion(nonReadUses(in: node.inner[3]).filter { $0 != counter.id })
        } else {
          refuse(node.inner[3])
        }
        visit(node.inner[4], enclosing: inside)
      case "IfStmt", "WhileStmt", "DoStmt", "ForStmt":
        for child in node.inner {
          if child.kind.hasSuffix("Stmt") {
            visit(child, enclosing: enclosing + [node])
          } else {
            refuse(child)
          }
        }
      case "ReturnStmt", "BreakStmt", "ContinueStmt", "NullStmt":
        refuse(node)
      default:
        record(node, enclosing: enclosing)
      }
    }
    visit(body, enclosing: [])
    candidates.subtract(refused)
    // Drop any local with a write that is not uniform, until none is left to drop.
    var changed = true
    while changed {
      changed = false
      for id in candidates.sorted() {
        let depth = declaredAt[id] ?? -1
        let isUniform = (writes[id] ?? []).allSatisfy { write in
          depth >= 0 && write.enclosing.count >= depth
            && write.enclosing[depth...].allSatisfy { enclosing in
              enclosing.kind == "CompoundStmt"
                || (enclosing.kind == "ForStmt"
                  && isUniformLoop(
                    enclosing, candidates: candidates, uniformParameters: uniformParameters,
                    locals: locals, isLaneFunction: isLaneFunction))
            }
            && reads(
              write.statement, onlyFrom: candidates, uniformParameters: uniformParameters,
              locals: locals, isLaneFunction: isLaneFunction)
        }
        if !isUniform {
          candidates.remove(id)
          changed = true
        }
      }
    }
    return candidates
  }

  /// The counter of a `for` loop whose header declares one scalar, or `nil`.
  private static func counter(of loop: MetalSyntaxNode) -> MetalSyntaxNode? {
    let scalars = ["int", "unsigned int", "float", "short", "unsigned short", "long", "uint"]
    let initialiser = loop.inner[0]
    guard initialiser.kind == "DeclStmt", initialiser.inner.count == 1,
      let counter = initialiser.inner.first, counter.kind == "VarDecl",
      counter.attributes["storageClass"] == nil, scalars.contains(counter.type)
    else { return nil }
    return counter
  }

  /// Whether `loop` runs the same iterations in every lane, given the uniform `candidates`:
  /// its counter is one of them, its condition and increment read only uniform values, and
  /// its body neither breaks nor continues it.
  private static func isUniformLoop(
    _ loop: MetalSyntaxNode, candidates: Set<String>, uniformParameters: Set<String>,
    locals: Set<String>, isLaneFunction: (String) -> Bool
  ) -> Bool {
    guard let counter = counter(of: loop), candidates.contains(counter.id) else { return false }
    for part in [loop.inner[2], loop.inner[3]] where !part.kind.isEmpty {
      guard
        reads(
          part, onlyFrom: candidates, uniformParameters: uniformParameters, locals: locals,
          isLaneFunction: isLaneFunction)
      else { return false }
    }
    return !exits(loop.inner[4])
  }

  /// Whether `node` holds a `break` or `continue` of the loop it is the body of (not one of a
  /// loop inside it).
  private static func exits(_ node: MetalSyntaxNode) -> Bool {
    switch node.kind {
    case "BreakStmt", "ContinueStmt": return true
    case "ForStmt", "WhileStmt", "DoStmt", "SwitchStmt": return false
    default: return node.inner.contains(where: exits)
    }
  }

  /// Whether every local `node` names is one of `candidates` or a uniform parameter, and it
  /// calls no function with a lane form.
  private static func reads(
    _ node: MetalSyntaxNode, onlyFrom candidates: Set<String>, uniformParameters: Set<String>,
    locals: Set<String>, isLaneFunction: (String) -> Bool
  ) -> Bool {
    ([node] + node.descendants).allSatisfy { current in
      switch current.kind {
      case "DeclRefExpr":
        guard let target = current.referenced else { return true }
        if isLaneFunction(target.id) { return false }
        switch target.kind {
        case "VarDecl" where locals.contains(target.id): return candidates.contains(target.id)
        case "ParmVarDecl": return uniformParameters.contains(target.id)
        default: return true
        }
      case "LambdaExpr", "StmtExpr": return false
      default: return true
      }
    }
  }

  /// The ids of the variables `node` uses other than to read their value (or an element's or
  /// a member's): assigned, incremented, bound to a reference, or passed as one.
  static func nonReadUses(in node: MetalSyntaxNode) -> Set<String> {
    var result: Set<String> = []
    func walk(_ current: MetalSyntaxNode, _ ancestors: [MetalSyntaxNode]) {
      if current.kind == "DeclRefExpr", let target = current.referenced,
        ["VarDecl", "ParmVarDecl"].contains(target.kind),
        !isRead(ancestors)
      {
        result.insert(target.id)
      }
      for child in current.inner { walk(child, ancestors + [current]) }
    }
    walk(node, [])
    return result
  }

  /// Whether a reference whose enclosing nodes are `ancestors` (innermost last) reads a value.
  private static func isRead(_ ancestors: [MetalSyntaxNode]) -> Bool {
    var index = ancestors.count - 1
    var child: MetalSyntaxNode?
    while index >= 0 {
      let parent = ancestors[index]
      switch parent.kind {
      case "MemberExpr" where !parent.has("isArrow"), "ParenExpr":
        break
      case "ImplicitCastExpr" where parent.attributes["castKind"] == "ArrayToPointerDecay":
        break
      case "ArraySubscriptExpr" where child.map { parent.inner.first === $0 } ?? false:
        break
      case "ImplicitCastExpr":
        return parent.attributes["castKind"] == "LValueToRValue"
          || (parent.attributes["castKind"] == "NoOp" && parent.type.hasPrefix("const "))
      case "CXXConstructExpr":
        return true
      case "MSPropertyRefExpr", "OpaqueValueExpr":
        // A swizzle: a read unless its property is set.
        guard let swizzle = ancestors[..<index].last(where: { $0.kind == "PseudoObjectExpr" })
        else { return false }
        return !swizzle.descendants.contains {
          $0.kind == "MemberExpr" && $0.name.hasPrefix("lfx_put_")
        }
      default:
        return false
      }
      child = parent
      index -= 1
    }
    return false
  }
}
