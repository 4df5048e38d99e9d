import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

@Suite("ShaderLibrary.default")
struct ShaderLibraryDefaultTests {
  @Test("the built-in library holds the ripple, reached as in SwiftUI")
  func builtIns() throws {
    let names = ShaderLibrary.default.functions.map(\.name)
    #expect(names.contains("ripple"))
    #expect(names == names.sorted() && Set(names).count == names.count, "sorted, unique")
    // SwiftUI spells it `ShaderLibrary.default.ripple` or `ShaderLibrary.ripple`.
    #expect(ShaderLibrary.default.ripple.name == "ripple")
    #expect(ShaderLibrary.ripple.name == "ripple")
    #expect(ShaderLibrary.ripple.kind == .layer)
    #expect(
      ShaderLibrary.ripple.parameters == ShaderFunction.ripple.parameters
        && ShaderLibrary.default.ripple.parameters == ShaderFunction.ripple.parameters)
    #expect(try ShaderLibrary.default.function(named: "ripple").parameters.count == 6)
  }

  @Test("a shader from the static member renders as one from the function itself")
  func staticMemberRenders() throws {
    let image = Image.testCard(width: 31, height: 17)
    let arguments: [Shader.Argument] = [.float2(float2(10, 8)), .float(0.1)]
    let offset = float2(12, 12)
    let viaLibrary = try image.layerEffect(
      Shader(function: ShaderLibrary.ripple, arguments: arguments), maxSampleOffset: offset)
    let viaFunction = try image.layerEffect(
      Shader(function: .ripple, arguments: arguments), maxSampleOffset: offset)
    #expect(viaLibrary == viaFunction)
    #expect(viaLibrary != image)
  }

  @Test("a misspelt name suggests the ripple")
  func misspelt() {
    #expect(
      throws: ShaderArgumentError.unknownFunction(
        name: "ripples", suggestion: "ripple",
        available: ShaderLibrary.default.functions.map(\.name))
    ) { try ShaderLibrary.default.function(named: "ripples") }
    #expect(
      ShaderArgumentError.unknownFunction(
        name: "ripples", suggestion: "ripple", available: ["ripple"]
      ).description
        == "no shader function named 'ripples'; did you mean 'ripple'? (available: ripple)")
  }
}
