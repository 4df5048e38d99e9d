import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXMetal
import LayerFXTestSupport
import LayerFXTesting
import Testing

/// The app's own shaders, as a test target's resources would hold them.
private func appShaders() throws -> ShaderLibrary {
  try MetalLibrary(
    source: ReferenceRecordingTests.tint, path: "App/Tint.metal", options: MetalTestSupport.options
  ).library
}

@Suite("ShaderLibrary.default as the app's own shaders")
struct ShaderLibraryDefaultTests {
  @Test("outside a binding, default is the built-in kernels")
  func builtInByDefault() {
    #expect(
      ShaderLibrary.default.functions.map(\.name) == ShaderLibrary.builtIn.functions.map(\.name))
    #expect(ShaderLibrary.default.functions.contains { $0.name == "ripple" })
  }

  @Test(
    "the shaderLibrary trait makes the app's line compile and run unchanged",
    .shaderLibrary(try appShaders()))
  func traitBindsDefault() throws {
    #expect(ShaderLibrary.default.functions.map(\.name) == ["tint"])
    // The line as the app writes it with SwiftUI.
    let amount: Double = 1
    let shader = ShaderLibrary.default.tint(.float(amount))
    let white = Image(width: 1, height: 1, color: half4(1, 1, 1, 1))
    let tinted = try white.colorEffect(shader)
    // mix(white, red, 1) = red.
    #expect(tinted.pixels[0] == half4(1, 0, 0, 1))
  }

  @Test("withDefault binds the library for its operation only")
  func withDefaultScope() throws {
    let library = try appShaders()
    let inside = ShaderLibrary.withDefault(library) { ShaderLibrary.default.functions.map(\.name) }
    #expect(inside == ["tint"])
    #expect(ShaderLibrary.default.functions.count == ShaderLibrary.builtIn.functions.count)
  }

  @Test("a folder's .metal files become one library; a name declared twice is refused")
  func metalFilesInFolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.path("Shaders/Color"), withIntermediateDirectories: true)
    try ReferenceRecordingTests.tint.write(
      toFile: directory.path("Shaders/Color/Tint.metal"), atomically: true, encoding: .utf8)
    let invert = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 invert(float2 position, half4 color) {
        return half4(color.a - color.rgb, color.a);
      }
      """
    try invert.write(
      toFile: directory.path("Shaders/Invert.metal"), atomically: true, encoding: .utf8)
    let library = try ShaderLibrary(
      metalFilesIn: directory.url.appendingPathComponent("Shaders"),
      options: MetalTestSupport.options)
    #expect(library.functions.map(\.name) == ["invert", "tint"])
    try ReferenceRecordingTests.tint.write(
      toFile: directory.path("Shaders/Tint2.metal"), atomically: true, encoding: .utf8)
    // Two files declaring tint make no library.
    #expect(throws: MetalCompileError.self) {
      try ShaderLibrary(
        metalFilesIn: directory.url.appendingPathComponent("Shaders"),
        options: MetalTestSupport.options)
    }
    #expect(throws: MetalResourcesError.noMetalFiles(folder: directory.path("Shaders/Color/none")))
    {
      try ShaderLibrary(metalFilesIn: URL(fileURLWithPath: directory.path("Shaders/Color/none")))
    }
  }

  @Test("a helper defined in one resource file is called from another, as in one metallib")
  func helperAcrossFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try """
    #include <metal_stdlib>
    using namespace metal;
    half4 halve(half4 color) { return color * 0.5h; }
    """.write(toFile: directory.path("Helpers.metal"), atomically: true, encoding: .utf8)
    try """
    #include <metal_stdlib>
    using namespace metal;
    half4 halve(half4 color);
    [[ stitchable ]] half4 dim(float2 position, half4 color) { return halve(color); }
    """.write(toFile: directory.path("Dim.metal"), atomically: true, encoding: .utf8)
    let library = try ShaderLibrary(metalFilesIn: directory.url, options: MetalTestSupport.options)
    let white = Image(width: 1, height: 1, color: half4(1, 1, 1, 1))
    // 1 × 0.5 on every channel, alpha too (premultiplied).
    #expect(try white.colorEffect(library.dim()).pixels[0] == half4(0.5, 0.5, 0.5, 0.5))
  }
}
