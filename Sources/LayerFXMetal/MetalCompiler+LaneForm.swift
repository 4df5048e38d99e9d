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

  /// The lane record (``MetalLaneRecord``) of `unit`, the running unit ``MetalGlue``
  /// generated without a lane form: the cached one, else a new one whose form is the
  /// transform's (`nil` when it has none) and whose verdicts are not yet known.
  ///
  /// Clang dumps the unit's syntax tree (a second clang run, bounded as the compile is, on
  /// the same staged files). Anything that fails (the dump, its parse, the transform) means
  /// no lane form: the scalar row functions stay. The record is cached beside the compiled
  /// objects under `key`, from the unit's text, the stand-in, the flags, the compiler,
  /// ``MetalLaneForm/version`` and the record's format, so a repeat compile runs no extra clang.
  ///
  /// - Parameters:
  ///   - unit: The running unit's text.
  ///   - source: The bytes of the user's source in `unit` (``MetalGlue/sourceRange(in:)``).
  ///   - signatures: The unit's stitchable functions.
  ///   - binary16: Whether `half` is `_Float16`.
  /// - Returns: The record and the key under which ``storeLaneRecord(_:key:)`` caches it.
  func laneRecord(
    unit: String, source: Range<Int>, signatures: [MetalSignature], binary16: Bool
  ) -> (record: MetalLaneRecord, key: String) {
    let flags = Self.syntaxTreeFlags(binary16: binary16)
    let key = Self.hash(
      [
        unit, Self.headerKey, flags.joined(separator: " "), clang,
        "lanes \(MetalLaneForm.version) record 2",
      ])
    if let text = try? String(contentsOfFile: cacheDirectory + "/\(key).lanes", encoding: .utf8),
      let record = MetalLaneRecord(decoding: text)
    {
      return (record, key)
    }
    guard let (include, sources, overlay) = try? stage([unit], key: key) else {
      return (MetalLaneRecord(form: nil), key)
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
      let none = MetalLaneRecord(form: nil)
      storeLaneRecord(none, key: key)
      return (none, key)
    }
    return (MetalLaneRecord(form: form), key)
  }

  /// Caches the lane record of a unit.
  ///
  /// `key` is what ``laneRecord(unit:source:signatures:binary16:)`` gave for the unit. A
  /// record whose verdicts are not yet known is not stored (the next compile makes it again);
  /// a cache that cannot be written only costs the verdict or the trial again.
  func storeLaneRecord(_ record: MetalLaneRecord, key: String) {
    guard record.hasVerdicts else { return }
    try? Self.writeAtomically(record.encoded, to: cacheDirectory + "/\(key).lanes")
  }
}
