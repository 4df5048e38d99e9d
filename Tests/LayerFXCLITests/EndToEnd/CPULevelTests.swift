import Foundation
import LayerFX
import Testing

/// A binary built for x86-64-v3 refuses a CPU without AVX2 in one line at load time.
///
/// Without the check it would die of SIGILL later, with no word. The test runs it under QEMU's user-mode emulator with CPU models whose
/// features are documented by QEMU (`qemu-x86_64 -cpu help`): Nehalem has SSE4.2 and no AVX;
/// Haswell has AVX2, FMA and F16C.
@Suite struct CPULevelTests {
  static let emulator = URL(fileURLWithPath: "/usr/bin/qemu-x86_64")
  static let canEmulate =
    BuildConfiguration.cpuLevel == "x86-64-v3"
    && FileManager.default.isExecutableFile(atPath: emulator.path)
  static let skipMessage: Comment =
    "needs an x86-64-v3 build and qemu-x86_64 (Debian's qemu-user; .ci/run installs it)"

  @Test(.enabled(if: canEmulate, skipMessage))
  func aCPUWithoutAVX2IsRefusedInOneLineWithExit69() throws {
    let result = try LayerFXTool.run(
      ["-cpu", "Nehalem", LayerFXTool.executable.path, "list"], program: Self.emulator)
    #expect(result.status == 69)  // sysexits' EX_UNAVAILABLE
    #expect(result.errorLines.count == 1)
    #expect(result.errorLines.first?.hasPrefix("layerfx: error: ") == true)
    #expect(result.standardError.contains("x86-64-v3 CPU (AVX2, FMA, F16C)"))
    #expect(result.outputData.isEmpty)
  }

  @Test(.enabled(if: canEmulate, skipMessage))
  func aCPUWithAVX2Runs() throws {
    let result = try LayerFXTool.run(
      ["-cpu", "Haswell", LayerFXTool.executable.path, "list"], program: Self.emulator)
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("ripple"))
  }

  @Test func theBuildLevelIsOneOfTheTwoTheManifestMakes() {
    #expect(["x86-64-v3", "portable"].contains(BuildConfiguration.cpuLevel))
  }
}
