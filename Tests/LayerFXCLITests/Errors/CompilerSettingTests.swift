import Foundation
import LayerFXTestSupport
import Testing

/// A `LAYERFX_CLANG` that names no clang++ is a configuration error, exit 78 (EX_CONFIG) as a
/// missing compiler is, named in one line: not the shader's fault (exit 65).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/false"), "needs /bin/false"))
struct CompilerSettingTests {
  @Test("LAYERFX_CLANG=/bin/false is one line naming it, exit 78, and nothing is cached")
  func silentCompiler() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = directory.path("cache")
    let result = try LayerFXTool.run(
      [
        "LAYERFX_CLANG=/bin/false", "LAYERFX_CACHE=" + cache, LayerFXTool.executable.path,
        "list", MetalCommandTests.ripple,
      ],
      program: URL(fileURLWithPath: "/usr/bin/env"))
    // false(1) exits 1 and prints nothing (POSIX, "false").
    #expect(
      result.errorLines == [
        "layerfx: error: /bin/false: the C++ compiler exited with status 1 and printed nothing "
          + "(LAYERFX_CLANG)"
      ])
    #expect(result.status == 78)
    #expect(
      ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).allSatisfy {
        !$0.hasSuffix(".so")
      })
  }
}
