// swift-tools-version:6.0
// LayerFX benchmarks: the harness, the C + OpenMP reference kernels and the `layerfx-bench`
// executable. A separate package beside the root one, so that what the root ships (the LayerFX
// libraries and the `layerfx` tool) links no OpenMP and compiles no C with -march=native.
//
// It depends on the root by path, so the engine gets the root's host-tuned build
// (`-target-cpu haswell` on AVX2 hosts; see ../Package.swift), and the numbers are those of the
// `layerfx` tool. Run from the repository root:
//
//   swift run -c release --package-path Benchmarks layerfx-bench --kernel ripple
//
// OpenMP: `apt-get install libomp-dev` (Scripts/bootstrap.sh does). `-fopenmp` is a compile
// flag only (the Swift link driver rejects it), so libomp is linked by name from where Debian
// puts it.
//
// UserKernels holds kernels written as a user writes their own
// (Sources/LayerFXKernels/README.md), depending on the LayerFX product alone. It gets the same host tuning as the engine's targets
// (the root manifest's rule: x86-64 with AVX2, FMA and F16C, no LAYERFX_PORTABLE), so timing it
// against a built-in kernel compares kernel source, not build flags; a user's package gets the
// same with `swift build -Xswiftc -target-cpu -Xswiftc haswell`.
import Foundation
import PackageDescription

/// Where Debian's `libomp-dev` installs `libomp.so`.
let openMPLibraryPath = "/usr/lib/llvm-14/lib"

/// Whether the engine targets are built with `-target-cpu haswell`, as ../Package.swift decides:
/// x86-64 Linux with AVX2, FMA and F16C in /proc/cpuinfo, and no LAYERFX_PORTABLE.
let buildsForHostAVX2: Bool = {
  #if arch(x86_64) && os(Linux)
    guard Context.environment["LAYERFX_PORTABLE"] == nil,
      let cpuInfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let flags = cpuInfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
    else { return false }
    let names = Set(flags.split(separator: " ").map(String.init))
    return names.isSuperset(of: ["avx2", "fma", "f16c"])
  #else
    return false
  #endif
}()

let package = Package(
  name: "LayerFXBenchmarks",
  products: [
    .executable(name: "layerfx-bench", targets: ["layerfx-bench"]),
    .executable(name: "metal-fill-bench", targets: ["metal-fill-bench"]),
  ],
  dependencies: [.package(name: "LayerFX", path: "..")],
  targets: [
    // The C + OpenMP reference kernels: -O3 -march=native as a C programmer would build them.
    // The root package also compiles these sources, plainly, for its differential tests.
    .target(
      name: "CReference", path: "CReference",
      cSettings: [.unsafeFlags(["-O3", "-march=native", "-fopenmp"])],
      linkerSettings: [
        .linkedLibrary("omp"),
        .unsafeFlags([
          "-L\(openMPLibraryPath)", "-Xlinker", "-rpath", "-Xlinker", openMPLibraryPath,
        ]),
      ]),
    // Kernels written as a user writes their own: the LayerFX product only, never the built-ins.
    .target(
      name: "UserKernels", dependencies: [.product(name: "LayerFX", package: "LayerFX")],
      path: "UserKernels", exclude: ["README.md"],
      swiftSettings: buildsForHostAVX2 ? [.unsafeFlags(["-target-cpu", "haswell"])] : []),
    // The harness: scenarios from each kernel's declaration, interleaved timing, the report.
    // LAYERFX_ENGINE_HASWELL tells the report which SIMD level the engine was built for.
    .target(
      name: "LayerFXBenchmarkKit",
      dependencies: [.product(name: "LayerFX", package: "LayerFX"), "CReference", "UserKernels"],
      path: "LayerFXBenchmarkKit",
      swiftSettings: buildsForHostAVX2 ? [.define("LAYERFX_ENGINE_HASWELL")] : []),
    // The command line: option parsing (the root's LayerFXCLI parser) and the run.
    .executableTarget(
      name: "layerfx-bench",
      dependencies: [
        "LayerFXBenchmarkKit",
        .product(name: "LayerFX", package: "LayerFX"),
        .product(name: "LayerFXCLI", package: "LayerFX"),
      ],
      path: "layerfx-bench"),
    // A `.metal` fill's frame time in the shader worker (Benchmarks/peers/speed_vs_llvmpipe.py).
    .executableTarget(
      name: "metal-fill-bench",
      dependencies: [
        .product(name: "LayerFX", package: "LayerFX"),
        .product(name: "LayerFXCLI", package: "LayerFX"),
      ],
      path: "metal-fill-bench"),
  ]
)
