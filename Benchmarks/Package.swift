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
import PackageDescription

/// Where Debian's `libomp-dev` installs `libomp.so`.
let openMPLibraryPath = "/usr/lib/llvm-14/lib"

let package = Package(
  name: "LayerFXBenchmarks",
  products: [
    .executable(name: "layerfx-bench", targets: ["layerfx-bench"])
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
    // The harness: scenarios from each kernel's declaration, interleaved timing, the report.
    .target(
      name: "LayerFXBenchmarkKit",
      dependencies: [.product(name: "LayerFX", package: "LayerFX"), "CReference"],
      path: "LayerFXBenchmarkKit"),
    // The command line: option parsing (the root's LayerFXCLI parser) and the run.
    .executableTarget(
      name: "layerfx-bench",
      dependencies: [
        "LayerFXBenchmarkKit",
        .product(name: "LayerFX", package: "LayerFX"),
        .product(name: "LayerFXCLI", package: "LayerFX"),
      ],
      path: "layerfx-bench"),
  ]
)
