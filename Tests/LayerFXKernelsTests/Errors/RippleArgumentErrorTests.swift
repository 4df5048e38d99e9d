import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

// The ripple's arguments by position and by name (Documentation/Semantics.md §5: origin, time, amplitude,
// frequency, decay, speed, in that order; amplitude 12, frequency 15, decay 8, speed 1200 by
// default), and every way they can be wrong.

@Suite("ripple arguments")
struct RippleArgumentErrorTests {
  let image = Fixtures.radialAlpha(width: 29, height: 19)
  let origin = float2(9, 7)

  private func render(_ shader: Shader) throws -> Image {
    try image.layerEffect(shader, maxSampleOffset: float2(12, 12))
  }

  /// Checks that preparing `shader` throws `expected`, whose description is `message`.
  private func expect(
    _ shader: Shader, throws expected: ShaderArgumentError, message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = #expect(throws: ShaderArgumentError.self, sourceLocation: sourceLocation) {
      try shader.prepared(for: .layer, sizeInPoints: image.sizeInPoints)
    }
    #expect(error == expected, sourceLocation: sourceLocation)
    #expect(error?.description == message, sourceLocation: sourceLocation)
  }

  @Test("named, positional and defaulted arguments give the same ripple")
  func byNameAndPosition() throws {
    let positional = try render(
      ShaderLibrary.ripple(
        .float2(origin), .float(0.1), .float(12), .float(15), .float(8), .float(1200)))
    let defaults = try render(ShaderLibrary.ripple(.float2(origin), .float(0.1)))
    let named = try render(ShaderLibrary.ripple(["time": .float(0.1), "origin": .float2(origin)]))
    let mixed = try render(
      Shader(
        function: .ripple, arguments: [.float2(origin)],
        namedArguments: [(name: "speed", value: .float(1200)), (name: "time", value: .float(0.1))]))
    #expect(positional != image)
    #expect(defaults == positional)
    #expect(named == positional)
    #expect(mixed == positional)
    // A named argument does change the ripple.
    let slow = try render(
      ShaderLibrary.ripple(["origin": .float2(origin), "time": .float(0.1), "speed": .float(60)]))
    #expect(slow != positional)
  }

  @Test("an unknown name suggests the nearest parameter")
  func unknownName() {
    expect(
      ShaderLibrary.ripple(["origin": .float2(origin), "amplitud": .float(4)]),
      throws: .unknownParameter(
        function: "ripple", name: "amplitud", suggestion: "amplitude",
        parameters: ["origin", "time", "amplitude", "frequency", "decay", "speed"]),
      message: "ripple: no parameter named 'amplitud'; did you mean 'amplitude'? "
        + "(parameters: origin, time, amplitude, frequency, decay, speed)")
  }

  @Test("an argument given twice is rejected")
  func duplicate() {
    expect(
      Shader(
        function: .ripple, arguments: [.float2(origin), .float(0.1)],
        namedArguments: [(name: "time", value: .float(0.2))]),
      throws: .duplicateArgument(function: "ripple", parameter: "time"),
      message: "ripple: argument 'time' is given twice")
  }

  @Test("the tap's origin has no default and must be given")
  func missingOrigin() {
    // Documentation/Semantics.md §5 gives defaults for amplitude, frequency, decay and speed only; where the
    // tap landed is the caller's to say.
    expect(
      ShaderLibrary.ripple(["time": .float(0.1)]),
      throws: .missingArgument(function: "ripple", parameter: "origin", type: .float2),
      message: "ripple: argument 'origin' (float2) is required")
  }

  // A negative decay would grow the wave past amplitude, beyond the declared maxSampleOffset.
  @Test("speed 0 is out of range (it divides the distance); so are a negative time and decay")
  func outOfRange() {
    expect(
      ShaderLibrary.ripple(["origin": .float2(origin), "time": .float(0.1), "speed": .float(0)]),
      throws: .outOfRange(
        function: "ripple", parameter: "speed", value: 0, range: .greaterThan(0),
        unit: .pointsPerSecond),
      message: "ripple: argument 'speed' must be > 0 points per second, got 0")
    expect(
      ShaderLibrary.ripple(
        .float2(origin), .float(0.1), .float(12), .float(15), .float(8), .float(-300)),
      throws: .outOfRange(
        function: "ripple", parameter: "speed", value: -300, range: .greaterThan(0),
        unit: .pointsPerSecond),
      message: "ripple: argument 'speed' must be > 0 points per second, got -300")
    expect(
      ShaderLibrary.ripple(.float2(origin), .float(-1)),
      throws: .outOfRange(
        function: "ripple", parameter: "time", value: -1, range: .atLeast(0), unit: .seconds),
      message: "ripple: argument 'time' must be ≥ 0 seconds, got -1")
    expect(
      ShaderLibrary.ripple(["origin": .float2(origin), "time": .float(0.1), "decay": .float(-10)]),
      throws: .outOfRange(
        function: "ripple", parameter: "decay", value: -10, range: .atLeast(0), unit: .perSecond),
      message: "ripple: argument 'decay' must be ≥ 0 per second, got -10")
  }

  @Test("too many arguments and a wrong type are named")
  func countAndType() {
    expect(
      ShaderLibrary.ripple(
        .float2(origin), .float(0.1), .float(12), .float(15), .float(8), .float(1200), .float(1)),
      throws: .tooManyArguments(
        function: "ripple",
        parameters: ["origin", "time", "amplitude", "frequency", "decay", "speed"], actual: 7),
      message:
        "ripple: takes 6 arguments (origin, time, amplitude, frequency, decay, speed), got 7")
    expect(
      ShaderLibrary.ripple(.float(9), .float(0.1)),
      throws: .wrongType(
        function: "ripple", parameter: "origin", expected: .float2, actual: .float),
      message: "ripple: argument 'origin' must be float2, got float")
  }
}
