import LayerFX
import LayerFXMath
import Testing

/// A colour function with two parameters, for provoking argument errors.
private let tint = ShaderFunction(
  name: "tint", kind: .color, parameters: [.init("color", .color), .init("strength", .float)]
) { arguments in
  let color = try arguments.color("color")
  let strength = try arguments.float("strength")
  return .color { _, pixel in mix(pixel, color, strength) }
}

/// A layer function with two image parameters, which SwiftUI does not allow.
private let blend = ShaderFunction(
  name: "blend", kind: .layer, parameters: [.init("first", .image), .init("second", .image)]
) { _ in .layer { position, layer in layer.sample(position) } }

/// A function with a required point, a default and a restricted range, as a kernel declares them.
private let wave = ShaderFunction(
  name: "wave", kind: .layer,
  parameters: [
    .init("origin", .float2, unit: .points),
    .init("time", .float, unit: .seconds, validRange: .atLeast(0), defaultValue: .float(0)),
    .init(
      "speed", .float, unit: .pointsPerSecond, validRange: .greaterThan(0),
      defaultValue: .float(1200)),
  ]
) { _ in .layer { position, layer in layer.sample(position) } }

/// A colour function with two fractions, one in 0…1 and one only ≥ 0.
private let fade = ShaderFunction(
  name: "fade", kind: .color,
  parameters: [
    .init("amount", .float, unit: .fraction, validRange: .closed(0...1), defaultValue: .float(1)),
    .init("gain", .float, unit: .fraction, validRange: .atLeast(0), defaultValue: .float(1)),
  ]
) { arguments in
  let amount = try arguments.float("amount")
  let gain = try arguments.float("gain")
  return .color { _, pixel in pixel * amount * gain }
}

/// A function whose kernel reads a parameter it does not declare (a typo in its own code).
private let misspelt = ShaderFunction(
  name: "misspelt", kind: .color, parameters: [.init("strength", .float, defaultValue: .float(1))]
) { arguments in
  let strength = try arguments.float("strenght")
  return .color { _, pixel in pixel * strength }
}

/// A function whose kernel reads a parameter as the wrong type.
private let mistyped = ShaderFunction(
  name: "mistyped", kind: .color, parameters: [.init("strength", .float, defaultValue: .float(1))]
) { arguments in
  let strength = try arguments.float2("strength")
  return .color { _, pixel in pixel * strength.x }
}

@Suite("ShaderArgumentError")
struct ShaderArgumentErrorTests {
  let image = Image(width: 2, height: 2, color: half4(0.5, 0.5, 0.5, 1))
  let red = Shader.Argument.color(half4(1, 0, 0, 1))
  let size = float2(2, 2)

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

  @Test("too many arguments name the parameters and the count given")
  func tooManyArguments() {
    expect(
      .tooManyArguments(function: "tint", parameters: ["color", "strength"], actual: 3),
      message: "tint: takes 2 arguments (color, strength), got 3"
    ) { _ = try image.colorEffect(tint(red, .float(0.5), .float(1))) }
  }

  @Test("a parameter without a default and without an argument is named with its type")
  func missingArgument() {
    expect(
      .missingArgument(function: "tint", parameter: "strength", type: .float),
      message: "tint: argument 'strength' (float) is required"
    ) { _ = try image.colorEffect(tint(red)) }
    expect(
      .missingArgument(function: "wave", parameter: "origin", type: .float2),
      message: "wave: argument 'origin' (float2) is required"
    ) { _ = try wave(["time": .float(1)]).prepared(sizeInPoints: size) }
  }

  @Test("an unknown argument name suggests the nearest parameter and lists them all")
  func unknownParameterWithSuggestion() {
    expect(
      .unknownParameter(
        function: "wave", name: "sped", suggestion: "speed",
        parameters: ["origin", "time", "speed"]),
      message:
        "wave: no parameter named 'sped'; did you mean 'speed'? (parameters: origin, time, speed)"
    ) { _ = try wave(["origin": .float2(.zero), "sped": .float(3)]).prepared(sizeInPoints: size) }
  }

  @Test("an unknown argument name far from every parameter gets no suggestion")
  func unknownParameterWithoutSuggestion() {
    expect(
      .unknownParameter(
        function: "wave", name: "colour", suggestion: nil, parameters: ["origin", "time", "speed"]),
      message: "wave: no parameter named 'colour' (parameters: origin, time, speed)"
    ) { _ = try wave(["origin": .float2(.zero), "colour": red]).prepared(sizeInPoints: size) }
  }

  @Test("an argument to a function without parameters says it takes none")
  func unknownParameterOfParameterlessFunction() {
    #expect(
      ShaderArgumentError.unknownParameter(
        function: "colorInvert", name: "amount", suggestion: nil, parameters: []
      ).description == "colorInvert: no parameter named 'amount' (it takes none)")
  }

  @Test("a kernel reading an undeclared name fails when the shader is prepared, with a suggestion")
  func unknownParameterInKernel() {
    expect(
      .unknownParameter(
        function: "misspelt", name: "strenght", suggestion: "strength", parameters: ["strength"]),
      message: "misspelt: no parameter named 'strenght'; did you mean 'strength'? "
        + "(parameters: strength)"
    ) { _ = try image.colorEffect(misspelt()) }
  }

  @Test("an argument given by position and again by name is rejected")
  func duplicateArgument() {
    expect(
      .duplicateArgument(function: "wave", parameter: "origin"),
      message: "wave: argument 'origin' is given twice"
    ) {
      let shader = Shader(
        function: wave, arguments: [.float2(.zero)],
        namedArguments: [(name: "origin", value: .float2(float2(1, 1)))])
      _ = try shader.prepared(sizeInPoints: size)
    }
    expect(
      .duplicateArgument(function: "wave", parameter: "time"),
      message: "wave: argument 'time' is given twice"
    ) {
      let shader = Shader(
        function: wave,
        namedArguments: [
          (name: "origin", value: .float2(.zero)), (name: "time", value: .float(1)),
          (name: "time", value: .float(2)),
        ])
      _ = try shader.prepared(sizeInPoints: size)
    }
  }

  @Test("an argument of the wrong type names the parameter and both types")
  func wrongType() {
    expect(
      .wrongType(function: "tint", parameter: "strength", expected: .float, actual: .float2),
      message: "tint: argument 'strength' must be float, got float2"
    ) { _ = try image.colorEffect(tint(red, .float2(float2(1, 2)))) }
  }

  @Test("a kernel reading a parameter as another type fails when the shader is prepared")
  func wrongTypeInKernel() {
    expect(
      .wrongType(function: "mistyped", parameter: "strength", expected: .float2, actual: .float),
      message: "mistyped: argument 'strength' must be float2, got float"
    ) { _ = try image.colorEffect(mistyped()) }
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

  @Test("an argument outside its parameter's valid range names the range and unit")
  func outOfRange() {
    expect(
      .outOfRange(
        function: "wave", parameter: "speed", value: 0, range: .greaterThan(0),
        unit: .pointsPerSecond),
      message: "wave: argument 'speed' must be > 0 points per second, got 0"
    ) { _ = try wave(["origin": .float2(.zero), "speed": .float(0)]).prepared(sizeInPoints: size) }
    expect(
      .outOfRange(
        function: "wave", parameter: "time", value: -0.5, range: .atLeast(0), unit: .seconds),
      message: "wave: argument 'time' must be ≥ 0 seconds, got -0.5"
    ) { _ = try wave(.float2(.zero), .float(-0.5)).prepared(sizeInPoints: size) }
  }

  // Before, "must be 0…1 fraction": a fraction is what the value is, not a unit it counts in
  // (trial 13, Q5).
  @Test("an argument outside a fraction's range reads 'must be a fraction in 0…1'")
  func fractionOutOfRange() {
    expect(
      .outOfRange(
        function: "fade", parameter: "amount", value: 2, range: .closed(0...1), unit: .fraction),
      message: "fade: argument 'amount' must be a fraction in 0…1, got 2"
    ) { _ = try fade(["amount": .float(2)]).prepared(sizeInPoints: size) }
    expect(
      .outOfRange(
        function: "fade", parameter: "gain", value: -0.5, range: .atLeast(0), unit: .fraction),
      message: "fade: argument 'gain' must be a fraction ≥ 0, got -0.5"
    ) { _ = try fade(["gain": .float(-0.5)]).prepared(sizeInPoints: size) }
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
      message: "tint is a color effect and cannot be used as a layer effect"
    ) { _ = try image.layerEffect(tint(red, .float(0.5)), maxSampleOffset: .zero) }
  }

  @Test("a NaN, infinite or negative maxSampleOffset throws naming it, as other bad arguments do")
  func invalidMaxSampleOffset() {
    let layer = wave(.float2(float2(4, 4)))
    let distortion = ShaderFunction(name: "shift", kind: .distortion, parameters: []) { _ in
      .distortion { position in position }
    }
    expect(
      .invalidArguments(
        function: "wave",
        reason: "maxSampleOffset must be finite and at least 0 points, got (nan, 0.0)"),
      message: "wave: maxSampleOffset must be finite and at least 0 points, got (nan, 0.0)"
    ) { _ = try image.layerEffect(layer, maxSampleOffset: float2(.nan, 0)) }
    expect(
      .invalidArguments(
        function: "shift",
        reason: "maxSampleOffset must be finite and at least 0 points, got (0.0, -1.0)"),
      message: "shift: maxSampleOffset must be finite and at least 0 points, got (0.0, -1.0)"
    ) { _ = try image.distortionEffect(distortion(), maxSampleOffset: float2(0, -1)) }
    expect(
      .invalidArguments(
        function: "shift",
        reason: "maxSampleOffset must be finite and at least 0 points, got (inf, 0.0)"),
      message: "shift: maxSampleOffset must be finite and at least 0 points, got (inf, 0.0)"
    ) { _ = try image.distortionEffect(distortion(), maxSampleOffset: float2(.infinity, 0)) }
  }

  @Test("an unknown function name suggests the nearest and lists the available ones")
  func unknownFunction() {
    let library = ShaderLibrary([tint, blend, wave])
    expect(
      .unknownFunction(name: "ripple", suggestion: nil, available: ["blend", "tint", "wave"]),
      message: "no shader function named 'ripple' (available: blend, tint, wave)"
    ) { _ = try library.function(named: "ripple") }
    expect(
      .unknownFunction(name: "tnt", suggestion: "tint", available: ["blend", "tint", "wave"]),
      message: "no shader function named 'tnt'; did you mean 'tint'? (available: blend, tint, wave)"
    ) { _ = try library.function(named: "tnt") }
  }
}
