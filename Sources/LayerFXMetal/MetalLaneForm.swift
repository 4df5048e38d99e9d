import Foundation

/// The lane form of a file's stitchable functions: each runs 16 pixels at once.
///
/// Each pixel is a lane, its `if`, `for`, `while`, `do`, `break`, `continue` and `return` run
/// under per-lane masks, as llvmpipe, ISPC and GPU compilers run a shader (SPMD), so clang
/// vectorises the straight-line lane loops where its loop vectoriser cannot vectorise the pixel
/// loop (a loop with a per-pixel exit inside it is not innermost). Issue 26 item 2; figures in
/// Benchmarks/README.md.
///
/// It is a source-to-source transform over clang's own syntax tree of the unit
/// (``MetalSyntaxNode``): each function that holds a loop, or calls one that does, gets a lane
/// form (``MetalLaneFunction``), whose statements are the source's own text with each local
/// `x` read as lane `l`'s element `x[lfx_l]`, so every lane performs the scalar function's
/// operations in its order (`-ffp-contract=off`, no fast-math) and renders its bytes. A
/// stitchable function with a lane form gets an entry, `lfx_lanes_NAME`, that the row function
/// calls once per 16 pixels (``MetalGlue``); a function without loops needs none (its pixel
/// loop vectorises as it is). What the transform does not handle (``MetalLaneFunction`` lists
/// it), a recursive function, a loop that samples a layer or texture, or a lane form clang
/// refuses, leaves the file's scalar row functions as they were.
struct MetalLaneForm {
  /// The C++ that follows the source in the running unit: helpers, the lane forms and the
  /// entries, in namespace `lfx_user`, under the `#line` name `<layerfx lanes>`.
  let text: String
  /// The stitchable functions that have an entry.
  let functions: Set<String>

  /// Whether a file's `source` may have a lane form, before any clang run: it has a loop (a
  /// file without one vectorises as it is), and each macro keeps one meaning to its end (the
  /// lane form, after the source, reads the source's text again: a macro `#undef`ined or
  /// defined twice would mean something else there).
  static func isCandidate(_ source: String) -> Bool {
    guard source.range(of: #"\b(for|while)\s*\("#, options: .regularExpression) != nil,
      source.range(of: #"#\s*undef\b"#, options: .regularExpression) == nil
    else { return false }
    var names: Set<String> = []
    for line in source.split(separator: "\n") {
      guard let match = line.firstMatch(of: /^\s*#\s*define\s+(\w+)/) else { continue }
      if !names.insert(String(match.1)).inserted { return false }
    }
    return true
  }

  /// The version of the generated code, part of the cached transform's key.
  static let version = 5

  /// The lane form of each stitchable function's entry: `static void
  /// lfx_lanes_NAME(const bool (&m)[16], float4 (&out)[16], const float2 (&position)[16],
  /// …)`, with `const float4 (&color)[16]` after the positions for a colour effect, `out` of
  /// `float2` for a distortion, then the function's other parameters as the row function
  /// passes them.
  static func entrySymbol(_ name: String) -> String { "lfx_lanes_\(name)" }

  private static let preamble = """
    #line 1 "<layerfx lanes>"
    namespace lfx_user {
    template <class T> using lfx_type = T;
    template <class T> static inline void lfx_set(T &d, const T &s) { d = s; }
    template <class T, decltype(sizeof 0) N> static inline void lfx_set(T (&d)[N], const T (&s)[N]) { for (decltype(sizeof 0) k = 0; k < N; ++k) lfx_set(d[k], s[k]); }
    #define LFX_LANES _Pragma("clang loop vectorize(assume_safety) vectorize_width(16) unroll(disable)") for (int lfx_l = 0; lfx_l < 16; ++lfx_l)
    template <class T> static inline void lfx_keep(T &d, const T &o, bool a) { d = a ? d : o; }
    template <class T> static inline void lfx_keep(metal::vec<T, 2> &d, const metal::vec<T, 2> &o, bool a) { d.x = a ? d.x : o.x; d.y = a ? d.y : o.y; }
    template <class T> static inline void lfx_keep(metal::vec<T, 3> &d, const metal::vec<T, 3> &o, bool a) { d.x = a ? d.x : o.x; d.y = a ? d.y : o.y; d.z = a ? d.z : o.z; }
    template <class T> static inline void lfx_keep(metal::vec<T, 4> &d, const metal::vec<T, 4> &o, bool a) { d.x = a ? d.x : o.x; d.y = a ? d.y : o.y; d.z = a ? d.z : o.z; d.w = a ? d.w : o.w; }
    static inline bool lfx_any(const bool (&m)[16]) { int a = 0; LFX_LANES a |= m[lfx_l]; return a != 0; }
    template <class T> struct lfx_aos { T v[16]; };
    template <class T, int N> struct lfx_soa { T c[N][16]; };
    template <class T> struct lfx_lanes_of { typedef lfx_aos<T> type; };
    template <class T, int N> struct lfx_lanes_of<metal::vec<T, N>> { typedef lfx_soa<T, N> type; };
    template <class T> using lfx_lanes = typename lfx_lanes_of<T>::type;
    template <class T> static inline T &lfx_at(lfx_aos<T> &s, int l) { return s.v[l]; }
    template <class T> static inline void lfx_put(lfx_aos<T> &, int, const T &) {}
    template <class T> static inline void lfx_store(lfx_aos<T> &s, int l, const T &v) { lfx_set(s.v[l], v); }
    template <class T> static inline metal::vec<T, 2> lfx_at(const lfx_soa<T, 2> &s, int l) { return metal::vec<T, 2>(s.c[0][l], s.c[1][l]); }
    template <class T> static inline metal::vec<T, 3> lfx_at(const lfx_soa<T, 3> &s, int l) { return metal::vec<T, 3>(s.c[0][l], s.c[1][l], s.c[2][l]); }
    template <class T> static inline metal::vec<T, 4> lfx_at(const lfx_soa<T, 4> &s, int l) { return metal::vec<T, 4>(s.c[0][l], s.c[1][l], s.c[2][l], s.c[3][l]); }
    template <class T> static inline void lfx_put(lfx_soa<T, 2> &s, int l, const metal::vec<T, 2> &v) { s.c[0][l] = v.x; s.c[1][l] = v.y; }
    template <class T> static inline void lfx_put(lfx_soa<T, 3> &s, int l, const metal::vec<T, 3> &v) { s.c[0][l] = v.x; s.c[1][l] = v.y; s.c[2][l] = v.z; }
    template <class T> static inline void lfx_put(lfx_soa<T, 4> &s, int l, const metal::vec<T, 4> &v) { s.c[0][l] = v.x; s.c[1][l] = v.y; s.c[2][l] = v.z; s.c[3][l] = v.w; }
    template <class T, int N> static inline void lfx_store(lfx_soa<T, N> &s, int l, const metal::vec<T, N> &v) { lfx_put(s, l, v); }

    """

  /// The lane form of `signatures`' functions from the unit's syntax tree.
  ///
  /// - Parameters:
  ///   - declarations: The top-level declarations of namespace `lfx_user`, as clang dumped
  ///     them from `unit`.
  ///   - unit: The unit's bytes.
  ///   - source: The byte range of the user's source in `unit`.
  ///   - signatures: The file's stitchable functions.
  /// - Returns: The lane form, or `nil` when no stitchable function has one.
  static func make(
    declarations: [MetalSyntaxNode], unit: [UInt8], source: Range<Int>,
    signatures: [MetalSignature]
  ) -> MetalLaneForm? {
    // Definitions by id, a prototype's id standing for its definition.
    var definitions: [String: MetalSyntaxNode] = [:]
    var order: [MetalSyntaxNode] = []
    for declaration in declarations where declaration.kind == "FunctionDecl" {
      guard MetalLaneFunction.body(of: declaration) != nil else { continue }
      definitions[declaration.id] = declaration
      order.append(declaration)
    }
    for declaration in declarations where declaration.kind == "FunctionDecl" {
      if let previous = declaration.attributes["previousDecl"],
        definitions[previous] == nil, definitions[declaration.id] != nil
      {
        definitions[previous] = definitions[declaration.id]
      }
    }
    // Direct callees and loops.
    var callees: [String: Set<String>] = [:]
    var loops: Set<String> = []
    for function in order {
      let nodes = function.descendants
      if nodes.contains(where: { ["ForStmt", "WhileStmt", "DoStmt"].contains($0.kind) }) {
        loops.insert(function.id)
      }
      callees[function.id] = Set(
        nodes.compactMap { node in
          guard node.kind == "DeclRefExpr", let target = node.referenced,
            target.kind == "FunctionDecl"
          else { return nil }
          return definitions[target.id]?.id
        })
    }
    // Recursion stays scalar: a function reaching itself gets no lane form.
    let recursive = Set(order.map(\.id).filter { reaches($0, from: $0, callees: callees) })
    // So does a function whose loop samples a layer or texture, itself or through a helper:
    // the lane form reads texels one lane at a time under masks, and a loop of little more
    // than reads (a box blur) ran 4× slower than its scalar form.
    let samples = closure(
      of: Set(
        order.filter { function in
          function.descendants.contains { $0.kind == "MemberExpr" && sampling.contains($0.name) }
        }.map(\.id)), order: order, callees: callees)
    let sampledInLoop = Set(
      order.filter { function in
        function.descendants.contains { loop in
          ["ForStmt", "WhileStmt", "DoStmt"].contains(loop.kind)
            && loop.descendants.contains { node in
              (node.kind == "MemberExpr" && sampling.contains(node.name))
                || (node.kind == "DeclRefExpr"
                  && samples.contains(definitions[node.referenced?.id ?? ""]?.id ?? ""))
            }
        }
      }.map(\.id))
    // A function needs a lane form when it holds a loop, or calls one that has a lane form.
    let excluded = recursive.union(sampledInLoop)
    let needs = closure(
      of: loops.subtracting(excluded), order: order, callees: callees, excluding: excluded)
    var candidates = order.filter { needs.contains($0.id) }
    let macros = wholeMacros(in: String(decoding: unit[source], as: UTF8.self))
    let functionKinds: Set<String> = [
      "FunctionDecl", "CXXMethodDecl", "CXXConstructorDecl", "CXXConversionDecl",
      "CXXDestructorDecl", "FunctionTemplateDecl",
    ]
    let userDeclarations = Set(
      declarations.flatMap { [$0] + $0.descendants }.filter { functionKinds.contains($0.kind) }
        .map(\.id))
    // Generate until every candidate's callees with lane forms have one themselves.
    var generated: [String: String] = [:]
    // Uniform parameters, found in rounds: none at first, then those every call of the last
    // round passed a uniform value (an entry passes its own parameters), which can make more
    // values uniform in the callees.
    var uniformParameters: [String: Set<Int>] = [:]
    var calls: [(callee: String, uniform: Set<Int>)] = []
    for round in 0..<4 {
      if round > 0 {
        var sites: [String: [Set<Int>]] = [:]
        for call in calls { sites[call.callee, default: []].append(call.uniform) }
        for signature in signatures {
          let matches = order.filter { $0.name == signature.name }
          guard matches.count == 1, let function = matches.first else { continue }
          let supplied = signature.kind == .color ? 2 : 1
          let count = MetalLaneFunction.parameters(of: function).count
          sites[function.id, default: []].append(Set(min(supplied, count)..<count))
        }
        var next: [String: Set<Int>] = [:]
        for function in candidates {
          guard let first = sites[function.id]?.first else { continue }
          let common = (sites[function.id] ?? []).reduce(first) { $0.intersection($1) }
          let found = common.intersection(MetalLaneFunction.readOnlyParameters(of: function))
          if !found.isEmpty { next[function.id] = found }
        }
        if next == uniformParameters { break }
        uniformParameters = next
      }
      calls = []
      while true {
        var laneNames: [String: String] = [:]
        for (index, function) in candidates.enumerated() {
          laneNames[function.id] = "lfx_lanes_f\(index)"
        }
        for (id, definition) in definitions where laneNames[definition.id] != nil {
          laneNames[id] = laneNames[definition.id]
        }
        let context = MetalLaneFunction.Context(
          unit: unit, source: source, laneNames: laneNames, definitions: definitions,
          wholeMacros: macros, userDeclarations: userDeclarations,
          uniformParameters: uniformParameters)
        generated = [:]
        calls = []
        var failed: Set<String> = []
        for function in candidates {
          let name = laneNames[function.id] ?? ""
          if let form = try? MetalLaneFunction.generate(function, name: name, context: context) {
            generated[function.id] = form.text
            calls += form.calls
          } else {
            failed.insert(function.id)
          }
        }
        if failed.isEmpty { break }
        candidates.removeAll { failed.contains($0.id) }
      }
    }
    // Callees first: lane forms call only functions without recursion, so this ends.
    var emitted: [String] = []
    var text = preamble
    func emit(_ id: String) {
      guard let function = generated[id], !emitted.contains(id) else { return }
      emitted.append(id)
      for callee in (callees[id] ?? []).sorted() { emit(callee) }
      text += function
    }
    var functions: Set<String> = []
    for signature in signatures {
      let matches = order.filter { $0.name == signature.name }
      guard matches.count == 1, let function = matches.first, generated[function.id] != nil,
        let index = candidates.firstIndex(where: { $0.id == function.id }),
        let entry = entry(
          signature, function: function, laneName: "lfx_lanes_f\(index)",
          uniform: uniformParameters[function.id] ?? [])
      else { continue }
      emit(function.id)
      text += entry
      functions.insert(signature.name)
    }
    guard !functions.isEmpty else { return nil }
    return MetalLaneForm(text: text + "}  // namespace lfx_user\n", functions: functions)
  }

  /// The object-like macros of the stand-in and of `source` a statement may begin or end in.
  ///
  /// Their expansion is whole to any statement: a body of one balanced run of tokens without
  /// `;`, `,`, `{` or `}` (`#define PI 3.14159`, `M_PI_F`, `#define RADIUS (0.5 * SCALE)`), so
  /// no statement's boundary falls inside it, and naming no macro but such ones. A name
  /// `source` defines otherwise (or twice, which ``isCandidate(_:)`` refuses) is not one.
  static func wholeMacros(in source: String) -> Set<String> {
    func definitions(_ text: String) -> [(name: String, body: String?)] {
      text.split(separator: "\n").compactMap { line in
        guard let match = line.firstMatch(of: /^\s*#\s*define\s+(\w+)(.*)$/) else { return nil }
        let rest = String(match.2)
        var depth = 0
        var balanced = !rest.hasPrefix("(") && !rest.hasSuffix("\\")
        for character in rest where balanced {
          switch character {
          case "(", "[": depth += 1
          case ")", "]":
            depth -= 1
            balanced = depth >= 0
          case ";", ",", "{", "}", "\"", "'", "#": balanced = false
          default: break
          }
        }
        let body = rest.trimmingSpaces
        return (String(match.1), balanced && depth == 0 && !body.isEmpty ? String(body) : nil)
      }
    }
    var bodies: [String: String?] = [:]
    for (name, body) in definitions(StandInHeader.metalStandardLibrary) + definitions(source) {
      bodies[name] = body
    }
    // A body naming another macro is whole when that one is.
    var names = Set(bodies.compactMap { $0.value == nil ? nil : $0.key })
    var changed = true
    while changed {
      changed = false
      for name in names {
        let body = bodies[name].flatMap { $0 } ?? ""
        let named = body.matches(of: /[A-Za-z_]\w*/).map { String($0.output) }
        if named.contains(where: { bodies[$0] != nil && !names.contains($0) }) {
          names.remove(name)
          changed = true
        }
      }
    }
    return names
  }

  /// The member functions that read a layer's or texture's texels.
  static let sampling: Set<String> = ["sample", "read", "gather", "sample_compare"]

  /// `seed` with every function of `order` (but `excluded`) that calls one of them, directly
  /// or through others.
  private static func closure(
    of seed: Set<String>, order: [MetalSyntaxNode], callees: [String: Set<String>],
    excluding excluded: Set<String> = []
  ) -> Set<String> {
    var result = seed
    var changed = true
    while changed {
      changed = false
      for function in order where !result.contains(function.id) && !excluded.contains(function.id) {
        if !(callees[function.id] ?? []).isDisjoint(with: result) {
          result.insert(function.id)
          changed = true
        }
      }
    }
    return result
  }

  /// Whether `target` is reachable from `start`'s callees.
  private static func reaches(
    _ target: String, from start: String, callees: [String: Set<String>]
  ) -> Bool {
    var seen: Set<String> = []
    var pending = Array(callees[start] ?? [])
    while let next = pending.popLast() {
      if next == target { return true }
      if seen.insert(next).inserted { pending += callees[next] ?? [] }
    }
    return false
  }

  /// The entry of `signature`: its SwiftUI-supplied arguments from per-lane arrays, its other
  /// parameters as the row function passes them to the scalar function, the lane form called
  /// with the group's mask, and the results converted as the row function converts them.
  private static func entry(
    _ signature: MetalSignature, function: MetalSyntaxNode, laneName: String, uniform: Set<Int>
  ) -> String? {
    guard let result = MetalLaneFunction.returnType(of: function) else { return nil }
    let parameters = MetalLaneFunction.parameters(of: function)
    let supplied: [String]
    switch signature.kind {
    case .color: supplied = ["lfx_pos[lfx_l]", "half4(lfx_col[lfx_l])"]
    case .layer: supplied = ["lfx_pos[lfx_l]"]
    case .distortion, .fill: supplied = ["lfx_pos[lfx_l]"]
    }
    guard parameters.count >= supplied.count else { return nil }
    let output = signature.kind == .distortion ? "float2" : "float4"
    var declared = [
      "const bool (&lfx_m)[16]", "\(output) (&lfx_out)[16]", "const float2 (&lfx_pos)[16]",
    ]
    if signature.kind == .color { declared.append("const float4 (&lfx_col)[16]") }
    var body = "lfx_lanes<\(result)> lfx_r;\n"
    var passed = ["lfx_m", "lfx_r"]
    for (index, parameter) in parameters.enumerated() {
      let value: String
      if index < supplied.count {
        value = supplied[index]
      } else {
        value = "lfx_u\(index)"
        declared.append("\(parameter.type) lfx_u\(index)")
      }
      switch MetalLaneFunction.Passing(type: parameter.type) {
      case .value where uniform.contains(index):
        passed.append(value)
      case .value(let type), .reference(let type):
        body += """
          lfx_lanes<\(type)> lfx_e\(index);
          LFX_LANES { lfx_type<\(type)> lfx_v = \(value); lfx_store(lfx_e\(index), lfx_l, lfx_v); }

          """
        passed.append("lfx_e\(index)")
      case .uniform:
        guard index >= supplied.count else { return nil }
        passed.append(value)
      }
    }
    body += "\(laneName)(\(passed.joined(separator: ", ")));\n"
    body += "LFX_LANES if (lfx_m[lfx_l]) lfx_out[lfx_l] = \(output)(lfx_at(lfx_r, lfx_l));\n"
    return "static void \(entrySymbol(signature.name))(\(declared.joined(separator: ", "))) {\n"
      + body + "}\n"
  }
}
