// swift-tools-version:6.0
// LayerFX: SwiftUI-style shader effects (colorEffect, distortionEffect, layerEffect) on the CPU.
//
// Build settings:
// - The engine targets (LayerFXMath, LayerFX, LayerFXKernels) build with -O in debug builds
//   too, so that `swift test` renders its photos at a useful speed; LAYERFX_DEBUG_ENGINE=1
//   builds them unoptimised, for a debugger.
// - LAYERFX_INTERNAL_CHECKS (off by default): compiles expensive invariant checks into the
//   engine; the benchmarks refuse to run when it is on.
// - Host tuning: when the building machine is x86-64 with AVX2, FMA and F16C (read from
//   /proc/cpuinfo), the engine targets (LayerFXMath, LayerFX, LayerFXKernels) build with
//   `-target-cpu haswell`: eight float lanes per instruction for the lane fast path. That is
//   the x86-64-v3 level, which this toolchain cannot name; on an AVX-512 Zen 4 it is still the
//   right level (a haswell build ran at full speed there, and AVX-512 gathers are slow). The
//   binary then needs such a CPU: on another it stops at load time with one line and exit 69
//   (Sources/CLayerFXCPULevel), never a SIGILL later. LAYERFX_PORTABLE=1 gives a
//   portable x86-64 build of this repository.
// - As a dependency: SwiftPM refuses unsafe flags in a versioned (`from:`) dependency, and a
//   user's manifest cannot set our environment variables. So this manifest leaves the flags out
//   when it is evaluated inside a dependency checkout, that is when its package directory sits
//   in a folder named `checkouts` (SwiftPM's `.build/checkouts/NAME`, also under any
//   `--scratch-path`, and Xcode's `SourcePackages/checkouts/NAME`). Everything else keeps the
//   flags: a clone of this repository (the `layerfx` tool) and the packages that depend on it
//   by path (Benchmarks/, Fuzz/; SwiftPM allows unsafe flags through a path dependency).
//   Limits: the `checkouts` layout is SwiftPM's and Xcode's habit, not a documented contract;
//   a registry dependency (`.package(id:)`) is not recognised (LayerFX is in no registry); a
//   clone that happens to sit in a folder named `checkouts` builds portable; and a dependent
//   gets portable engine code (13–27 % slower lane code, per the platform notes) unless it
//   passes `-Xswiftc -target-cpu -Xswiftc haswell` to its own `swift build`.
//   Scripts/check-dependency.sh (run by CI) builds a versioned dependent to prove it.
import Foundation
import PackageDescription

/// Whether this manifest is being evaluated inside a dependency checkout
/// (`…/checkouts/NAME`), where SwiftPM refuses unsafe flags.
let isDependencyCheckout: Bool = {
  let components = Context.packageDirectory.split(separator: "/")
  return components.dropLast().last == "checkouts"
}()

/// Whether the building machine is x86-64 with AVX2, FMA and F16C, this is not a dependency
/// checkout, and no portable build was asked for (LAYERFX_PORTABLE).
let buildsForHostAVX2: Bool = {
  #if arch(x86_64) && os(Linux)
    guard !isDependencyCheckout, Context.environment["LAYERFX_PORTABLE"] == nil,
      let cpuInfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let flags = cpuInfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
    else { return false }
    let names = Set(flags.split(separator: " ").map(String.init))
    return names.isSuperset(of: ["avx2", "fma", "f16c"])
  #else
    return false
  #endif
}()

/// Whether the engine targets are optimised (`-O`) in debug builds too: unless this is a
/// dependency checkout or LAYERFX_DEBUG_ENGINE is set (for stepping through engine code).
///
/// The tests render real photos through every kernel; unoptimised generic SIMD code made that
/// most of `swift test`'s time (the kernels' suites took 540 of 792 s; with the engine at -O the
/// whole suite took 374 s, 2026-12-06). Bounds and overflow checks stay on at -O.
let optimisesEngineInDebug =
  !isDependencyCheckout && Context.environment["LAYERFX_DEBUG_ENGINE"] == nil

/// Swift settings of the engine targets whose SIMD code the lane fast path runs.
///
/// `LAYERFX_X86_64_V3` lets lane code use an instruction that level has (`FloatLanes8.floor`).
///
/// `-Xcc -fno-math-errno`: `Float.squareRoot()` is the runtime's C shim `__builtin_sqrtf`;
/// with glibc's default `errno` semantics the engine's lane code got a `sqrtf` call per lane
/// behind a sign test, so `FloatLanes8.sqrt` ran as eight scalar square roots where LLVM did
/// not vectorise them (the mesh gradient's four per batch; `Benchmarks/HISTORY.md`, "The fills
/// at their `.metal`'s speed"). Without `errno` they are `vsqrtps`: the same correctly rounded
/// results.
let engineSwiftSettings: [SwiftSetting] =
  (buildsForHostAVX2
    ? [.unsafeFlags(["-target-cpu", "haswell"]), .define("LAYERFX_X86_64_V3")] : [])
  + (isDependencyCheckout ? [] : [.unsafeFlags(["-Xcc", "-fno-math-errno"])])
  + (optimisesEngineInDebug ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : [])

/// Tells CLayerFXCPULevel which level the engine targets were built for, so that a binary
/// refuses, at load time and in one line, a CPU without it (instead of a SIGILL later).
let cpuLevelCSettings: [CSetting] = buildsForHostAVX2 ? [.define("LAYERFX_X86_64_V3")] : []

/// Whether the shader worker is built: not for libFuzzer (Scripts/fuzz.sh sets LAYERFX_FUZZ),
/// which links every executable with its own `main`, clashing with the worker's (a C program);
/// the fuzz targets compile no shader that would need it.
let buildsShaderWorker = Context.environment["LAYERFX_FUZZ"] == nil

let package = Package(
  name: "LayerFX",
  products: [
    .library(
      name: "LayerFX",
      targets: [
        "LayerFXMath", "LayerFX", "LayerFXKernels", "LayerFXPNG", "LayerFXAnimation",
        "LayerFXComposition", "LayerFXFiles",
        "LayerFXMetal", "LayerFXResolver",
      ]),
    .executable(name: "layerfx", targets: ["layerfx"]),
    // The sandboxed process that runs compiled `.metal` code (LayerFXMetal starts it); a
    // package that renders `.metal` files depends on this product too, so it is built.
    .executable(name: "layerfx-shader-worker", targets: ["layerfx-shader-worker"]),
    // The CLI's commands and its parser as a library, for the packages in Fuzz/ and Benchmarks/.
    .library(name: "LayerFXCLI", targets: ["LayerFXCLI", "LayerFXArguments"]),
    // Reference-image tests of a user's own effects (Swift or .metal) with Swift Testing.
    .library(name: "LayerFXTesting", targets: ["LayerFXTesting"]),
  ],
  targets: [
    // MARK: Library
    .target(name: "LayerFXMath", exclude: ["README.md"], swiftSettings: engineSwiftSettings),
    .target(
      name: "LayerFX", dependencies: ["LayerFXMath", "CLaneShuffle", "CLayerFXCPULevel"],
      exclude: ["README.md"],
      swiftSettings: engineSwiftSettings),
    .target(
      name: "LayerFXKernels", dependencies: ["LayerFX", "LayerFXMath"], exclude: ["README.md"],
      swiftSettings: engineSwiftSettings),
    .target(name: "LayerFXFiles", dependencies: ["CLayerFXFiles"], exclude: ["README.md"]),
    .target(
      name: "LayerFXPNG", dependencies: ["LayerFX", "LayerFXMath", "LayerFXFiles", "CPNGShim"],
      exclude: ["README.md"]),
    .target(name: "LayerFXAnimation", dependencies: ["LayerFXMath"], exclude: ["README.md"]),
    .target(
      name: "LayerFXComposition",
      dependencies: [
        "LayerFX", "LayerFXMath", "LayerFXAnimation", "LayerFXPNG", "LayerFXFiles", "CJansson",
      ],
      exclude: ["README.md"]),
    // The .metal runner: compiles Metal source with the toolchain's clang++ against its own
    // stand-in headers and loads it as ShaderFunctions. No unsafe flags (it compiles at run time).
    .target(
      name: "LayerFXMetal",
      dependencies: [
        "LayerFX", "LayerFXMath", "LayerFXFiles", "CLayerFXMetalGuard", "CLayerFXSandbox",
      ] + (buildsShaderWorker ? ["layerfx-shader-worker"] : []),
      exclude: ["README.md"]),
    // Kernel names to functions for every front end: the built-ins and `.metal` functions, so
    // neither LayerFXMetal nor LayerFXComposition has to know the other or the kernels.
    .target(
      name: "LayerFXResolver",
      dependencies: ["LayerFX", "LayerFXKernels", "LayerFXMetal", "LayerFXComposition"],
      exclude: ["README.md"]),
    .target(
      name: "LayerFXTesting",
      dependencies: [
        "LayerFX", "LayerFXMath", "LayerFXPNG", "LayerFXMetal", "LayerFXFiles", "LayerFXKernels",
      ],
      exclude: ["README.md"]),
    // The build's instruction-set level, and the load-time check that the CPU has it.
    .target(name: "CLayerFXCPULevel", cSettings: cpuLevelCSettings),
    // The fault guard (sigsetjmp around compiled shader calls) and guarded array memory.
    .target(name: "CLayerFXMetalGuard"),
    // The shader sandbox's parent side: bounded child processes that die with LayerFX, the
    // worker's message channel and shared memory, and the ELF check of a compiled library.
    .target(name: "CLayerFXSandbox"),
    // The only process that loads and runs compiled `.metal` code, under a seccomp filter.
    .executableTarget(
      name: "layerfx-shader-worker",
      dependencies: ["CLayerFXMetalGuard", "CLayerFXSandbox", "CSeccomp"]),
    // The signal handler that unlinks temporaries (async-signal-safe C) and the C argv.
    .target(name: "CLayerFXFiles"),

    // The browser front end of `layerfx tune --serve`: an HTTP server on libmicrohttpd, its
    // API and the page (Page/, shipped as resources: HTML, CSS and JavaScript, no build step).
    .target(
      name: "LayerFXTune",
      dependencies: [
        "LayerFX", "LayerFXMath", "LayerFXAnimation", "LayerFXComposition", "LayerFXPNG",
        "LayerFXFiles", "LayerFXMetal", "CMicroHTTPD", "CJansson",
      ],
      exclude: ["README.md"], resources: [.copy("Page")]),

    // MARK: System
    // Header-only shuffles of eight floats (clang's __builtin_shufflevector) for the lane
    // sampler's transposes; nothing to link.
    .systemLibrary(name: "CLaneShuffle"),
    // libpng from Debian (apt install libpng-dev); found through pkg-config.
    .systemLibrary(
      name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    // Every libpng call that can fail, and every setjmp, lives in this C target, so libpng's
    // longjmp never crosses a Swift frame. Swift sees status codes and messages only.
    // zlib: CRC-32 for chunks that are listed but not decoded, the image data at compression
    // levels other than 1, and the compression of the fdAT chunks of animated PNGs (libpng has
    // no APNG API). ISA-L from Debian (apt install libisal-dev): igzip, the image data at level
    // 1, the default (Sources/CPNGShim/ImageData.c).
    .target(
      name: "CPNGShim", dependencies: ["CLibPNG", "CLayerFXCPULevel"],
      linkerSettings: [.linkedLibrary("z"), .linkedLibrary("isal")]),
    // Jansson from Debian (apt install libjansson-dev): the config documents' syntax check,
    // which rejects duplicate keys (Foundation's JSON parsers accept them silently) with their
    // line and column, and its JSON writer.
    .systemLibrary(
      name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),

    // libseccomp from Debian (apt install libseccomp-dev): the shader worker's system-call
    // filter.
    .systemLibrary(
      name: "CSeccomp", pkgConfig: "libseccomp", providers: [.apt(["libseccomp-dev"])]),

    // GNU libmicrohttpd from Debian (apt install libmicrohttpd-dev): the HTTP server of
    // `layerfx tune --serve`, which parses every request (LayerFX parses no HTTP itself).
    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),

    // MARK: Tool
    // The generic argument parser (option tables, typed values, usage errors): the stand-in for
    // swift-argument-parser, which cannot be fetched here.
    .target(name: "LayerFXArguments", dependencies: ["LayerFXMath"], exclude: ["README.md"]),
    // The CLI's commands live in a library so they can be unit-tested; `layerfx` is its thin
    // entry point.
    .target(
      name: "LayerFXCLI",
      dependencies: [
        "LayerFX", "LayerFXMath", "LayerFXKernels", "LayerFXPNG", "LayerFXAnimation",
        "LayerFXComposition", "LayerFXFiles",
        "LayerFXMetal", "LayerFXResolver", "LayerFXTune", "LayerFXArguments",
      ]),
    .executableTarget(name: "layerfx", dependencies: ["LayerFXCLI", "LayerFXFiles"]),

    // MARK: Tests
    .target(
      name: "LayerFXTestSupport", dependencies: ["LayerFX"], path: "Tests/LayerFXTestSupport"),
    .testTarget(name: "LayerFXMathTests", dependencies: ["LayerFXMath"]),
    .testTarget(name: "LayerFXTests", dependencies: ["LayerFX", "LayerFXTestSupport"]),
    .testTarget(
      name: "LayerFXKernelsTests",
      dependencies: ["LayerFXKernels", "LayerFXTestSupport", "LayerFXPNG"]),
    .testTarget(
      name: "LayerFXPNGTests", dependencies: ["LayerFXPNG", "LayerFXTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "LayerFXCLITests",
      dependencies: [
        "LayerFXCLI", "LayerFXArguments", "layerfx", "LayerFXPNG", "LayerFXTestSupport",
      ]),
    .testTarget(name: "LayerFXAnimationTests", dependencies: ["LayerFXAnimation"]),
    .testTarget(name: "LayerFXArgumentsTests", dependencies: ["LayerFXArguments", "LayerFXMath"]),
    .testTarget(
      name: "LayerFXTuneTests",
      dependencies: [
        "LayerFXTune", "LayerFXComposition", "LayerFXKernels", "LayerFXMetal", "LayerFXTestSupport",
        "LayerFXFiles",
      ]),
    .testTarget(
      name: "LayerFXCompositionTests",
      dependencies: [
        "LayerFXComposition", "LayerFXAnimation", "LayerFX", "LayerFXKernels", "LayerFXTestSupport",
        "LayerFXFiles",
      ]),
    .testTarget(
      name: "LayerFXResolverTests",
      dependencies: [
        "LayerFXResolver", "LayerFXComposition", "LayerFXMetal", "LayerFX", "LayerFXTestSupport",
      ]),
    .testTarget(
      name: "LayerFXMetalTests",
      dependencies: [
        "LayerFXMetal", "LayerFXKernels", "LayerFXTestSupport", "LayerFXPNG", "LayerFXTesting",
      ]),
  ]
)
