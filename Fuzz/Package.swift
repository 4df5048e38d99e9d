// swift-tools-version:6.0
// LayerFX fuzz targets for libFuzzer. A separate package, so the root package's `swift build`
// and `swift test` never see code that only links with -sanitize=fuzzer.
//
// Build and run through Scripts/fuzz.sh (it passes -sanitize=fuzzer,address). A debug build
// enables testing, so targets can `@testable import` internal entry points of LayerFX.
//
// Adding a target for a new input format: a folder Sources/Fuzz<Name>/ with one file (an
// `@main` type whose `testOneInput` hands the bytes to the new decoder, see FuzzPNGDecode), one
// `fuzzTarget("<Name>", …)` line below, and seed inputs in Corpus/<Name>/.
//
// Each target's `main` runs libFuzzer's driver (LLVMFuzzerRunDriver) instead of relying on
// libFuzzer's own `main`: SwiftPM renames an executable's entry point to `<Module>_main`, which
// a target without one could not link.
import PackageDescription

func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
  .executableTarget(name: "Fuzz\(name)", dependencies: ["FuzzSupport"] + dependencies)
}

let package = Package(
  name: "LayerFXFuzz",
  dependencies: [.package(name: "LayerFX", path: "..")],
  targets: [
    // libFuzzer's LLVMFuzzerRunDriver, declared for Swift; the toolchain links its definition.
    .systemLibrary(name: "CFuzzerDriver"),
    .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"]),
    fuzzTarget("PNGDecode", [.product(name: "LayerFX", package: "LayerFX")]),
    fuzzTarget("CommandLine", [.product(name: "LayerFXCLI", package: "LayerFX")]),
    fuzzTarget(
      "EffectArguments",
      [
        .product(name: "LayerFXCLI", package: "LayerFX"),
        .product(name: "LayerFX", package: "LayerFX"),
      ]),
    fuzzTarget("Config", [.product(name: "LayerFX", package: "LayerFX")]),
  ]
)
