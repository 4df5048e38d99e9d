// swift-tools-version:6.0
// LayerFX: SwiftUI-style shader effects (colorEffect, distortionEffect, layerEffect) on the CPU.
//
// Build settings:
// - LAYERFX_INTERNAL_CHECKS (off by default): compiles expensive invariant checks into the
//   engine; the benchmarks refuse to run when it is on.
import PackageDescription

/// Where Debian's `libomp-dev` installs `libomp.so` (used by the C reference kernels).
let openMPLibraryPath = "/usr/lib/llvm-14/lib"

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
    .target(name: "LayerFXMath", exclude: ["README.md"]),
    .target(name: "LayerFX", dependencies: ["LayerFXMath"], exclude: ["README.md"]),
    .target(
      name: "LayerFXKernels", dependencies: ["LayerFX", "LayerFXMath"], exclude: ["README.md"]),
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
