import Foundation
import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFXMetal

/// Includes resolved by the runner (issue 24, Build item 1): every included file is rewritten
/// as Metal reads it, `#pragma once` and include guards hold, and the cache sees every byte.
@Suite("MetalSource")
struct MetalSourceTests {
  /// Writes `files` (name → text) into `directory` and compiles `main` with a cache there.
  static func compile(_ main: String, _ files: [String: String], in directory: TemporaryDirectory)
    throws -> MetalLibrary
  {
    for (name, text) in files {
      let path = directory.path(name)
      try FileManager.default.createDirectory(
        atPath: MetalSource.folder(of: path), withIntermediateDirectories: true)
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    var options = MetalTestSupport.options
    options.cacheDirectory = directory.path("cache")
    return try MetalLibrary(url: URL(fileURLWithPath: directory.path(main)), options: options)
  }

  static let white = Image(width: 2, height: 1, color: half4(1, 1, 1, 1))

  // 0.5h is a half literal and 0.5 * 0.5 = 0.25 exactly; without the rewrite clang rejects
  // the `h` suffix in the header.
  @Test("an included header's half literals and unsuffixed literals compile as in Metal")
  func halfLiteralsInHeader() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try Self.compile(
      "t.metal",
      [
        "t.metal": """
        #include <metal_stdlib>
        #include "inc/k.h"
        [[ stitchable ]] half4 tint(float2 position, half4 color) { return color * k(); }
        """,
        "inc/k.h": "inline half k() { return 0.5h * 0.5; }\n",
      ], in: directory)
    let out = try Self.white.colorEffect(library.library.tint())
    #expect(out.pixels == [half4(0.25, 0.25, 0.25, 0.25), half4(0.25, 0.25, 0.25, 0.25)])
  }

  // A header defining a non-inline function: a second copy would be a redefinition error.
  @Test("a header with #pragma once included twice, directly and through another, is read once")
  func pragmaOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try Self.compile(
      "t.metal",
      [
        "t.metal": """
        #include "k.h"
        #include "other.h"
        #include "k.h"
        [[ stitchable ]] half4 tint(float2 position, half4 color) { return color * half(k()); }
        """,
        "k.h": "#pragma once\nstatic float k() { return 0.5; }\n",
        "other.h": "#include \"k.h\"\n",
      ], in: directory)
    let out = try Self.white.colorEffect(library.library.tint())
    #expect(out.pixels.allSatisfy { $0 == half4(0.5, 0.5, 0.5, 0.5) })
  }

  // The layer effect's probing copy is a unit of its own: before, it saw the guard defined by
  // the first copy and lost the header's function ("use of undeclared identifier").
  @Test("a header with an include guard works in a layer effect, in the row and probing forms")
  func guardInLayerEffect() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try Self.compile(
      "t.metal",
      [
        "t.metal": """
        #include <metal_stdlib>
        #include <SwiftUI/SwiftUI_Metal.h>
        #include "k.h"
        [[ stitchable ]] half4 dim(float2 position, SwiftUI::Layer layer) {
          return layer.sample(position) * k();
        }
        """,
        "k.h": "#ifndef K_H\n#define K_H\nstatic half k() { return 0.5h; }\n#endif\n",
      ], in: directory)
    let shader = library.library.dim()
    // A uniform white layer sampled anywhere is white; times 0.5.
    let fast = try Self.white.layerEffect(shader, maxSampleOffset: float2(0, 0))
    #expect(fast.pixels.allSatisfy { $0 == half4(0.5, 0.5, 0.5, 0.5) })
    // The row form needs no probing copy: one shared object so far, two after the per-pixel
    // form (MetalProbe compiles the copy when first needed).
    func objects() throws -> Int {
      try FileManager.default.contentsOfDirectory(atPath: directory.path("cache"))
        .filter { $0.hasSuffix(".so") }.count
    }
    #expect(try objects() == 1)
    // The per-pixel form (as the bounds checker runs it) calls the probing unit.
    var renderer = Renderer()
    renderer.usesLaneKernels = false
    let probed = try Self.white.layerEffect(
      shader, maxSampleOffset: float2(0, 0), renderer: renderer)
    #expect(probed.pixels.allSatisfy { $0 == half4(0.5, 0.5, 0.5, 0.5) })
    #expect(try objects() == 2)
  }

  @Test("an edited header compiles again instead of coming from the cache")
  func editedHeaderRecompiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let main = """
      #include "x y#$.h"
      [[ stitchable ]] half4 tint(float2 position, half4 color) { return color * half(k()); }
      """
    // k = 0.5 and then 0.25: the colour 1 becomes k in every channel (exact in binary32).
    for (k, cached) in [("0.5", false), ("0.5", true), ("0.25", false)] {
      let library = try Self.compile(
        "t.metal", ["t.metal": main, "x y#$.h": "inline float k() { return \(k); }\n"],
        in: directory)
      #expect(library.wasCached == cached, "k = \(k)")
      let value = try #require(Float(k))
      let out = try Self.white.colorEffect(library.library.tint())
      #expect(out.pixels.allSatisfy { $0 == half4(value, value, value, value) }, "k = \(k)")
    }
  }

  @Test("a diagnostic in an included file names that file, its line and its original column")
  func diagnosticInHeader() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Line 2 of k.h; `nope` starts at column 39 as written, counted by hand (the rewrite adds
    // two `f`s before it).
    let header = "// k\ninline float k() { return 0.5 * 2.0 + nope; }\n"
    let error = #expect(throws: MetalCompileError.self) {
      try Self.compile(
        "t.metal",
        [
          "t.metal": "#include \"k.h\"\n"
            + "[[ stitchable ]] half4 t(float2 position, half4 color) { return color; }\n",
          "k.h": header,
        ],
        in: directory)
    }
    guard case .compileFailed(let diagnostics, _) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    let first = try #require(diagnostics.first)
    #expect(first.file == directory.path("k.h"))
    #expect(first.line == 2)
    #expect(first.column == 39)
  }

  // Xcode compiles `#include "../Shared/k.h"` from any folder of the target; the project's root
  // (here the folder with Package.swift) bounds the tree, and 0.5 × 0.5 = 0.25 exactly.
  @Test("a header in a parent folder of the shader's project is included as in Xcode")
  func headerInProjectParentFolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let library = try Self.compile(
      "Sources/Effects/t.metal",
      [
        "Package.swift": "// swift-tools-version:6.0\n",
        "Sources/Effects/t.metal": """
        #include "../Shared/k.h"
        [[ stitchable ]] half4 tint(float2 position, half4 color) { return color * k(); }
        """,
        "Sources/Shared/k.h": "inline half k() { return 0.5h * 0.5; }\n",
      ], in: directory)
    let out = try Self.white.colorEffect(library.library.tint())
    #expect(out.pixels == [half4(0.25, 0.25, 0.25, 0.25), half4(0.25, 0.25, 0.25, 0.25)])
    #expect(
      MetalSource.projectRoot(
        containing: try #require(MetalSource.realPath(directory.path("Sources/Effects"))))
        == MetalSource.realPath(directory.path))
    // The project's other files stay out of reach: only its Metal sources and headers join.
    try "secret\n".write(
      toFile: directory.path("Sources/notes.txt"), atomically: true, encoding: .utf8)
    let folder = try #require(MetalSource.realPath(directory.path("Sources/Effects")))
    let notes = try #require(MetalSource.realPath(directory.path("Sources/notes.txt")))
    #expect(
      throws: MetalCompileError.include(
        file: directory.path("Sources/Effects/n.metal"), line: 1,
        message: "#include \"../notes.txt\" refused: \(notes) is outside the shader's folder "
          + "tree \(folder)")
    ) {
      _ = try Self.compile(
        "Sources/Effects/n.metal",
        [
          "Sources/Effects/n.metal": """
          #include "../notes.txt"
          [[ stitchable ]] half4 tint(float2 position, half4 color) { return color; }
          """
        ], in: directory)
    }
  }

  @Test("a library of two files: a helper declared in one and defined in the other")
  func helperInAnotherFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try "float half_of(float x) { return x * 0.5; }\n".write(
      toFile: directory.path("Helpers.metal"), atomically: true, encoding: .utf8)
    try """
    float half_of(float x);
    [[ stitchable ]] half4 tint(float2 position, half4 color) { return color * half(half_of(0.5)); }
    """.write(toFile: directory.path("Tint.metal"), atomically: true, encoding: .utf8)
    var options = MetalTestSupport.options
    options.cacheDirectory = directory.path("cache")
    // The folder stands for both files.
    let library = try MetalLibrary(urls: [directory.url], options: options)
    #expect(
      library.files.map { URL(fileURLWithPath: $0).lastPathComponent }
        == ["Helpers.metal", "Tint.metal"])
    let out = try Self.white.colorEffect(library.library.tint())
    #expect(out.pixels.allSatisfy { $0 == half4(0.25, 0.25, 0.25, 0.25) })
  }

  @Test("typedef and using aliases give parameters their kind and type")
  func aliases() throws {
    let source = """
      typedef float2 vec2f;
      using color_t = half4;
      [[ stitchable ]] color_t f(vec2f position, color_t color, vec2f offset) { return color; }
      """
    let (signatures, problems) = MetalSignature.find(in: source)
    #expect(problems.isEmpty)
    #expect(signatures.map(\.kind) == [.color])
    #expect(signatures.first?.parameters.map(\.type) == [.float2])
    #expect(signatures.first?.parameters.map(\.metalType) == ["vec2f"])
  }

  // The glue declares the argument outside the namespace that declares the alias, so the
  // alias must be gone from the resolved type, template arguments included.
  @Test("an alias inside a template's arguments is resolved: texture2d<f16, access::sample>")
  func aliasInTemplateArguments() {
    #expect(
      MetalSignature.resolved("texture2d<f16, access::sample>", ["f16": "half"])
        == "texture2d < half , access::sample >")
    #expect(MetalSignature.resolved("device const f16 *", ["f16": "half"]) == "device const half *")
  }

  @Test("fragment, vertex and kernel functions beside a stitchable one are skipped by discovery")
  func pipelineFunctionsSkipped() {
    let source = """
      struct VertexOut { float4 position [[position]]; float2 uv; };
      vertex VertexOut v(uint id [[vertex_id]], device const float2 *p [[buffer(0)]]) { return {}; }
      fragment float4 frag(VertexOut in [[stage_in]], texture2d<half> t [[texture(0)]]) { return 0; }
      kernel void k(uint2 gid [[thread_position_in_grid]]) {}
      [[ stitchable ]] half4 tint(float2 position, half4 color) { return color; }
      """
    let (signatures, problems) = MetalSignature.find(in: source)
    #expect(problems.isEmpty)
    #expect(signatures.map(\.name) == ["tint"])
    #expect(signatures.first?.line == 5)
  }
}
