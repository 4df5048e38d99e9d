import Foundation
import LayerFXTestSupport
import Testing

/// Issue 24's must-hold for Archetapp/MetalShaders (338 fragment shaders, each with a GLSL twin
/// by the same author): every fragment function, wrapped as a stitchable fill, compiles but the
/// one that names a variable `thread`, which is refused with a message naming the keyword; each
/// renders; and every shader whose twin is a faithful translation is within 1 code of llvmpipe
/// on ≥ 99.9 % of pixels, or the script traces why not (`Benchmarks/peers/
/// archetapp_vs_llvmpipe.py`, which exits 1 otherwise).
///
/// Opt-in: needs `LAYERFX_ARCHETAPP` (a checkout, never copied into this repository) and Python 3
/// with moderngl, numpy and Pillow (plus Debian's libegl1 and libgl1-mesa-dri). Takes minutes.
@Suite("Archetapp/MetalShaders through the .metal runner against llvmpipe")
struct ArchetappLlvmpipeTests {
  static let corpus = ProcessInfo.processInfo.environment["LAYERFX_ARCHETAPP"]

  static let hasPythonModules =
    (try? Pillow.python(["-c", "import moderngl, numpy, PIL"]).status) == 0

  @Test(
    "all compile but the one naming a variable thread, all render, faithful twins within 1 code",
    .enabled(if: corpus != nil, "set LAYERFX_ARCHETAPP to an Archetapp/MetalShaders checkout"),
    .enabled(if: hasPythonModules, "python3 with moderngl, numpy and Pillow is not available"))
  func matchesLlvmpipe() throws {
    let script = TestData.packageRoot.appendingPathComponent(
      "Benchmarks/peers/archetapp_vs_llvmpipe.py"
    ).path
    let result = try LayerFXTool.run(
      [
        "python3", script, "--corpus", Self.corpus ?? "", "--layerfx",
        LayerFXTool.executable.path, "--json",
      ], program: URL(fileURLWithPath: "/usr/bin/env"))
    let report = try #require(
      try JSONSerialization.jsonObject(with: result.outputData) as? [String: Any],
      "\(result.standardError)")
    let summary = try #require(report["summary"] as? [String: Any])
    let rows = try #require(report["rows"] as? [[String: Any]])
    let failing = rows.filter { $0["compiles"] as? Bool != true }
    // The corpus as published (2026-02): 338 shaders; fabric-weave declares `float thread;`.
    #expect(rows.count >= 338)
    #expect(failing.map { $0["slug"] as? String } == ["fabric-weave"], "\(failing)")
    #expect(
      failing.first?["cause"] as? String == "keyword `thread` as a name, named in the message",
      "\(failing.first?["error"] ?? "")")
    #expect(summary["render"] as? Int == rows.count - 1)
    #expect(result.status == 0, "missing the bar: \(summary["candidatesMissing"] ?? "")")
  }
}
