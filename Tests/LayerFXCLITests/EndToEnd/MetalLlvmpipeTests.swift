import Foundation
import LayerFXTestSupport
import Testing

/// The must-hold for real `.metal`: six of Inferno's shaders through `layerfx apply
/// INFERNO.metal:FUNCTION` match independent GLSL on Mesa llvmpipe within 1 code on ≥ 99.9 %
/// of pixels (`Benchmarks/peers/metal_vs_llvmpipe.py`, which exits 1 otherwise).
///
/// Opt-in: needs `LAYERFX_INFERNO` (an Inferno checkout, never copied into this repository) and
/// Python 3 with moderngl, numpy and Pillow (plus Debian's libegl1 and libgl1-mesa-dri).
@Suite("Inferno through the .metal runner against llvmpipe")
struct MetalLlvmpipeTests {
  static let inferno = ProcessInfo.processInfo.environment["LAYERFX_INFERNO"]

  /// Whether `python3` can import what the script needs.
  static let hasPythonModules: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import moderngl, numpy, PIL"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return false
    }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  @Test(
    "six Inferno effects match llvmpipe within 1 code on ≥ 99.9 % of pixels",
    .enabled(if: inferno != nil, "set LAYERFX_INFERNO to an Inferno checkout"),
    .enabled(if: hasPythonModules, "python3 with moderngl, numpy and Pillow is not available"))
  func matchesLlvmpipe() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let script = TestData.packageRoot.appendingPathComponent(
      "Benchmarks/peers/metal_vs_llvmpipe.py"
    ).path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", script, "--inferno", Self.inferno ?? "", "--layerfx",
      LayerFXTool.executable.path,
    ]
    _ = FileManager.default.createFile(atPath: scratch.path("out"), contents: nil)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path("out")))
    process.standardOutput = output
    process.standardError = output
    try process.run()
    process.waitUntilExit()
    try output.close()
    let report = try String(contentsOfFile: scratch.path("out"), encoding: .utf8)
    #expect(process.terminationStatus == 0, "\(report)")
    // Six effects on two images, one line each, after the renderer's line.
    #expect(report.split(separator: "\n").filter { $0.contains("within 1 code") }.count == 12)
  }
}
