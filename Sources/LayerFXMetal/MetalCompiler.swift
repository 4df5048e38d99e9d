import CLayerFXMetalGuard
import Foundation
import LayerFXFiles

/// Compiles the translation units of a library of `.metal` files into one shared object with
/// the Swift toolchain's `clang++`, caching the result on disk.
///
/// The compiler is `$LAYERFX_CLANG`, else the `clang++` beside `swift` on `PATH` (the toolchain
/// ships clang 21 there), else `clang++` on `PATH`. The cache key covers the translation units
/// (every file's source with the files it includes, and the glue generated from them), the
/// stand-in's text and version, the flags and the CPU level, so a repeat compile is a file
/// lookup (compile times are in the module's README) and an edited header compiles again. A
/// compiled file is written under a temporary name and renamed into place, so concurrent
/// compiles of one source never see half a file.
struct MetalCompiler {
  let clang: String
  /// Whether ``clang`` is `$LAYERFX_CLANG`, the setting a failing compiler's message names.
  let clangIsSetting: Bool
  let cacheDirectory: String

  /// The language every clang run of a unit parses.
  ///
  /// C++17 with clang's properties (swizzles), no exceptions or RTTI, no `errno` from math, no
  /// fused multiply-add (Documentation/Semantics.md §8.7). The compile and the lane form's
  /// syntax-tree dump (``syntaxTreeFlags(binary16:)``) share it, so the tree is the one
  /// compiled.
  static let languageFlags = [
    "-x", "c++", "-std=c++17", "-fdeclspec", "-fno-exceptions", "-fno-rtti", "-fno-math-errno",
    "-ffp-contract=off",
  ]

  /// Flags every compile uses: ``languageFlags``, `-O3` for the CPU level,
  /// position-independent, shared.
  ///
  /// A loop of at most 16 iterations with a constant count is unrolled whole when the result
  /// stays under 4000 instructions (LLVM's limit at -O3 is 300): once the shader is inlined into
  /// the row function (``MetalGlue``), a noise octave loop (6 iterations of inlined simplex
  /// noise) then leaves the pixel loop innermost, and it vectorises (Archetapp's simplex-noise
  /// 311 → 46 ms a frame, metaballs 350 → 77 ms, same bytes). Longer loops (a fractal's 256
  /// iterations) stay loops, which bounds the compile time. Benchmarks/README.md, issue 26.
  ///
  /// A shader's endless loop or endless recursion must reach the time limit or the stack's guard
  /// page, as it hangs or faults on a GPU, and an integer division by zero must fault wherever it
  /// happens: C++ lets clang assume that every loop and call ends (`-ffinite-loops`, C++11's
  /// forward-progress rule, [intro.progress]) and that no division is by zero, so a
  /// `while (true) { x += 1; }` without side effects, a function returning its own call, or
  /// `100 / (i - i)` were
  /// compiled away and the frame came out transparent with exit 0. `-fno-finite-loops` keeps such
  /// loops and calls, and the check before each integer division whose divisor may be zero
  /// (`-fsanitize=integer-divide-by-zero`, not recoverable, minimal runtime: no source locations in
  /// writable data) calls ``MetalRuntime``'s handler, which raises the SIGFPE of a division by zero
  /// even where clang could see it. Neither changed a byte or, beyond the noise, a frame's time of
  /// the Archetapp speed sample (`Benchmarks/HISTORY.md`, "Endless loops and zero divisors").
  static let baseFlags =
    languageFlags + [
      "-O3", "-mllvm", "-unroll-threshold=4000", "-mllvm",
      "-unroll-full-max-count=16", "-fno-finite-loops",
      "-fsanitize=integer-divide-by-zero", "-fno-sanitize-recover=integer-divide-by-zero",
      "-fsanitize-minimal-runtime",
      "-fPIC", "-shared", "-nostdinc++", "-fvisibility=hidden",
      "-Wno-unknown-attributes",
      "-fno-color-diagnostics", "-fdiagnostics-absolute-paths",
      // A crashing clang writes no preprocessed copy of the shader into the temporary folder.
      "-fno-crash-diagnostics",
    ] + linkFlags

  /// The sandbox's link: no C runtime (no constructors, no libc), every symbol resolved at link
  /// time against libm alone (`-z defs` and `-lm` after the sources, added by the compile),
  /// relocations read-only after load, and nothing but code executable: GNU ld (the toolchain's
  /// default, gold, put .rodata on the code's executable pages, so a `constant` array cast to a
  /// function pointer ran as machine code) with the code on pages of its own and no executable
  /// stack (MetalSandboxCheck refuses a library without them).
  static let linkFlags = [
    "-nostdlib", "-Wl,-z,relro", "-Wl,-z,now", "-fuse-ld=bfd", "-Wl,-z,separate-code",
    "-Wl,-z,noexecstack",
  ]

  /// clang's limits: CPU seconds, wall-clock seconds and address space (BoundedProcess).
  ///
  /// A macro bomb or a huge file spends CPU, so the CPU limit stops it within 30 s of a free
  /// core; the wall-clock limit is wider because a busy machine shares its cores (a 19-file
  /// library that compiles in 4 s was once stopped at a 30 s wall-clock limit under load).
  static let compileSeconds = 30
  static let compileWallSeconds = 120
  static let compileAddressSpace: UInt64 = 2 << 30

  /// The largest compiled library kept, bytes (64 MiB, a quarter of the cache's
  /// ``MetalCache/byteLimit``): a shader's code is kilobytes, so a bigger one is a huge constant
  /// array, refused before it could push every other entry out of the cache.
  static let libraryByteLimit = 64 << 20

  /// The flags for this CPU's level, so the shared object never needs more than the host has.
  ///
  /// The level is what this process may execute (`lfx_metal_cpu_level`: CPUID and the operating
  /// system's register support):
  /// - x86-64-v4 (AVX-512) with 512-bit vectors: sixteen pixels per instruction, measured
  ///   1.35× the x86-64-v3 build's speed on the ripple (AMD Zen 5 class, Benchmarks/HISTORY.md);
  /// - x86-64-v3 (AVX2, FMA, F16C), eight pixels per instruction;
  /// - else the portable x86-64.
  ///
  /// On both vector levels clang is told that gathers exist (on v3 through the `fast-gather`
  /// tuning; AVX-512 has them) but not to emit them (`prefer-no-gather`): texels are then read
  /// with scalar loads, as gathers were twice as slow here, while the arithmetic that computes
  /// their addresses stays vectorised. Without a gather, LLVM's loop vectoriser computes every
  /// instruction that feeds a scalarised load's address once per lane: for the ripple, the
  /// whole shader up to its `sample` (on v3, callgrind: 78.8 instructions per pixel before,
  /// 66.5 with vectorised addresses, 54.5 with the stand-in sampler's 32-bit index math too).
  /// Tuning features choose among instructions the level already has; none needs another CPU.
  static let cpuFlags: [String] = {
    let noGather = ["-Xclang", "-target-feature", "-Xclang", "+prefer-no-gather"]
    switch lfx_metal_cpu_level() {
    case 4:
      return ["-march=x86-64-v4", "-mprefer-vector-width=512"] + noGather
    case 3:
      return ["-march=x86-64-v3", "-Xclang", "-target-feature", "-Xclang", "+fast-gather"]
        + noGather
    case 1: return ["-march=x86-64"]
    default: return []
    }
  }()

  /// Finds the compiler and the cache directory (``MetalCache``).
  ///
  /// - Throws: ``MetalCompileError/compilerNotFound(_:)`` with what to install;
  ///   ``MetalCompileError/cacheUnavailable(_:)`` for a cache folder that is not private.
  init(
    options: MetalCompileOptions,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(MetalCompileError) {
    var candidates: [String] = []
    if let explicit = environment["LAYERFX_CLANG"] {
      guard FileManager.default.isExecutableFile(atPath: explicit) else {
        throw .compilerNotFound(
          "cannot compile .metal: LAYERFX_CLANG=\(explicit) is not an executable clang++")
      }
      candidates.append(explicit)
    }
    let path = (environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init)
    for directory in path {
      let swift = directory + "/swift"
      if FileManager.default.isExecutableFile(atPath: swift) {
        let resolved = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
          .deletingLastPathComponent()
        candidates.append(resolved.appendingPathComponent("clang++").path)
        candidates.append(directory + "/clang++")
      }
    }
    candidates += path.map { $0 + "/clang++" }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      throw .compilerNotFound(
        "cannot compile .metal: no clang++ found beside swift or on PATH; install the Swift "
          + "toolchain (it ships clang++ beside swift) or set LAYERFX_CLANG to a clang++")
    }
    clang = found
    clangIsSetting = found == environment["LAYERFX_CLANG"]
    cacheDirectory = try MetalCache.directory(options: options, environment: environment)
  }

  /// One translation unit to compile: its C++ text and the `.metal` file it comes from.
  struct Unit {
    /// The `.metal` file whose source the unit holds, named in link errors.
    let file: String
    /// The C++ text.
    let text: String
  }

  /// The stand-in headers, by the name a source includes them with, written to the cache's
  /// include folder: the only files clang may include (`-nostdinc`).
  static let standInHeaders: [(name: String, text: String)] =
    StandInHeader.files + [(MetalRuntime.fileName, MetalRuntime.source)]

  /// Compiles `units` and links them into one shared object, or finds it in the cache.
  ///
  /// The units hold every byte of the user's source (``MetalSource`` assembled the files it
  /// includes), so the cache key is their text with the stand-in's, the flags and the
  /// compiler. Linking with `-z defs` makes a function declared but defined in no unit a link
  /// error rather than a failure to load.
  ///
  /// - Parameters:
  ///   - units: The translation units, at least one.
  ///   - rewriters: Each source file's rewriter by its name in `#line` markers, to map
  ///     diagnostics' columns back.
  ///   - binary16: Whether `half` is `_Float16`.
  ///   - remarks: Whether to compile even when the cache has the object, with the loop
  ///     vectoriser's missed-loop remarks (`-Rpass-missed=loop-vectorize`) in `output`.
  /// - Returns: The shared object's path, whether it came from the cache, and clang's output
  ///   (empty when cached).
  /// - Throws: ``MetalCompileError/compileFailed(diagnostics:output:)`` with clang's
  ///   diagnostics; ``MetalCompileError/linkFailed(file:message:)`` naming an undefined or
  ///   twice-defined function; ``MetalCompileError/compilerNotFound(_:)`` when the compiler
  ///   fails and prints nothing (it is not a clang++: `LAYERFX_CLANG=/bin/false`), since a
  ///   clang that rejects a source always says why.
  @discardableResult
  func compile(
    units: [Unit], rewriters: [String: MetalSourceRewriter], binary16: Bool,
    remarks: Bool = false
  ) throws(MetalCompileError) -> (path: String, cached: Bool, output: String) {
    // Nothing outside the stand-in is reachable: user files were inlined by MetalSource.
    let flags =
      Self.baseFlags + Self.cpuFlags + (binary16 ? ["-DLFX_HALF_BINARY16"] : [])
      + ["-nostdinc", "-Wl,-z,defs"]
    let headerKey = Self.headerKey
    let key = Self.hash(units.map(\.text) + [headerKey, flags.joined(separator: " "), clang])
    let compiled = cacheDirectory + "/\(key).so"
    if !remarks && FileManager.default.fileExists(atPath: compiled)
      && MetalCache.isIntact(compiled)
    {
      return (compiled, true, "")
    }
    let (include, sources, overlay) = try stage(units.map(\.text), key: key)
    let temporary = cacheDirectory + "/\(key).\(UInt64.random(in: 0...UInt64.max)).tmp"
    // The temporary goes, unless it was renamed into place.
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    let arguments =
      flags + ["-ivfsoverlay", overlay, "-I", include]
      + ["-include", include + "/" + MetalRuntime.fileName] + sources + ["-o", temporary, "-lm"]
      + (remarks ? ["-Rpass-missed=loop-vectorize"] : [])
    let outcome = BoundedProcess.run(
      clang, arguments, seconds: Self.compileSeconds, wallSeconds: Self.compileWallSeconds,
      addressSpace: Self.compileAddressSpace)
    let file = units.first?.file ?? ""
    guard case .finished(let status, let output) = outcome else {
      if outcome == nil { throw .compilerNotFound("cannot run \(clang)") }
      throw .refused(
        path: file,
        reason: "the compiler ran past its limit of \(Self.compileWallSeconds) s of wall-clock "
          + "time (a macro bomb or a huge file?)")
    }
    guard status == 0 else {
      // A limit's signal (RLIMIT_CPU's SIGXCPU, or SIGKILL), or LLVM's own message when an
      // allocation fails under RLIMIT_AS.
      // The linker's own allocation failure (gold: `mmap: failed to allocate N bytes`) too.
      // The driver's word for a child it saw killed: `unable to execute command: Killed`.
      let signal = status & 0x7f
      if signal == SIGXCPU || signal == SIGKILL || output.contains("LLVM ERROR: out of memory")
        || output.contains("failed to allocate")
        || output.contains("unable to execute command: Killed")
      {
        throw .refused(
          path: file,
          reason: "the compiler was stopped at its limits of \(Self.compileSeconds) s of CPU "
            + "time and \(Self.compileAddressSpace >> 30) GiB of memory (a macro bomb or a huge "
            + "file?)")
      }
      if signal != 0 || Self.reportsCrash(output) {
        throw .refused(
          path: file,
          reason: "the compiler crashed on this file (an expression or nesting too deep?)")
      }
      guard output.contains(where: { !$0.isWhitespace }) else {
        throw .compilerNotFound(
          "\(clang): the C++ compiler exited with status \(status >> 8) and printed nothing "
            + (clangIsSetting ? "(LAYERFX_CLANG)" : "(set LAYERFX_CLANG to a clang++)"))
      }
      let diagnostics = Self.diagnostics(
        output, rewriters: rewriters, standInDirectory: include, units: sources)
      if !diagnostics.contains(where: { $0.severity == "error" }),
        let link = Self.linkError(
          output, units: zip(sources, units).map { (source: $0, file: $1.file) })
      {
        throw link
      }
      throw .compileFailed(diagnostics: diagnostics, output: output)
    }
    var library = stat()
    if stat(temporary, &library) == 0 && Int(library.st_size) > Self.libraryByteLimit {
      throw .refused(
        path: file,
        reason: "the compiled library is \(Int(library.st_size) >> 20) MiB, more than the "
          + "\(Self.libraryByteLimit >> 20) MiB a shader may take (a huge constant array?)")
    }
    // The sum first: another process compiling the same unit takes an object without its sum
    // for a torn entry and removes it (both write the same bytes and the same sum).
    try MetalCache.seal(temporary, as: compiled)
    guard rename(temporary, compiled) == 0 else {
      throw .cacheFailed("cannot move the compiled library to \(compiled)")
    }
    MetalCache.evict(in: cacheDirectory, keeping: compiled)
    return (compiled, false, output)
  }

  /// Writes the stand-in headers, `texts` as `KEY.N.cpp` and the overlay that lets clang see
  /// only those files into the cache, and returns their absolute paths.
  ///
  /// - Throws: ``MetalCompileError/cacheFailed(_:)`` when a file cannot be written.
  func stage(_ texts: [String], key: String) throws(MetalCompileError) -> (
    include: String, sources: [String], overlay: String
  ) {
    do {
      // Absolute names: clang's virtual file system (below) knows files by them.
      let base = MetalSource.realPath(cacheDirectory) ?? cacheDirectory
      let include = base + "/include-" + Self.headerKey
      let sources = texts.indices.map { base + "/\(key).\($0).cpp" }
      let overlay = base + "/\(key).vfs.json"
      var visible: [String] = sources
      for (name, text) in Self.standInHeaders {
        let path = include + "/" + name
        try FileManager.default.createDirectory(
          atPath: MetalSource.folder(of: path), withIntermediateDirectories: true)
        try Self.writeAtomically(text, to: path)
        visible.append(path)
      }
      for (text, path) in zip(texts, sources) { try Self.writeAtomically(text, to: path) }
      try Self.writeAtomically(Self.overlay(visible), to: overlay)
      return (include, sources, overlay)
    } catch {
      throw .cacheFailed("cannot write the compile cache at \(cacheDirectory): \(error)")
    }
  }

  /// Whether clang's `output` says it crashed: LLVM's crash banner (`PLEASE submit a bug
  /// report to …`, printed before the stack dump), or the driver's word for a compiler job that
  /// died (`clang frontend command failed due to signal`, `… with exit code 139`).
  ///
  /// clang overflows its stack on an expression or nesting thousands deep (100 000 nested
  /// parentheses, 200 000 terms of one sum; new-user trial 9), which is the shader's doing, not
  /// a bug to report to LLVM.
  static func reportsCrash(_ output: String) -> Bool {
    output.contains("PLEASE submit a bug report")
      || output.contains("frontend command failed due to signal")
      || output.contains("frontend command failed with exit code")
  }

  /// The first undefined or twice-defined symbol in the linker's `output`, in Metal's terms.
  ///
  /// The error names the `.metal` file whose unit refers to it, and the function without the
  /// runner's namespaces (`lfx_user::wave(float)` → `wave(float)`). The linker prints names demangled
  /// (GNU ld: ``undefined reference to `NAME'``, gold with straight quotes; lld:
  /// `undefined symbol: NAME`, `duplicate symbol: NAME`).
  static func linkError(
    _ output: String, units: [(source: String, file: String)]
  ) -> MetalCompileError? {
    let patterns: [(String, String?, Bool)] = [
      ("undefined reference to '", "'", true), ("undefined reference to `", "'", true),
      ("undefined symbol: ", nil, true), ("multiple definition of '", "'", false),
      ("multiple definition of `", "'", false), ("duplicate symbol: ", nil, false),
    ]
    for line in output.split(separator: "\n") {
      for (start, end, isUndefined) in patterns {
        guard let range = line.range(of: start) else { continue }
        var name = line[range.upperBound...]
        if let end, let close = name.lastIndex(of: Character(end)) { name = name[..<close] }
        let symbol = metalSpelling(String(name))
        let file =
          units.first { line.contains(URL(fileURLWithPath: $0.source).lastPathComponent) }?.file
          ?? units.first?.file ?? ""
        let what = symbol.contains("(") ? "function" : "symbol"
        return .linkFailed(
          file: file,
          message: isUndefined
            ? "undefined \(what) '\(symbol)': declared, but no file of the library defines it"
            : "\(what) '\(symbol)' is defined in more than one file of the library")
      }
    }
    return nil
  }

  /// A clang virtual-file-system overlay in which only the files `paths` (absolute) exist.
  ///
  /// With `fallthrough` off, clang cannot open any other file, whatever a source names: a
  /// second wall behind ``MetalSource``'s refusals (the refusal there names the problem; this
  /// one makes any include it missed "file not found").
  ///
  /// Source: clang's `-ivfsoverlay` and LLVM's `RedirectingFileSystem` (the YAML format, of
  /// which JSON is a subset: `version`, `fallthrough`, `roots` of `file` entries with
  /// `name` and `external-contents`).
  static func overlay(_ paths: [String]) -> String {
    let roots = paths.map { path -> [String: String] in
      ["type": "file", "name": path, "external-contents": path]
    }
    let document: [String: Any] = ["version": 0, "fallthrough": false, "roots": roots]
    let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]))
    return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// A demangled C++ name as Metal spells it: without the runner's namespaces (`lfx_user::`,
  /// `lfx_probe::`) and `metal::`, vectors by their Metal names (`metal::vec<float, 2>` →
  /// `float2`; `half` is `float` in the default precision, so a `half2` shows as `float2`).
  static func metalSpelling(_ name: String) -> String {
    var text = name
    for prefix in ["lfx_user::", "lfx_probe::"] { text = text.replacing(prefix, with: "") }
    let scalars = [
      ("unsigned int", "uint"), ("unsigned short", "ushort"), ("unsigned char", "uchar"),
      ("_Float16", "half"), ("float", "float"), ("int", "int"), ("short", "short"),
      ("bool", "bool"), ("char", "char"),
    ]
    for (cName, metalName) in scalars {
      for count in 2...4 {
        text = text.replacing("metal::vec<\(cName), \(count)>", with: "\(metalName)\(count)")
      }
    }
    return text.replacing("metal::", with: "")
  }

  /// clang's `file:line:column: severity: message` lines, columns mapped back to each source
  /// file (`rewriters`, by name), errors before warnings and notes, each once (the probing
  /// copy repeats the source's); a location in a stand-in header under `standInDirectory` is
  /// named as the source includes it (`<metal_stdlib>`), not by its path in the cache.
  ///
  /// A location in a generated unit (`units`, the cache's `.cpp` files, before the glue's
  /// `#line`) is named as the glue (``MetalGlue/fileName``). Errors in generated code are kept:
  /// what the user reads of them is decided with the source's text
  /// (`MetalGlue.attributingUnclosedBracket(_:files:rewriters:)`).
  static func diagnostics(
    _ output: String, rewriters: [String: MetalSourceRewriter], standInDirectory: String = "",
    units: [String] = []
  ) -> [MetalCompileError.Diagnostic] {
    var result: [MetalCompileError.Diagnostic] = []
    for line in output.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
      guard parts.count == 5, let row = Int(parts[1]), let column = Int(parts[2]) else { continue }
      let severity = parts[3].trimmingSpaces
      guard ["error", "warning", "note", "fatal error"].contains(severity) else { continue }
      var file = String(parts[0])
      let rewriter = rewriters[file]
      if !standInDirectory.isEmpty && file.hasPrefix(standInDirectory + "/") {
        file = "<" + file.dropFirst(standInDirectory.count + 1) + ">"
      } else if units.contains(file) {
        file = MetalGlue.fileName
      }
      let diagnostic = MetalCompileError.Diagnostic(
        file: file, line: row,
        column: rewriter?.originalColumn(line: row, column: column) ?? column,
        severity: severity == "fatal error" ? "error" : severity,
        message: Self.metalMessage(parts[4].trimmingSpaces))
      if !result.contains(diagnostic) { result.append(diagnostic) }
    }
    // A Metal keyword used as a name gets a message that says so.
    result = MetalKeywordDiagnostic.explain(result) { rewriters[$0] }
    return result.filter { $0.severity == "error" } + result.filter { $0.severity != "error" }
  }

  /// clang's `message` as it reads for Metal source: the poisoned `asm` (``MetalRuntime``) is
  /// named as the inline assembly it is.
  static func metalMessage(_ message: String) -> String {
    message == "attempt to use a poisoned identifier"
      ? "inline assembly (asm) is not Metal: a shader runs no machine code of its own" : message
  }

  /// A 128-bit FNV-1a hash of `parts`, as 32 hex digits.
  static func hash(_ parts: [String]) -> String {
    hash(bytes: parts.map { Array($0.utf8) })
  }

  /// A 128-bit FNV-1a hash of byte strings, each followed by a 0, as 32 hex digits.
  static func hash(bytes parts: [[UInt8]]) -> String {
    var a: UInt64 = 0xcbf2_9ce4_8422_2325
    var b: UInt64 = 0x6c62_272e_07bb_0142
    for part in parts {
      for byte in part + [0] {
        a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 &+ 0x9e37_79b9
      }
    }
    return String(a, radix: 16).leftPadded(16) + String(b, radix: 16).leftPadded(16)
  }

  /// The stand-in headers' part of every cache key: fixed for the process, hashed once.
  static let headerKey = hash(
    ["\(StandInHeader.version)"] + standInHeaders.flatMap { [$0.name, $0.text] })

  static func writeAtomically(_ text: String, to path: String) throws {
    if let existing = try? String(contentsOfFile: path, encoding: .utf8), existing == text {
      return
    }
    do {
      try AtomicFile.write(text, to: path)
    } catch {
      throw MetalCompileError.loadFailed(error.description)
    }
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}
