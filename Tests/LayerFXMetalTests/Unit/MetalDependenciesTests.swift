import Foundation
import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFXMetal

@Suite("MetalDependencies")
struct MetalDependenciesTests {
  // The rule is written by hand in make's syntax as clang writes it (GNU make manual, "Rule
  // Syntax"; clang writes a space as `\ `, `#` as `\#`, `$` as `$$`, and continues long lines
  // with a `\` before the newline).
  @Test("a make rule gives its prerequisites unescaped, without the target and the cache's files")
  func parsesRule() {
    let rule =
      "lfx: /cache/k.cpp /cache/include-1/metal_stdlib \\\n  /src/x.h \\\n"
      + "  /src/sp\\ ace/y\\#$$.h\tsub/z.h\n"
    let dependencies = MetalDependencies(makeRule: rule, excluding: "/cache")
    #expect(dependencies.paths == ["/src/x.h", "/src/sp ace/y#$.h", "sub/z.h"])
    #expect(MetalDependencies(makeRule: "lfx:\n", excluding: "/cache").paths.isEmpty)
  }

  /// A colour effect that multiplies by the `k()` of `header`.
  static func tint(including header: String) -> String {
    """
    #include <metal_stdlib>
    #include "\(header)"
    using namespace metal;
    [[ stitchable ]] half4 tint(float2 position, half4 color) { return color * half(k()); }
    """
  }

  // The header's name has the three characters clang escapes in its rule: space, # and $.
  @Test("an edited #include \"x y#$.h\" is compiled again, not served from the cache")
  func editedHeaderRecompiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.tint(including: "x y#$.h").write(
      toFile: directory.path("t.metal"), atomically: true, encoding: .utf8)
    let url = URL(fileURLWithPath: directory.path("t.metal"))
    var options = MetalTestSupport.options
    options.cacheDirectory = directory.path("cache")
    let image = Image(width: 2, height: 1, color: half4(1, 1, 1, 1))
    // k = 0.5 and then 0.25: the colour 1 becomes k in every channel (exact in binary32).
    for (k, cached) in [("0.5", false), ("0.5", true), ("0.25", false)] {
      try "inline float k() { return \(k)f; }\n".write(
        toFile: directory.path("x y#$.h"), atomically: true, encoding: .utf8)
      let library = try MetalLibrary(url: url, options: options)
      #expect(library.wasCached == cached, "k = \(k)")
      let out = try image.colorEffect(library.library.tint())
      let value = try #require(Float(k))
      #expect(out.pixels.allSatisfy { $0 == half4(value, value, value, value) }, "k = \(k)")
    }
  }

  @Test("a header whose name the rule cannot spell (a backslash, listed as /) still compiles")
  func unspellableHeader() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.tint(including: "c\\d.h").write(
      toFile: directory.path("t.metal"), atomically: true, encoding: .utf8)
    try "inline float k() { return 0.5f; }\n".write(
      toFile: directory.path("c\\d.h"), atomically: true, encoding: .utf8)
    var options = MetalTestSupport.options
    options.cacheDirectory = directory.path("cache")
    let library = try MetalLibrary(
      url: URL(fileURLWithPath: directory.path("t.metal")), options: options)
    let out = try Image(width: 1, height: 1, color: half4(1, 1, 1, 1))
      .colorEffect(library.library.tint())
    #expect(out.pixels == [half4(0.5, 0.5, 0.5, 0.5)])
  }
}
