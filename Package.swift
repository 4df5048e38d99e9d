// swift-tools-version:6.0
// LayerFX: SwiftUI-style shader effects (colorEffect, distortionEffect, layerEffect) on the CPU.
//
// Build settings:
// - LAYERFX_INTERNAL_CHECKS (off by default): compiles expensive invariant checks into the
//   engine; the benchmarks refuse to run when it is on.
// - AVX2: when the building machine is x86-64 with AVX2, FMA and F16C (read from /proc/cpuinfo)
//   the engine targets (LayerFXMath, LayerFX, LayerFXKernels) build with `-target-cpu haswell`:
//   eight float lanes per instruction for the lane fast path. The binary then needs such a CPU
//   (it stops with SIGILL elsewhere). Set LAYERFX_PORTABLE=1 for a portable x86-64 build, and
//   when LayerFX is a dependency (SwiftPM refuses unsafe flags in dependencies).
import Foundation
import PackageDescription

/// Where Debian's `libomp-dev` installs `libomp.so` (used by the C reference kernels).
let openMPLibraryPath = "/usr/lib/llvm-14/lib"

/// Whether the building machine is x86-64 with AVX2, FMA and F16C, and no portable build was
/// asked for (LAYERFX_PORTABLE).
let buildsForHostAVX2: Bool = {
  #if arch(x86_64) && os(Linux)
    guard ProcessInfo.processInfo.environment["LAYERFX_PORTABLE"] == nil,
      let cpuInfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let flags = cpuInfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
    else { return false }
    let names = Set(flags.split(separator: " ").map(String.init))
    return names.isSuperset(of: ["avx2", "fma", "f16c"])
  #else
    return false
  #endif
}()

/// Swift settings of the engine targets whose SIMD code the lane fast path runs.
let engineSwiftSettings: [SwiftSetting] =
  buildsForHostAVX2 ? [.unsafeFlags(["-target-cpu", "haswell"])] : []

let package = Package(
  name: "LayerFX",
  products: [
    .library(
      name: "LayerFX",
      targets: ["LayerFXMath", "LayerFX", "LayerFXKernels", "LayerFXPNG", "LayerFXAnimation"]),
    .executable(name: "layerfx", targets: ["layerfx"]),
    // The CLI's commands as a library, for the fuzz targets in Fuzz/ (a separate package).
    .library(name: "LayerFXCLI", targets: ["LayerFXCLI"]),
  ],
  targets: [
    // MARK: Library
    .target(name: "LayerFXMath", exclude: ["README.md"], swiftSettings: engineSwiftSettings),
    .target(
      name: "LayerFX", dependencies: ["LayerFXMath"], exclude: ["README.md"],
      swiftSettings: engineSwiftSettings),
    .target(
      name: "LayerFXKernels", dependencies: ["LayerFX", "LayerFXMath"], exclude: ["README.md"],
      swiftSettings: engineSwiftSettings),
    .target(
      name: "LayerFXPNG", dependencies: ["LayerFX", "LayerFXMath", "CPNGShim"],
      exclude: ["README.md"]),
    .target(name: "LayerFXAnimation", dependencies: ["LayerFXMath"], exclude: ["README.md"]),

    // MARK: System
    // libpng from Debian (apt install libpng-dev); found through pkg-config.
    .systemLibrary(
      name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    // Every libpng call that can fail, and every setjmp, lives in this C target, so libpng's
    // longjmp never crosses a Swift frame. Swift sees status codes and messages only.
    .target(name: "CPNGShim", dependencies: ["CLibPNG"]),

    // MARK: Tool
    // The CLI's commands live in a library so the parser can be unit-tested; `layerfx` is
    // its thin entry point.
    .target(
      name: "LayerFXCLI",
      dependencies: [
        "LayerFX", "LayerFXMath", "LayerFXKernels", "LayerFXPNG", "LayerFXAnimation",
        "LayerFXBenchmarkKit",
      ]),
    .executableTarget(name: "layerfx", dependencies: ["LayerFXCLI"]),

    // MARK: Tests
    .target(
      name: "LayerFXTestSupport", dependencies: ["LayerFX"], path: "Tests/LayerFXTestSupport"),
    .testTarget(name: "LayerFXMathTests", dependencies: ["LayerFXMath"]),
    .testTarget(name: "LayerFXTests", dependencies: ["LayerFX", "LayerFXTestSupport"]),
    .testTarget(
      name: "LayerFXKernelsTests",
      dependencies: ["LayerFXKernels", "LayerFXTestSupport", "CReference"]),
    .testTarget(
      name: "LayerFXPNGTests", dependencies: ["LayerFXPNG", "LayerFXTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "LayerFXCLITests",
      dependencies: ["LayerFXCLI", "layerfx", "LayerFXPNG", "LayerFXTestSupport"]),
    .testTarget(name: "LayerFXAnimationTests", dependencies: ["LayerFXAnimation"]),

    // MARK: Benchmarks
    // The C + OpenMP reference kernels: -O3 -march=native as a C programmer would build them.
    // OpenMP: `apt-get install libomp-dev`; `-fopenmp` is a compile flag only (the Swift link
    // driver rejects it), so libomp is linked by name from where Debian puts it.
    .target(
      name: "CReference", path: "Benchmarks/CReference",
      cSettings: [.unsafeFlags(["-O3", "-march=native", "-fopenmp"])],
      linkerSettings: [
        .linkedLibrary("omp"),
        .unsafeFlags([
          "-L\(openMPLibraryPath)", "-Xlinker", "-rpath", "-Xlinker", openMPLibraryPath,
        ]),
      ]),
    .target(
      name: "LayerFXBenchmarkKit",
      dependencies: ["LayerFX", "LayerFXKernels", "LayerFXMath", "CReference"],
      path: "Benchmarks/LayerFXBenchmarkKit"),
    .executableTarget(
      name: "layerfx-bench", dependencies: ["LayerFXCLI"],
      path: "Benchmarks/layerfx-bench"),
  ]
)
