import Foundation

extension MetalCompiler {
  /// The flags of the syntax-tree dump: the compile's language (``languageFlags``), CPU and
  /// `half` flags (so the unit parses as it compiles), no code generated, the tree of namespace
  /// `lfx_user`'s declarations as JSON.
  static func syntaxTreeFlags(binary16: Bool) -> [String] {
    languageFlags + [
      "-nostdinc++", "-nostdinc", "-Wno-unknown-attributes",
      "-w", "-fsyntax-only", "-Xclang", "-ast-dump=json", "-Xclang", "-ast-dump-filter=lfx_user::",
    ] + cpuFlags + (binary16 ? ["-DLFX_HALF_BINARY16"] : [])
  }

  /// The most syntax-tree text read, bytes: a larger tree (a file of thousands of lines) gets
  /// no lane form.
  static let syntaxTreeCapacity = 32 << 20

  /// The lane form (``MetalLaneForm``) of `unit`, the running unit ``MetalGlue`` generated
  /// without one: `nil` when it has none, else the form and whether its functions are the
  /// ones chosen (a cached choice, ``storeLaneForm(_:key:)``) or every candidate.
  ///
  /// Clang dumps the unit's syntax tree (a second clang run, bounded as the compile is, on
  /// the same staged files). Anything that fails (the dump, its parse, the transform) means
  /// no lane form: the scalar row functions stay. The choice is cached beside the compiled
  /// objects under `key`, from the unit's text, the stand-in, the flags, the compiler and
  /// ``MetalLaneForm/version``, so a repeat compile runs no extra clang.
  ///
  /// - Parameters:
  ///   - unit: The running unit's text.
  ///   - source: The bytes of the user's source in `unit` (``MetalGlue/sourceRange(in:)``).
  ///   - signatures: The unit's stitchable functions.
  ///   - binary16: Whether `half` is `_Float16`.
  /// - Returns: The form (`nil` for none), whether its functions are the chosen ones, and the
  ///   key under which ``storeLaneForm(_:key:)`` caches the choice.
  func laneForm(
    unit: String, source: Range<Int>, signatures: [MetalSignature], binary16: Bool
  ) -> (form: MetalLaneForm?, isChosen: Bool, key: String) {
    let flags = Self.syntaxTreeFlags(binary16: binary16)
    let key = Self.hash(
      [unit, Self.headerKey, flags.joined(separator: " "), clang, "lanes \(MetalLaneForm.version)"])
    if let text = try? String(contentsOfFile: cacheDirectory + "/\(key).lanes", encoding: .utf8) {
      return (Self.decodeLaneForm(text), true, key)
    }
    guard let (include, sources, overlay) = try? stage([unit], key: key) else {
      return (nil, true, key)
    }
    defer { for path in sources + [overlay] { unlink(path) } }
    let outcome = BoundedProcess.run(
      clang,
      flags + ["-ivfsoverlay", overlay, "-I", include]
        + ["-include", include + "/" + MetalRuntime.fileName] + sources,
      seconds: Self.compileSeconds, wallSeconds: Self.compileWallSeconds,
      addressSpace: Self.compileAddressSpace, capacity: Self.syntaxTreeCapacity)
    guard case .finished(let status, let output) = outcome, status == 0,
      output.utf8.count < Self.syntaxTreeCapacity,
      let declarations = MetalSyntaxNode.declarations(fromDump: output),
      let form = MetalLaneForm.make(
        declarations: declarations, unit: Array(unit.utf8), source: source,
        signatures: signatures)
    else {
      storeLaneForm(nil, key: key)
      return (nil, true, key)
    }
    return (form, false, key)
  }

  /// Caches the chosen lane form of a unit (`nil` for none).
  ///
  /// `key` is what ``laneForm(unit:source:signatures:binary16:)`` gave for the unit. A cache
  /// that cannot be written only costs the choice again.
  func storeLaneForm(_ form: MetalLaneForm?, key: String) {
    let encoded = form.map { $0.functions.sorted().joined(separator: " ") + "\n" + $0.text } ?? ""
    try? Self.writeAtomically(encoded, to: cacheDirectory + "/\(key).lanes")
  }

  /// A cached lane form: its functions on the first line, then its text; empty for none.
  private static func decodeLaneForm(_ text: String) -> MetalLaneForm? {
    guard let newline = text.firstIndex(of: "\n") else { return nil }
    let functions = text[..<newline].split(separator: " ").map(String.init)
    guard !functions.isEmpty else { return nil }
    return MetalLaneForm(
      text: String(text[text.index(after: newline)...]), functions: Set(functions))
  }
}
