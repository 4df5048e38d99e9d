import LayerFX
import LayerFXMath
import Testing

/// A colour function with two parameters, for provoking argument errors.
private let tint = ShaderFunction(
  name: "tint", kind: .color, parameters: [.init("color", .color), .init("strength", .float)]
) { arguments in
  let color = arguments.color(0)
  let strength = arguments.float(1)
  return .color { _, pixel in mix(pixel, color, strength) }
}

/// A layer function with two image parameters, which SwiftUI does not allow.
private let blend = ShaderFunction(
  name: "blend", kind: .layer, parameters: [.init("first", .image), .init("second", .image)]
) { _ in .layer { position, layer in layer.sample(position) } }

@Suite("ShaderArgumentError")
struct ShaderArgumentErrorTests {
  let image = Image(width: 2, height: 2, color: half4(0.5, 0.5, 0.5, 1))
  let red = Shader.Argument.color(half4(1, 0, 0, 1))

  /// Checks that `body` throws `expected` and that its description is `message`, on one line.
  private func expect(
    _ expected: ShaderArgumentError, message: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
  ) {
    let error = #expect(throws: ShaderArgumentError.self, sourceLocation: sourceLocation) {
      try body()
    }
    #expect(error == expected, sourceLocation: sourceLocation)
    #expect(error?.description == message, sourceLocation: sourceLocation)
    #expect(error?.description.contains("\n") == false, sourceLocation: sourceLocation)
  }

  @Test("too few arguments name the expected parameters and the count given")
  func wrongCount() {
    expect(
      .wrongCount(function: "tint", expected: ["color", "strength"], actual: 1),
      message: "tint: expected 2 arguments (color, strength), got 1"
    ) { _ = try image.colorEffect(tint(red)) }
  }

  @Test("an argument of the wrong type names the parameter and both types")
  func wrongType() {
    expect(
      .wrongType(function: "tint", parameter: "strength", expected: .float, actual: .float2),
      message: "tint: argument 'strength' must be float, got float2"
    ) { _ = try image.colorEffect(tint(red, .float2(float2(1, 2)))) }
  }

  @Test("a NaN argument is rejected and named")
  func notFinite() {
    let error = #expect(throws: ShaderArgumentError.self) {
      try image.colorEffect(tint(red, .float(.nan)))
    }
    // NaN ≠ NaN, so the case is matched by pattern rather than by ==.
    guard case .notFinite(let function, let parameter, let value)? = error else {
      Issue.record("expected notFinite, got \(String(describing: error))")
      return
    }
    #expect(function == "tint" && parameter == "strength" && value.isNaN)
    #expect(error?.description == "tint: argument 'strength' must be finite, got nan")
  }

  @Test("two image arguments are rejected")
  func tooManyImages() {
    expect(
      .tooManyImages(function: "blend", count: 2),
      message: "blend: at most one image argument is allowed, got 2"
    ) { _ = try image.layerEffect(blend(.image(image), .image(image)), maxSampleOffset: .zero) }
  }

  @Test("a colour function used as a layer effect is rejected")
  func wrongEffectKind() {
    expect(
      .wrongEffectKind(function: "tint", declared: .color, used: .layer),
      message: "tint: is a color effect and cannot be used as a layer effect"
    ) { _ = try image.layerEffect(tint(red, .float(0.5)), maxSampleOffset: .zero) }
  }

  @Test("an unknown function name lists the available ones")
  func unknownFunction() {
    let library = ShaderLibrary([tint, blend])
    expect(
      .unknownFunction(name: "ripple", available: ["blend", "tint"]),
      message: "no shader function named 'ripple' (available: blend, tint)"
    ) { _ = try library.function(named: "ripple") }
  }
}
