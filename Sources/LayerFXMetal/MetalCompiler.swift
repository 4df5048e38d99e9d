import CLayerFXMetalGuard
import Foundation
import LayerFXFiles

/// Compiles the translation unit of a `.metal` source into a shared object with the Swift
/// toolchain's `clang++`, caching the result on disk.
///
/// The compiler is `$LAYERFX_CLANG`, else the `clang++` beside `swift` on `PATH` (the toolchain
/// ships clang 21 there), else `clang++` on `PATH`. The cache key covers the translation unit
/// (the source and the glue generated from it), the stand-in's text and version, the flags and
/// the CPU level, so a repeat compile is a file lookup (compile times are in the module's
/// README); the object's name adds the bytes of the headers the source includes, which clang
/// lists as it compiles (``MetalDependencies``), so an edited header compiles again. A compiled
/// file is written under a temporary name and renamed into place, so concurrent compiles of one
/// source never see half a file.
struct MetalCompiler {
  let clang: String
  let cacheDirectory: String

  /// Flags every compile uses: C++17 with clang's properties (swizzles), no exceptions or RTTI,
  /// no `errno` from math, `-O3` for the CPU level, position-independent, shared.
  static let baseFlags = [
    "-x", "c++", "-std=c++17", "-fdeclspec", "-fno-exceptions", "-fno-rtti", "-fno-math-errno",
    "-O3", "-fPIC", "-shared", "-nostdinc++", "-fvisibility=hidden", "-Wno-unknown-attributes",
    "-fno-color-diagnostics", "-fdiagnostics-absolute-paths",
    // The sandbox's link: no C runtime (no constructors, no libc), every symbol resolved at
    // link time against libm alone, relocations read-only after load (MetalSandboxCheck).
    "-nostdlib", "-Wl,-z,defs", "-Wl,-z,relro", "-Wl,-z,now",
  ]

  /// clang's limits: wall-clock and CPU seconds, and address space (BoundedProcess).
  static let compileSeconds = 30
  static let compileAddressSpace: UInt64 = 2 << 30

  /// The flags for this CPU's level, so the shared object never needs more than the host has.
  ///
  /// The level is what this process may execute (`lfx_metal_cpu_level`: CPUID and the operating
  /// system's register support):
  /// - x86-64-v4 (AVX-512) with 512-bit vectors: sixteen pixels per instruction, measured
  ///   1.35× the x86-64-v3 build's speed on the ripple (AMD Zen 5 class, Benchmarks/README.md);
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
    cacheDirectory = try MetalCache.directory(options: options, environment: environment)
  }

  /// Compiles `unit`, or finds it in the cache.
  ///
  /// - Parameters:
  ///   - unit: The translation unit.
  ///   - rewriter: Maps diagnostics' columns back to the `.metal` source.
  ///   - sourcePath: The `.metal` file's name in diagnostics.
  ///   - binary16: Whether `half` is `_Float16`.
  /// - Returns: The shared object's path, and whether it came from the cache.
  /// - Throws: ``MetalCompileError/compileFailed(diagnostics:output:)`` with clang's diagnostics.
  func compile(unit: String, rewriter: MetalSourceRewriter, sourcePath: String, binary16: Bool)
    throws(MetalCompileError) -> (path: String, cached: Bool)
  {
    // `#include "x.h"` in the source is found beside the source, as in Xcode.
    let directory = URL(fileURLWithPath: sourcePath).deletingLastPathComponent().path
    let flags =
      Self.baseFlags + Self.cpuFlags + (binary16 ? ["-DLFX_HALF_BINARY16"] : [])
      + ["-iquote", directory]
    let headerKey = Self.headerKey
    let key = Self.hash([unit, headerKey, flags.joined(separator: " "), clang])
    let include = cacheDirectory + "/include-" + headerKey
    let runtime = include + "/" + MetalRuntime.fileName
    // The object is named by the unit's key and its headers' bytes, so an edited header
    // compiles again; the headers are those clang listed when it compiled the unit.
    let rule = cacheDirectory + "/\(key).d"
    func object(_ headers: MetalDependencies) -> String {
      cacheDirectory + "/" + Self.hash([key, headers.contentKey()]) + ".so"
    }
    if let text = try? String(contentsOfFile: rule, encoding: .utf8) {
      let cached = object(MetalDependencies(makeRule: text, excluding: cacheDirectory))
      if FileManager.default.fileExists(atPath: cached) && MetalCache.isIntact(cached) {
        return (cached, true)
      }
    }
    do {
      try MetalCache.makePrivate(include + "/SwiftUI")
      try Self.writeAtomically(StandInHeader.metalStandardLibrary, to: include + "/metal_stdlib")
      try Self.writeAtomically(StandInHeader.swiftUIMetal, to: include + "/SwiftUI/SwiftUI_Metal.h")
      try Self.writeAtomically(MetalRuntime.source, to: runtime)
      try Self.writeAtomically(unit, to: cacheDirectory + "/\(key).cpp")
    } catch let error as MetalCompileError {
      throw error
    } catch {
      throw .cacheFailed("cannot write the compile cache at \(cacheDirectory): \(error)")
    }
    let temporary = cacheDirectory + "/\(key).\(UInt64.random(in: 0...UInt64.max)).tmp"
    // Both temporaries go, unless they were renamed into place.
    defer {
      for path in [temporary, temporary + ".d"] {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
    let arguments =
      flags + ["-I", include, "-include", runtime, cacheDirectory + "/\(key).cpp"]
      + ["-o", temporary, "-lm"]
      + ["-MMD", "-MF", temporary + ".d", "-MT", "lfx"]
    let outcome = BoundedProcess.run(
      clang, arguments, seconds: Self.compileSeconds, addressSpace: Self.compileAddressSpace)
    guard case .finished(let status, let output) = outcome else {
      if outcome == nil { throw .compilerNotFound("cannot run \(clang)") }
      throw .refused(
        path: sourcePath,
        reason: "the compiler ran past its limit of \(Self.compileSeconds) s (a macro bomb or a "
          + "huge file?)")
    }
    guard status == 0 else {
      if status & 0x7f != 0 {
        throw .refused(
          path: sourcePath,
          reason: "the compiler was stopped (signal \(status & 0x7f)) at its limits of "
            + "\(Self.compileSeconds) s and \(Self.compileAddressSpace >> 30) GB (a macro bomb or a "
            + "huge file?)")
      }
      if let symbol = MetalSandboxCheck.undefinedSymbol(in: output) {
        throw .refused(
          path: sourcePath,
          reason: "calls `\(symbol)`, which is outside the Metal runtime (shaders may call math "
            + "functions only)")
      }
      throw .compileFailed(
        diagnostics: Self.diagnostics(
          output, rewriter: rewriter, sourcePath: sourcePath, standInDirectory: include),
        output: output)
    }
    guard let text = try? String(contentsOfFile: temporary + ".d", encoding: .utf8) else {
      throw .loadFailed("\(clang) wrote no dependency file (-MF)")
    }
    let compiled = object(MetalDependencies(makeRule: text, excluding: cacheDirectory))
    // The rule first: an object in the cache always has its unit's rule beside it.
    guard rename(temporary + ".d", rule) == 0, rename(temporary, compiled) == 0 else {
      throw .cacheFailed("cannot move the compiled library to \(compiled)")
    }
    try MetalCache.seal(compiled)
    MetalCache.evict(in: cacheDirectory, keeping: compiled)
    return (compiled, false)
  }

  /// clang's `file:line:column: severity: message` lines, columns mapped back to the source,
  /// errors before warnings and notes, each once (the probing copy repeats the source's); a
  /// location in a stand-in header under `standInDirectory` is named as the source includes
  /// it (`<metal_stdlib>`), not by its path in the cache.
  static func diagnostics(
    _ output: String, rewriter: MetalSourceRewriter, sourcePath: String,
    standInDirectory: String = ""
  ) -> [MetalCompileError.Diagnostic] {
    var result: [MetalCompileError.Diagnostic] = []
    for line in output.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
      guard parts.count == 5, let row = Int(parts[1]), let column = Int(parts[2]) else { continue }
      let severity = parts[3].trimmingSpaces
      guard ["error", "warning", "note", "fatal error"].contains(severity) else { continue }
      var file = String(parts[0])
      let isSource = file == sourcePath
      if !standInDirectory.isEmpty && file.hasPrefix(standInDirectory + "/") {
        file = "<" + file.dropFirst(standInDirectory.count + 1) + ">"
      }
      let diagnostic = MetalCompileError.Diagnostic(
        file: file, line: row,
        column: isSource ? rewriter.originalColumn(line: row, column: column) : column,
        severity: severity == "fatal error" ? "error" : severity,
        message: parts[4].trimmingSpaces)
      if !result.contains(diagnostic) { result.append(diagnostic) }
    }
    return result.filter { $0.severity == "error" } + result.filter { $0.severity != "error" }
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
  private static let headerKey = hash([
    "\(StandInHeader.version)", StandInHeader.metalStandardLibrary + StandInHeader.swiftUIMetal,
    MetalRuntime.source,
  ])

  private static func writeAtomically(_ text: String, to path: String) throws {
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
