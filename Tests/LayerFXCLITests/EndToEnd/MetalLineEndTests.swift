import Foundation
import LayerFXTestSupport
import Testing

/// `.metal` files saved with Windows (CR LF) or classic Mac (CR) line ends, through the built
/// binary: new-user trial 9 found that two CR LF `#include <…>` lines, as every SwiftUI shader
/// starts, crashed layerfx with a Swift runtime failure.
@Suite("layerfx with CR LF .metal files")
struct MetalLineEndTests {
  /// `text` with each LF replaced by `lineEnd`.
  static func withLineEnds(_ text: String, _ lineEnd: String) -> String {
    text.replacing("\n", with: lineEnd)
  }

  @Test("a CR LF copy of Ripple.metal lists as the original and renders the same bytes")
  func rippleTwin() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let original = try String(contentsOfFile: MetalCommandTests.ripple, encoding: .utf8)
    try original.write(toFile: directory.path("lf.metal"), atomically: true, encoding: .utf8)
    try Self.withLineEnds(original, "\r\n").write(
      toFile: directory.path("crlf.metal"), atomically: true, encoding: .utf8)
    var outputs: [Data] = []
    for name in ["lf", "crlf"] {
      let list = try LayerFXTool.run(["list", directory.path(name + ".metal")])
      #expect(list.status == 0, "\(list.standardError)")
      // The function's line is the original's: Ripple is declared on line 30 of both.
      #expect(list.standardOutput.hasPrefix("Ripple (layer effect, line 30)\n"))
      outputs.append(list.outputData)
      let apply = try LayerFXTool.run([
        "apply", directory.path(name + ".metal") + ":Ripple", "testcard:64x48", "--arg",
        "amplitude=12", "--arg", "frequency=15", "--arg", "decay=8", "--arg", "speed=1200",
        "--arg", "time=0.2", "--max-sample-offset", "12,12", "-o", directory.path(name + ".png"),
      ])
      #expect(apply.status == 0, "\(apply.standardError)")
    }
    #expect(outputs[0] == outputs[1])
    let images = try ["lf", "crlf"].map {
      try Data(contentsOf: URL(fileURLWithPath: directory.path($0 + ".png")))
    }
    #expect(!images[0].isEmpty && images[0] == images[1])
  }

  // `missing` is on the source's fourth line, at column 18 (`  return color * ` is 17
  // characters). clang 21, given these bytes, reports line 4 for CR LF and CR line ends and
  // line 7 for LF CR, which it reads as two line ends (checked with clang++ -fsyntax-only).
  @Test(
    "a compile error in a CR LF, CR or LF CR file is reported at clang's line",
    arguments: [("\r\n", 4), ("\r", 4), ("\n\r", 7)])
  func compileErrorLine(lineEnd: String, line: Int) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = """
      #include <metal_stdlib>
      #include <SwiftUI/SwiftUI_Metal.h>
      [[ stitchable ]] half4 f(float2 position, half4 color) {
        return color * missing;
      }

      """
    let result = try MetalCommandTests.applyRefused(
      Self.withLineEnds(source, lineEnd), as: "e.metal", in: directory)
    let expected: String =
      "layerfx: error: \(directory.path("e.metal")):\(line):18: error: "
      + "use of undeclared identifier 'missing'"
    #expect(result.errorLines == [expected])
  }

  // The header defines a function, so a second copy would be a redefinition: its own CR LF
  // include guard must hold. Its error is on its fourth line, column 10 (`  return ` is 9).
  @Test("a CR LF header included twice through #include \"h.h\" compiles, its errors at its lines")
  func header() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let main = """
      #include <metal_stdlib>
      #include <metal_stdlib>
      #include "h.h"
      #include "h.h"
      [[ stitchable ]] half4 f(float2 position, half4 color) { return color * k(); }

      """
    try Self.withLineEnds(main, "\r\n").write(
      toFile: directory.path("m.metal"), atomically: true, encoding: .utf8)
    let header = "#ifndef H\n#define H\nhalf k() {\n  return 0.5h;\n}\n#endif\n"
    try Self.withLineEnds(header, "\r\n").write(
      toFile: directory.path("h.h"), atomically: true, encoding: .utf8)
    let list = try LayerFXTool.run(["list", directory.path("m.metal")])
    #expect(list.status == 0, "\(list.standardError)")
    #expect(list.standardOutput.hasPrefix("f (color effect, line 5)\n"))
    let broken = "#ifndef H\n#define H\nhalf k() {\n  return nothing;\n}\n#endif\n"
    try Self.withLineEnds(broken, "\r\n").write(
      toFile: directory.path("h.h"), atomically: true, encoding: .utf8)
    let failed = try LayerFXTool.run(["list", directory.path("m.metal")])
    #expect(failed.status == 65)
    let expected: String =
      "layerfx: error: \(directory.path("h.h")):4:10: error: "
      + "use of undeclared identifier 'nothing'"
    #expect(failed.errorLines.first == expected)
  }
}
