import Foundation
import LayerFXTestSupport
import Testing

@testable import LayerFXMetal

@Suite("MetalCompiler CPU level")
struct MetalCompilerTests {
  /// The instruction-set extensions the kernel lists for this machine's first CPU.
  static let kernelFlags: Set<Substring>? = {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
    else { return nil }
    return Set(line.split(separator: " "))
  }()

  // The kernel's own list is a source independent of CPUID as the runner reads it: a level may
  // be lower than the list allows (an emulator hiding AVX-512), never higher. The features per
  // level are the x86-64 psABI's (x86-64-v3: AVX, AVX2, BMI1, BMI2, F16C, FMA, LZCNT, MOVBE,
  // XSAVE; x86-64-v4 adds AVX-512 F, BW, CD, DQ, VL); /proc/cpuinfo spells LZCNT `abm`.
  @Test(
    "the compile flags never target more than the CPU has",
    .enabled(if: kernelFlags != nil, "no /proc/cpuinfo flags line"))
  func levelWithinHost() throws {
    let flags = try #require(Self.kernelFlags)
    let march = MetalCompiler.cpuFlags.filter { $0.hasPrefix("-march=") }
    #if arch(x86_64)
      #expect(march.count == 1, "\(MetalCompiler.cpuFlags)")
    #endif
    if march.contains("-march=x86-64-v4") {
      #expect(flags.isSuperset(of: ["avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"]))
    }
    if march.contains("-march=x86-64-v4") || march.contains("-march=x86-64-v3") {
      #expect(
        flags.isSuperset(of: [
          "avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave",
        ]))
    }
    // Gathers are declared to clang but never emitted (Benchmarks/HISTORY.md: twice as slow).
    if march != ["-march=x86-64"] && !march.isEmpty {
      #expect(MetalCompiler.cpuFlags.contains("+prefer-no-gather"))
    }
  }

  // /etc/hostname exists (the test is enabled only then), so only the overlay can hide it.
  @Test(
    "clang opens no file but the stand-in headers and the units, whatever a unit names",
    .enabled(if: FileManager.default.fileExists(atPath: "/etc/hostname")))
  func overlayHidesFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let compiler = try MetalCompiler(
      options: MetalCompileOptions(cacheDirectory: directory.path("cache")))
    // The unit skips MetalSource's refusal: clang itself must not find the file.
    let unit = MetalCompiler.Unit(
      file: "u.metal", text: "#include <metal_stdlib>\n#include \"/etc/hostname\"\n")
    let error = #expect(throws: MetalCompileError.self) {
      try compiler.compile(units: [unit], rewriters: [:], binary16: false)
    }
    guard case .compileFailed(let diagnostics, _) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(diagnostics.first?.message == "'/etc/hostname' file not found")
  }
}
