import CLayerFXMetalGuard
import Foundation
import LayerFX
import LayerFXFiles
import LayerFXMath
import Synchronization

/// A `.metal` source compiled for this CPU: its `[[ stitchable ]]` functions as
/// `ShaderFunction`s that work wherever a built-in does (effects, chains, the bounds
/// checker, animation).
///
/// The compiled code never runs in this process: a sandboxed worker process loads and runs it
/// (Sources/LayerFXMetal/README.md, "The sandbox"); its faults, system calls and endless loops
/// are reported as ``MetalFaults``.
///
/// Each function's parameters are the Metal ones after SwiftUI's (`position`, and `color` or
/// `layer`), typed as SwiftUI passes `Shader.Argument`s; a number written as a default in the
/// signature (`float windSize = 0.2`) is the parameter's default. A layer or distortion
/// function declares no `maxSampleOffset` (SwiftUI takes it from the modifier, where it is a
/// required argument): give one to `layerEffect(_:maxSampleOffset:)`.
public struct MetalLibrary: Sendable {
  /// The source's path (or the name given to a source string); for a library of several
  /// files or a folder, the first one given.
  public let path: String
  /// Every `.metal` file of the library, in the order compiled.
  public let files: [String]
  /// The files of ``files`` that joined because they define a helper the named files call
  /// (the project's default library); their functions run, and `layerfx list` names them not.
  public internal(set) var helperFiles: [String] = []
  /// The stitchable functions found, in source order, file by file.
  public let signatures: [MetalSignature]
  /// The `[[ stitchable ]]` functions SwiftUI could not call, each as the error naming it throws.
  ///
  /// Such a function (a parameter type with no `Shader.Argument`, a return type no effect has)
  /// compiles, as in Metal, and is not run; naming it throws its
  /// ``MetalCompileError/unsupportedSignature(file:function:line:message:)`` (through
  /// ``library``, `ShaderArgumentError.invalidArguments` with the same place and message). A
  /// library holding only such functions is compiled and has none to run: ``listing`` names
  /// them.
  public let uncallable: [MetalCompileError]
  /// The functions as a library, looked up by their Metal names.
  public let library: ShaderLibrary
  /// Whether the compiled objects (the scalar one, the lane form's, or both) came from the
  /// on-disk cache.
  public let wasCached: Bool
  /// The stitchable functions whose row runs their lane form now (`MetalLaneForm`: 16 pixels
  /// at once under per-lane masks, the same bytes as the scalar form).
  ///
  /// Of the functions the transform handles: with ``MetalCompileOptions/FormChoice/measured``
  /// (the default), those the timed trial found faster in lane form (cached from an earlier
  /// run, or measured on this library's first frame large enough) and, until a function's
  /// trial, those whose scalar pixel loop clang does not vectorise (its verdict); with
  /// `.verdict` the latter; with `.lanes` all. Sources/LayerFXMetal/README.md, "Which form runs".
  public var laneFunctions: Set<String> { choice.laneFunctions }
  /// Which form each function runs, and the workers of each form's compiled object.
  let choice: MetalFormChoice
  /// How long the compile (or the cache lookup) and load took, seconds.
  public let seconds: Double

  /// The largest `.metal` file read, in bytes (16 MiB).
  public static let maxSourceByteCount = 16 << 20

  /// Compiles the `.metal` file at `url`.
  ///
  /// - Parameters:
  ///   - url: A `.metal` file.
  ///   - options: Precision and cache location.
  /// - Throws: ``MetalCompileError``: the file cannot be read, a refused or missing include
  ///   (`include`), no compiler, clang's diagnostics (file, line, column), or no stitchable
  ///   function at all (`noStitchableFunctions`); one SwiftUI could not call is not thrown but
  ///   kept in ``uncallable``.
  public init(url: URL, options: MetalCompileOptions = MetalCompileOptions())
    throws(MetalCompileError)
  {
    try self.init(urls: [url], options: options)
  }

  /// Compiles a library of `.metal` files, as an app's default library holds every `.metal`
  /// file it ships: each file is its own translation unit, and all are linked together, so a
  /// function declared in one file and defined in another is found.
  ///
  /// A URL that names a folder stands for every `*.metal` file below it (sorted by path), whose
  /// includes may reach anywhere in that folder's tree; a file's includes reach its own
  /// folder's tree.
  ///
  /// - Parameters:
  ///   - urls: `.metal` files and folders of them, at least one.
  ///   - options: Precision and cache location.
  /// - Throws: As ``init(url:options:)``; also ``MetalCompileError/linkFailed(file:message:)``
  ///   for a function declared but defined in no file (or in two), named as Metal spells it,
  ///   and ``MetalCompileError/unsupportedSignature(file:function:line:message:)`` for two
  ///   stitchable functions of one name.
  public init(urls: [URL], options: MetalCompileOptions = MetalCompileOptions())
    throws(MetalCompileError)
  {
    try self.init(paths: urls.map(\.path), options: options)
  }

  /// Compiles a library of `.metal` files and folders named by paths, as
  /// ``init(urls:options:)`` does; diagnostics name the files as `paths` spell them
  /// (`lib/Ripple.metal`, relative to the working directory).
  ///
  /// - Parameters:
  ///   - paths: `.metal` files and folders of them, at least one.
  ///   - options: Precision and cache location.
  /// - Throws: As ``init(urls:options:)``.
  public init(paths: [String], options: MetalCompileOptions = MetalCompileOptions())
    throws(MetalCompileError)
  {
    var files: [(text: String, path: String, root: String?)] = []
    var seen = Set<String>()
    // A file named twice (itself and through its folder) joins the library once.
    func add(_ path: String, root: String?) throws(MetalCompileError) {
      guard seen.insert(MetalSource.realPath(path) ?? path).inserted else { return }
      files.append((try Self.read(path), path, root))
    }
    for given in paths {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: given, isDirectory: &isFolder),
        isFolder.boolValue
      {
        let found = (FileManager.default.enumerator(atPath: given)?.allObjects ?? [])
          .compactMap { $0 as? String }.filter { $0.hasSuffix(".metal") }.sorted()
        guard !found.isEmpty else {
          throw .cannotRead(path: given, reason: "a folder without .metal files")
        }
        for name in found { try add(MetalSource.joined(given, name), root: given) }
      } else {
        try add(given, root: nil)
      }
    }
    self = try Self.resolvingHelpers(
      files, name: paths.first ?? "", isFolder: files.contains { $0.root != nil },
      options: options)
  }

  /// Compiles Metal `source`, named `path` in diagnostics; its includes are found relative to
  /// `path`'s folder.
  ///
  /// - Parameters:
  ///   - source: Metal source with `[[ stitchable ]]` functions.
  ///   - path: The name diagnostics give the source.
  ///   - options: Precision and cache location.
  /// - Throws: As ``init(url:options:)``.
  public init(
    source: String, path: String = "<source>.metal",
    options: MetalCompileOptions = MetalCompileOptions()
  ) throws(MetalCompileError) {
    try self.init(files: [(source, path, nil)], name: path, options: options)
  }

  /// The text of the `.metal` file at `path`, through the one input opener (a regular file,
  /// checked before it is read); ``MetalCompileError/tooLarge(path:reason:)`` over
  /// ``maxSourceByteCount``, ``MetalCompileError/cannotRead(path:reason:)`` otherwise.
  static func read(_ path: String) throws(MetalCompileError) -> String {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(path, limit: maxSourceByteCount)
    } catch {
      guard case .tooLarge = error else { throw .cannotRead(path: path, reason: error.reason) }
      throw .tooLarge(path: path, reason: error.reason)
    }
    guard let source = String(validating: bytes, as: UTF8.self) else {
      throw .notUTF8(path: path, bytes: bytes)
    }
    return source
  }

  init(
    files: [(text: String, path: String, root: String?)], name: String,
    options: MetalCompileOptions
  ) throws(MetalCompileError) {
    let start = Date()
    // Line ends as clang reads them, for every scan of the text (MetalSource unifies includes).
    let files = files.map { file in
      (text: MetalSource.unifyingLineEnds(file.text), path: file.path, root: file.root)
    }
    let binary16 = options.half == .binary16
    var sources: [(source: MetalSource, signatures: [MetalSignature])] = []
    var signatures: [MetalSignature] = []
    var uncallable: [MetalCompileError] = []
    for file in files {
      let source = try MetalSource(
        source: file.text, path: file.path, root: file.root, binary16: binary16)
      let (found, problems) = MetalSignature.find(
        in: source.text, location: source.location(ofLine:))
      // A function SwiftUI could not call still compiles in Metal: it is reported
      // (``uncallable``), not run, and the file's other functions are.
      uncallable += problems.map {
        MetalCompileError.unsupportedSignature(
          file: $0.file, function: $0.function, line: $0.line, message: $0.message)
      }
      // SwiftUI finds a function by its name alone (ShaderLibrary's dynamic member), so two of
      // one name, in two files or overloaded in one, are ambiguous.
      for (index, signature) in found.enumerated() {
        if let other = (signatures + found[..<index]).first(where: { $0.name == signature.name }) {
          throw .unsupportedSignature(
            file: signature.file, function: signature.name, line: signature.line,
            message: "also [[ stitchable ]] at \(other.file):\(other.line); a library's "
              + "functions need distinct names")
        }
      }
      signatures += found
      sources.append((source, found))
    }
    let units = sources.map { source, found in
      MetalCompiler.Unit(
        file: source.path, text: MetalGlue.unit(source: source, signatures: found))
    }
    let rewriters = sources.reduce(into: [:]) { all, entry in
      all.merge(entry.source.rewriters) { first, _ in first }
    }
    let compiler = try MetalCompiler(options: options)
    let compiled: Compiled
    do throws(MetalCompileError) {
      if signatures.isEmpty {
        // Compiled (nothing is loaded), so clang's errors say why when there are any: a typo in
        // the attribute (`[[ stitchable ]`) leaves a file with none, and "no [[ stitchable ]]
        // functions" alone hid the error (found by a new-user trial).
        let cached = try compiler.compile(units: units, rewriters: rewriters, binary16: binary16)
          .cached
        // Functions SwiftUI cannot call are a library with nothing to run, which lists them.
        guard !uncallable.isEmpty else {
          throw .noStitchableFunctions(
            path: name,
            fragment: files.lazy.compactMap { MetalSignature.fragmentFunction(in: $0.text) }.first)
        }
        compiled = Compiled(cached: cached)
      } else {
        compiled = try Self.compile(
          sources, units: units, compiler: compiler, rewriters: rewriters, options: options)
      }
    } catch {
      throw MetalGlue.attributingUnclosedBracket(error, files: files, rewriters: rewriters)
    }
    // The layer effects' probing copy, compiled when the bounds checker first needs it.
    let layers = signatures.filter { $0.kind == .layer }.map(\.name)
    let probe =
      layers.isEmpty
      ? nil
      : MetalProbe(
        compiler: compiler,
        units: sources.map { source, found in
          MetalCompiler.Unit(
            file: source.path, text: MetalGlue.probingUnit(source: source, signatures: found))
        }, names: layers, rewriters: rewriters, binary16: binary16)
    // Nothing compiled from the source is loaded here: each object is checked, then worker
    // processes load it (ShaderWorker).
    let executable = try ShaderWorkerExecutable.path()
    var pools: [MetalRowForm: ShaderWorkerPool] = [:]
    for (form, object) in compiled.objects {
      pools[form] = ShaderWorkerPool(
        executable: executable, libraryPath: try MetalSandboxCheck.check(object, path: name),
        functions: signatures.map(\.name))
    }
    // One worker answers before the library is handed out (and serves its first request).
    try pools.values.first?.checkWorker(
      named: ShaderWorkerExecutable.name(of: executable), timeLimit: options.shaderTimeout)
    let choice = MetalFormChoice(
      pools: pools, names: signatures.map(\.name), states: compiled.states,
      records: compiled.records, units: compiled.units, compiler: compiler)
    let functions = signatures.enumerated().map { index, signature in
      Self.function(
        signature, index: index, path: signature.file, binary16: binary16, choice: choice,
        probe: probe, timeLimit: options.shaderTimeout)
    }
    self.path = name
    self.files = files.map(\.path)
    self.signatures = signatures
    self.uncallable = uncallable
    // Named, such a function throws why it does not run, not that the library lacks it.
    var unavailable: [String: String] = [:]
    for case .unsupportedSignature(let file, let function, let line, let message) in uncallable
    where unavailable[function] == nil {
      unavailable[function] = "\(file):\(line): not callable from SwiftUI: \(message)"
    }
    self.library = ShaderLibrary(functions, unavailable: unavailable)
    self.wasCached = compiled.cached
    self.choice = choice
    self.seconds = Date().timeIntervalSince(start)
  }

  /// What ``compile(_:units:compiler:rewriters:options:)`` made: the objects by form (the
  /// scalar units, and the units with every lane form), whether all came from the cache, and
  /// each function's form (``MetalFormChoice``), with the lane records and each function's unit.
  private struct Compiled {
    var objects: [MetalRowForm: String] = [:]
    var cached = true
    var states: [String: MetalFormChoice.State] = [:]
    var records: [(record: MetalLaneRecord, key: String)] = []
    var units: [String: Int] = [:]
  }

  /// Compiles `units` (the scalar units of `sources`) and, when a function has a lane form
  /// (`MetalLaneForm`) and may run it, the units with every lane form.
  ///
  /// The first compile of a file whose functions have lane forms is the scalar one, with the
  /// vectoriser's remarks (each function's verdict: the lane form when its row loop was not
  /// vectorised), beside the lane compile (two clang runs at once: the first compile of a file
  /// costs the longer of the two, not their sum). The verdicts are cached in the unit's
  /// ``MetalLaneRecord``, with the trial's winner once measured. Each function's form follows
  /// ``MetalCompileOptions/formChoice``; only the objects those forms need are loaded (both
  /// while a function awaits its trial). A lane form clang refuses leaves the scalar object,
  /// and is not tried again.
  private static func compile(
    _ sources: [(source: MetalSource, signatures: [MetalSignature])], units: [MetalCompiler.Unit],
    compiler: MetalCompiler, rewriters: [String: MetalSourceRewriter],
    options: MetalCompileOptions
  ) throws(MetalCompileError) -> Compiled {
    let binary16 = options.half == .binary16
    var compiled = Compiled()
    // A compile's object, kept as `form`'s; its clang output returned.
    func keep(_ outcome: Outcome, as form: MetalRowForm) throws(MetalCompileError) -> String {
      let (path, cached, output) = try outcome.get()
      compiled.objects[form] = path
      compiled.cached = compiled.cached && cached
      return output
    }
    @Sendable func scalar(remarks: Bool = false) -> Outcome {
      Outcome { () throws(MetalCompileError) in
        try compiler.compile(
          units: units, rewriters: rewriters, binary16: binary16, remarks: remarks)
      }
    }
    if options.usesLaneForm {
      compiled.records = zip(sources, units).map { entry, unit in
        guard MetalLaneForm.isCandidate(entry.source.text) else {
          return (MetalLaneRecord(form: nil), "")
        }
        return compiler.laneRecord(
          unit: unit.text, source: MetalGlue.sourceRange(in: entry.source),
          signatures: entry.signatures, binary16: binary16)
      }
    }
    guard compiled.records.contains(where: { $0.record.form != nil }) else {
      _ = try keep(scalar(), as: .scalar)
      compiled.records = []
      return compiled
    }
    // The units with every lane form, each file's source once.
    let laneUnits = zip(units, compiled.records).enumerated().map { index, pair in
      guard let form = pair.1.record.form else { return pair.0 }
      let (source, signatures) = sources[index]
      return MetalCompiler.Unit(
        file: source.path,
        text: MetalGlue.unit(source: source, signatures: signatures, lanes: form))
    }
    @Sendable func lanes() -> Outcome {
      Outcome { () throws(MetalCompileError) in
        try compiler.compile(units: laneUnits, rewriters: rewriters, binary16: binary16)
      }
    }
    var laneOutcome: Outcome?
    if compiled.records.contains(where: { !$0.record.hasVerdicts }) {
      // The scalar compile, for its remarks, and the lane compile, side by side.
      let outcomes = Mutex<[Int: Outcome]>([:])
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        let outcome = index == 0 ? scalar(remarks: true) : lanes()
        outcomes.withLock { $0[index] = outcome }
      }
      let (first, second) = outcomes.withLock { ($0[0], $0[1]) }
      guard let first else {
        throw .loadFailed("the compile of \(units.first?.file ?? "") did not run")
      }
      let remarks = try keep(first, as: .scalar)
      laneOutcome = second
      for index in compiled.records.indices where !compiled.records[index].record.hasVerdicts {
        for name in compiled.records[index].record.form?.functions ?? [] {
          let missed = MetalGlue.rowLoopMissed(name, unit: units[index].text, remarks: remarks)
          compiled.records[index].record.verdicts[name] = missed ? .lanes : .scalar
        }
        compiler.storeLaneRecord(compiled.records[index].record, key: compiled.records[index].key)
      }
    }
    for (index, entry) in compiled.records.enumerated() {
      for name in entry.record.form?.functions ?? [] {
        let verdict = entry.record.verdicts[name] ?? .lanes
        compiled.units[name] = index
        compiled.states[name] =
          switch options.formChoice {
          case .lanes: .fixed(.lanes)
          case .verdict: .fixed(verdict)
          case .measured: entry.record.measured[name].map { .fixed($0) } ?? .pending(verdict)
          }
      }
    }
    // The forms the functions may run: a pending function's two.
    let needed = compiled.states.values.reduce(into: Set<MetalRowForm>()) { needed, state in
      if case .fixed(let form) = state {
        needed.insert(form)
      } else {
        needed.formUnion([.scalar, .lanes])
      }
    }
    if needed.contains(.lanes) {
      do {
        _ = try keep(laneOutcome ?? lanes(), as: .lanes)
      } catch .compileFailed {
        // Not tried again: the next compile of these units is the scalar one.
        for index in compiled.records.indices where compiled.records[index].record.form != nil {
          compiled.records[index].record = MetalLaneRecord(form: nil)
          compiler.storeLaneRecord(compiled.records[index].record, key: compiled.records[index].key)
        }
        compiled.states = [:]
        compiled.units = [:]
      }
    }
    if compiled.objects[.lanes] == nil || needed.contains(.scalar) {
      if compiled.objects[.scalar] == nil { _ = try keep(scalar(), as: .scalar) }
    } else {
      // Every function runs its lane form (or has none, whose scalar row function the lane
      // object holds too): the scalar object is not loaded.
      compiled.objects[.scalar] = nil
    }
    return compiled
  }

  /// How one compile ended.
  private typealias Outcome = Result<
    (path: String, cached: Bool, output: String), MetalCompileError
  >

  private static func function(
    _ signature: MetalSignature, index: Int, path: String, binary16: Bool,
    choice: MetalFormChoice, probe: MetalProbe?, timeLimit: Double
  ) -> ShaderFunction {
    let name = signature.name
    let parameters = signature.parameters.map { parameter in
      let role = role(of: parameter, among: signature.parameters)
      // The time since the trigger is seconds on a clock that starts at 0, refused below it as
      // every built-in's is (Documentation/Semantics.md §5.3).
      let isTime = role == .timeSinceTrigger
      return ShaderFunction.Parameter(
        parameter.name, parameter.type, summary: parameter.metalType,
        unit: isTime ? .seconds : nil, validRange: isTime ? .atLeast(0) : nil,
        defaultValue: parameter.defaultValue, role: role)
    }
    let kind = signature.kind
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return ShaderFunction(
      name: name, kind: kind, summary: "\(kind.rawValue) effect compiled from \(file)",
      parameters: parameters
    ) { arguments in
      let frame = SandboxedFrame(
        choice: choice, function: index, probe: probe, path: path, name: name,
        timeLimit: timeLimit, values: arguments.values, binary16: binary16)
      let kernel: EffectKernel
      switch kind {
      case .color:
        kernel = .color { position, color in frame.pixel(position, color: color, layer: nil) }
      case .layer:
        // The pixel function is the probing copy's, compiled on first use.
        kernel = .layer { position, layer in frame.pixel(position, color: .zero, layer: layer) }
      case .distortion:
        kernel = .distortion { position in
          let q = frame.pixel(position, color: .zero, layer: nil)
          return float2(q.x, q.y)
        }
      case .fill:
        kernel = .fill { position in frame.pixel(position, color: .zero, layer: nil) }
      }
      let rowKernel = RowKernel(
        { run in frame.renderTile(run, rows: 1, destinationStride: 0, sourceStride: 0) },
        tile: { first, rows, destinationStride, sourceStride in
          frame.renderTile(
            first, rows: rows, destinationStride: destinationStride, sourceStride: sourceStride)
        },
        pixels: { layer, positions, colors, sampled in
          frame.pixels(
            layer, positions: positions, colors: colors, samplesLayer: kind == .layer,
            sampled: sampled)
        }, allocateTexels: SharedTexels.allocator,
        allocateDestination: SharedTexels.destinationAllocator)
      return (kernel, rowKernel)
    }
  }
}

/// The role a parameter's name and type conventionally have in SwiftUI shaders, so animation
/// and tools can bind it: `float time` (or `elapsedTime`) is the time since the trigger,
/// `float2 size` (or `viewSize`) the view's size, `float4 boundingRect` the bounding rectangle,
/// and the one `float2` of `all` named as a position (`origin`, `center`, `touch`, …;
/// ``LayerFX/ShaderFunction/Role/positionNames``) a position.
private func role(of parameter: MetalSignature.Parameter, among all: [MetalSignature.Parameter])
  -> ShaderFunction.Role?
{
  let position = ShaderFunction.Role.conventionalPosition(
    among: all.filter { $0.type == .float2 }.map(\.name))
  return switch (parameter.type, parameter.name) {
  case (.float, "time"), (.float, "elapsedTime"): .timeSinceTrigger
  case (.float2, "size"), (.float2, "viewSize"): .viewSize
  case (.float4, "boundingRect"), (.float4, "bounds"): .boundingRect
  case (.float2, let name) where name == position: .position
  default: nil
  }
}

extension ShaderLibrary {
  /// Compiles the `.metal` file at `url` into a library of its `[[ stitchable ]]` functions,
  /// as SwiftUI's `ShaderLibrary(url:)` loads a compiled Metal library.
  ///
  /// - Parameters:
  ///   - url: A `.metal` source file.
  ///   - options: Precision and cache location.
  /// - Throws: ``MetalCompileError``, as ``MetalLibrary/init(url:options:)``.
  public init(url: URL, options: MetalCompileOptions = MetalCompileOptions())
    throws(MetalCompileError)
  {
    self = try MetalLibrary(url: url, options: options).library
  }

  /// Compiles a library of `.metal` files and folders of them into one library of their
  /// `[[ stitchable ]]` functions, as an app's default library holds every `.metal` file it
  /// ships (functions resolve across files).
  ///
  /// - Parameters:
  ///   - urls: `.metal` files, and folders standing for every `*.metal` file below them.
  ///   - options: Precision and cache location.
  /// - Throws: ``MetalCompileError``, as ``MetalLibrary/init(urls:options:)``.
  public init(urls: [URL], options: MetalCompileOptions = MetalCompileOptions())
    throws(MetalCompileError)
  {
    self = try MetalLibrary(urls: urls, options: options).library
  }

  /// Compiles Metal `source` into a library of its `[[ stitchable ]]` functions.
  ///
  /// - Parameters:
  ///   - metalSource: Metal source text.
  ///   - options: Precision and cache location.
  /// - Throws: ``MetalCompileError``, as ``MetalLibrary/init(source:path:options:)``.
  public init(metalSource: String, options: MetalCompileOptions = MetalCompileOptions())
    throws(MetalCompileError)
  {
    self = try MetalLibrary(source: metalSource, options: options).library
  }
}
