import Foundation
import LayerFXTestSupport
import Testing

/// Issue 24's must-hold for held-out real `[[ stitchable ]]` code: of the functions in public
/// SwiftUI shader repositories (other than Inferno and Archetapp), at least 95 % are listed with
/// the kind and parameters their signatures give, compile as written and render without a fault,
/// an all-transparent image or a hang (`Benchmarks/peers/stitchable_corpus.py`, which exits 1
/// below the bar; what it expects of each function it reads from the source itself).
///
/// Opt-in: needs `LAYERFX_STITCHABLE_CORPUS` (a folder of fetched repositories, one sub-folder
/// each, never copied into this repository) and Python 3 with numpy and Pillow. Takes minutes.
@Suite("Held-out stitchable functions run as written")
struct StitchableCorpusTests {
  static let corpus = ProcessInfo.processInfo.environment["LAYERFX_STITCHABLE_CORPUS"]

  static let hasPythonModules = (try? Pillow.python(["-c", "import numpy, PIL"]).status) == 0

  @Test(
    "at least 95 % of the functions are listed right, compile and render",
    .enabled(if: corpus != nil, "set LAYERFX_STITCHABLE_CORPUS to a folder of repositories"),
    .enabled(if: hasPythonModules, "python3 with numpy and Pillow is not available"))
  func runsAsWritten() throws {
    let script = TestData.packageRoot.appendingPathComponent(
      "Benchmarks/peers/stitchable_corpus.py"
    ).path
    let result = try LayerFXTool.run(
      ["python3", script, "--repos", Self.corpus ?? "", "--layerfx", LayerFXTool.executable.path],
      program: URL(fileURLWithPath: "/usr/bin/env"))
    let report = try #require(
      try JSONSerialization.jsonObject(with: result.outputData) as? [String: Any],
      "\(result.standardError)")
    let summary = try #require(report["summary"] as? [String: Any])
    let heldOut = try #require(summary["heldOut"] as? [String: Any])
    let functions = try #require(heldOut["functions"] as? Int)
    let passed = try #require(heldOut["allThree"] as? Int)
    #expect(functions > 0)
    #expect(Double(passed) >= 0.95 * Double(functions), "\(summary["causes"] ?? "")")
    #expect(result.status == 0)
  }
}
