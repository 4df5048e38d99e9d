import Foundation
import LayerFXTestSupport
import Testing

@testable import LayerFXMetal

/// A `.metal` file saved with Windows (CR LF) or classic Mac (CR) line ends is read as clang
/// reads it (new-user trial 9: two CR LF `#include <…>` lines crashed the runner, because a
/// Swift `Character` is a whole CR LF and the line counts disagreed).
@Suite("MetalSource line ends")
struct MetalSourceLineEndTests {
  // clang 21 ends a line at LF, CR LF and a lone CR, and reads LF CR as two line ends: an
  // error on the third line of a file is at line 3 with each of the first three, at line 5
  // with LF CR (checked by hand with `clang++ -fsyntax-only`).
  @Test("CR LF and a lone CR become one LF each, LF CR two, and other bytes stay")
  func unifying() {
    #expect(MetalSource.unifyingLineEnds("a\r\nb\rc\n\rd\n") == "a\nb\nc\n\nd\n")
    #expect(MetalSource.unifyingLineEnds("\r\r\n\r") == "\n\n\n")
    #expect(MetalSource.unifyingLineEnds("é\r\n√\r") == "é\n√\n")
    #expect(MetalSource.unifyingLineEnds("no line end") == "no line end")
  }

  // The trial's file: two stand-in includes, each line ending in CR LF.
  @Test("a CR LF or CR file assembles to the text of its LF twin", arguments: ["\r\n", "\r"])
  func assembledAsLineFeedTwin(lineEnd: String) throws {
    let lines = [
      "#include <metal_stdlib>", "#include <metal_stdlib>", "// a comment \\", "continued",
      "[[ stitchable ]] half4 f(float2 position, half4 color) { return color; }", "",
    ]
    let twin = try MetalSource(
      source: lines.joined(separator: "\n"), path: "t.metal", binary16: false)
    let source = try MetalSource(
      source: lines.joined(separator: lineEnd), path: "t.metal", binary16: false)
    #expect(source.text == twin.text)
    #expect(source.standInHeaders.map(\.line) == [1])
    // The function's line, 5, is where the assembled text's line holding it comes from.
    let assembled = source.text.split(separator: "\n", omittingEmptySubsequences: false)
    let index = try #require(assembled.firstIndex { $0.hasPrefix("[[ stitchable ]]") })
    let location = source.location(ofLine: index + 1)
    #expect(location.file == "t.metal")
    #expect(location.line == 5)
  }
}
