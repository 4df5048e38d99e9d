import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXMetal
import LayerFXTesting
import Testing

@Suite("a misspelt shader function fails its own test, with a did-you-mean")
struct UnknownFunctionTests {
  @Test("a misspelt member of a compiled .metal library throws when the shader is used")
  func metalLibraryMember() throws {
    let library = try MetalLibrary(
      source: ReferenceRecordingTests.tint, path: "tint.metal", options: MetalTestSupport.options)
    // A trap here would end the test process: this test and every later one would not report.
    let shader = library.library.tnit(.float(0.3))
    #expect(
      throws: ShaderArgumentError.unknownFunction(
        name: "tnit", suggestion: "tint", available: ["tint"])
    ) {
      try renderEffect(shader, on: .testCard(width: 8, height: 8))
    }
    #expect(
      ShaderArgumentError.unknownFunction(name: "tnit", suggestion: "tint", available: ["tint"])
        .description == "no shader function named 'tnit'; did you mean 'tint'? (available: tint)")
  }

  @Test("a stitchable function SwiftUI cannot call is named with why, not as missing")
  func uncallableMember() throws {
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 tint(float2 position, half4 color, float amount) { return color; }
      [[ stitchable ]] half4 scaled(float2 position, half4 color, int count) { return color; }
      """
    let library = try MetalLibrary(
      source: source, path: "scaled.metal", options: MetalTestSupport.options)
    // MetalLibrary.uncallable: naming such a function throws why; a library user's lookup said
    // "no shader function named 'scaled' (available: tint)" of a function the file holds.
    let reason =
      "scaled.metal:4: not callable from SwiftUI: parameter 'count' has type 'int', "
      + "which SwiftUI cannot pass"
    let error = ShaderArgumentError.invalidArguments(function: "scaled", reason: reason)
    #expect(throws: error) {
      try renderEffect(library.library.scaled(.float(2)), on: .testCard(width: 8, height: 8))
    }
    #expect(throws: error) { try library.library.function(named: "scaled") }
    #expect(library.library.functions.map(\.name) == ["tint"])
  }

  @Test("the lookup error comes before the effect kind's: a misspelt layer effect names itself")
  func builtInMember() {
    let image = Image.testCard(width: 8, height: 8)
    #expect(throws: ShaderArgumentError.self) {
      try image.layerEffect(ShaderLibrary.Ripplee(), maxSampleOffset: float2(12, 12))
    }
    do {
      _ = try image.layerEffect(ShaderLibrary.default.Ripplee(), maxSampleOffset: float2(12, 12))
      Issue.record("a misspelt function rendered")
    } catch {
      guard case .unknownFunction(let name, let suggestion, _) = error else {
        Issue.record("expected unknownFunction, got \(error)")
        return
      }
      #expect(name == "Ripplee")
      #expect(suggestion == "ripple")
    }
  }

  @Test("a misspelt function in one test leaves the others of the run reporting")
  func otherTestsStillRun() throws {
    // The failing use, as a user's test would write it, recorded as a known issue here.
    withKnownIssue("no function named Ripplee") {
      _ = try renderEffect(
        ShaderLibrary.Ripplee(.float2(4, 4)), on: .testCard(width: 8, height: 8))
    }
    // The same process goes on: a correct shader still renders.
    let rendered = try renderEffect(
      ShaderLibrary.ripple(.float2(4, 4), .float(0.0)), on: .testCard(width: 8, height: 8),
      maxSampleOffset: CGSize(width: 12, height: 12))
    #expect(rendered.width == 8)
  }
}
