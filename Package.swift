// swift-tools-version:6.0
// LayerFX: SwiftUI-style shader effects (colorEffect, distortionEffect, layerEffect) on the CPU.
//
// Build settings:
// - LAYERFX_INTERNAL_CHECKS (off by default): compiles expensive invariant checks into the
//   engine; the benchmarks refuse to run when it is on.
import PackageDescription

let package = Package(
  name: "LayerFX",
  products: [
    .library(name: "LayerFX", targets: ["LayerFXMath", "LayerFX", "LayerFXKernels", "LayerFXAnimation"]),
    .executable(name: "layerfx", targets: ["layerfx"]),
  ],
  targets: [
    // MARK: Library
    .target(name: "LayerFXMath"),
    .target(name: "LayerFX", dependencies: ["LayerFXMath"]),
    .target(name: "LayerFXKernels", dependencies: ["LayerFX", "LayerFXMath"]),
    .target(name: "LayerFXAnimation", dependencies: ["LayerFXMath"]),

    // MARK: System

    // MARK: Tool
    .executableTarget(name: "layerfx", dependencies: ["LayerFX", "LayerFXKernels"]),

    // MARK: Tests
    .target(name: "LayerFXTestSupport", dependencies: ["LayerFX"], path: "Tests/LayerFXTestSupport"),
    .testTarget(name: "LayerFXMathTests", dependencies: ["LayerFXMath"]),
    .testTarget(name: "LayerFXTests", dependencies: ["LayerFX", "LayerFXTestSupport"]),
    .testTarget(
      name: "LayerFXKernelsTests", dependencies: ["LayerFXKernels", "LayerFXTestSupport"]),
    .testTarget(name: "LayerFXAnimationTests", dependencies: ["LayerFXAnimation"]),

    // MARK: Benchmarks
  ]
)
