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

  /// Writes `t.metal`, a colour effect that multiplies by the `k()` of the header `name`, and
  /// the header with `k()` returning `k`, into `directory`; compiles it with a cache there.
  static func compile(header name: String, k: String, in directory: TemporaryDirectory) throws
    -> MetalLibrary
  {
    let source = """
      #include <metal_stdlib>
      #include "\(name)"
      using namespace metal;
      [[ stitchable ]] half4 tint(float2 position, half4 color) { return color * half(k()); }
      """
    try source.write(toFile: directory.path("t.metal"), atomically: true, encoding: .utf8)
    try "inline float k() { return \(k)f; }\n".write(
      toFile: directory.path(name), atomically: true, encoding: .utf8)
    var options = MetalTestSupport.options
    options.cacheDirectory = directory.path("cache")
    return try MetalLibrary(url: URL(fileURLWithPath: directory.path("t.metal")), options: options)
  }

  // The header's name has the three characters clang escapes in its rule: space, # and $.
  @Test("an edited #include \"x y#$.h\" is compiled again, not served from the cache")
  func editedHeaderRecompiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let image = Image(width: 2, height: 1, color: half4(1, 1, 1, 1))
    // k = 0.5 and then 0.25: the colour 1 becomes k in every channel (exact in binary32).
    for (k, cached) in [("0.5", false), ("0.5", true), ("0.25", false)] {
      let library = try Self.compile(header: "x y#$.h", k: k, in: directory)
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
    let library = try Self.compile(header: "c\\d.h", k: "0.5", in: directory)
    let out = try Image(width: 1, height: 1, color: half4(1, 1, 1, 1))
      .colorEffect(library.library.tint())
    #expect(out.pixels == [half4(0.5, 0.5, 0.5, 0.5)])
  }
}
