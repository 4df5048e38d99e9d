import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// Every declared valid range of the colour and distortion kernels refuses a value outside it
/// when the shader is prepared, naming the kernel and the parameter; required parameters must be
/// given.
@Suite struct ColorAndDistortionArgumentErrorTests {
  /// A kernel, an argument outside its valid range, and the parameter it belongs to.
  static let outOfRange: [(ShaderFunction, String, Shader.Argument)] = [
    (.grayscale, "amount", .float(1.5)), (.sepia, "amount", .float(-0.1)),
    (.saturation, "amount", .float(-1)), (.posterize, "levels", .float(1)),
    (.threshold, "level", .float(2)), (.colorPlanes, "channel", .float(3)),
    (.colorMultiply, "color", .color(half4(2, 0, 0, 1))),
    (.wave, "wavelength", .float(0)), (.water, "wavelength", .float(-5)),
    (.pixellate, "cellSize", .float(0)), (.bulge, "strength", .float(1.5)),
    (.twirl, "radius", .float(0)), (.kaleidoscope, "segments", .float(0.5)),
    (.scaleEffect, "scale", .float2(float2(0, 1))), (.scaleEffect, "size", .float2(float2(0, 4))),
    (.rotationEffect, "size", .float2(float2(-1, 4))),
  ]

  /// The arguments every kernel needs besides the one under test.
  static func required(for function: ShaderFunction) -> [String: Shader.Argument] {
    var arguments: [String: Shader.Argument] = [:]
    for parameter in function.parameters where parameter.defaultValue == nil {
      arguments[parameter.name] = .float2(float2(10, 10))
    }
    return arguments
  }

  @Test("a value outside the valid range is refused, naming the parameter")
  func outOfRangeIsRefused() {
    for (function, name, value) in Self.outOfRange {
      var arguments = Self.required(for: function)
      arguments[name] = value
      let shader = Shader(
        function: function, namedArguments: arguments.map { (name: $0.key, value: $0.value) })
      do {
        _ = try shader.prepared(sizeInPoints: float2(20, 20))
        Issue.record("\(function.name).\(name) = \(value) was accepted")
      } catch {
        #expect(error.description.contains(name), "\(function.name): \(error.description)")
        #expect(error.description.contains(function.name), "\(error.description)")
      }
    }
  }

  @Test(
    "the centre and the view size must be given",
    arguments: [
      ("twirl", "center"), ("bulge", "center"), ("kaleidoscope", "center"),
      ("scaleEffect", "size"), ("rotationEffect", "size"),
    ])
  func requiredArgumentsMustBeGiven(kernel: String, parameter: String) throws {
    let function = try ShaderLibrary.default.function(named: kernel)
    #expect(
      throws: ShaderArgumentError.missingArgument(
        function: kernel, parameter: parameter, type: .float2)
    ) { try function().prepared(sizeInPoints: float2(20, 20)) }
  }
}
