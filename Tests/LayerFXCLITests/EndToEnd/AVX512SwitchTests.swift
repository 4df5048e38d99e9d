import Foundation
import LayerFXTestSupport
import Testing

/// `LAYERFX_NO_AVX512` sends the same binary down its AVX2 paths, which render the same bytes.
///
/// Chromatic aberration at its defaults shifts red and blue by 3 whole pixels, so its samples
/// are translated runs, which an AVX-512 CPU blends in `lfx_blend_run16` and the AVX2 path in
/// eight-lane Swift (Benchmarks/HISTORY.md, "A sixteen-lane translated run in one AVX-512
/// register"). On a CPU without AVX-512 both runs take the AVX2 path.
@Suite struct AVX512SwitchTests {
  @Test("a layer effect's PNG is the same with LAYERFX_NO_AVX512=1 as without")
  func sameBytesOnBothPaths() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let arguments = ["apply", "chromaticAberration", "testcard:96x40", "--bit-depth", "16"]
    let native = try LayerFXTool.run(arguments + ["-o", directory.path("native.png")])
    let forced = try LayerFXTool.run(
      ["LAYERFX_NO_AVX512=1", LayerFXTool.executable.path] + arguments
        + ["-o", directory.path("avx2.png")],
      program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(native.status == 0, "\(native.standardError)")
    #expect(forced.status == 0, "\(forced.standardError)")
    let first = try Data(contentsOf: URL(fileURLWithPath: directory.path("native.png")))
    let second = try Data(contentsOf: URL(fileURLWithPath: directory.path("avx2.png")))
    #expect(!first.isEmpty)
    #expect(first == second)
  }
}
