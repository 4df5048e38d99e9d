import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

/// A colour function that writes its three arguments into every pixel,
/// `(origin.x, origin.y, time, speed)`, so a render shows what the kernel received.
private let echo = ShaderFunction(
  name: "echo", kind: .color,
  parameters: [
    .init("origin", .float2, unit: .points),
    .init("time", .float, unit: .seconds, validRange: .atLeast(0), defaultValue: .float(0.5)),
    .init(
      "speed", .float, unit: .pointsPerSecond, validRange: .greaterThan(0),
      defaultValue: .float(1200)),
  ]
) { arguments in
  let origin = try arguments.float2("origin")
  let time = try arguments.float("time")
  let speed = try arguments.float("speed")
  return .color { _, _ in half4(origin.x, origin.y, time, speed) }
}

@Suite("ShaderArguments")
struct ShaderArgumentsTests {
  let image = Image(width: 3, height: 2, color: half4(0, 0, 0, 1))
  let origin = float2(4, 7)

  /// The values the kernel received, read back from the rendered image.
  private func received(_ shader: Shader) throws -> half4 {
    let output = try image.colorEffect(shader)
    #expect(output.pixels.allSatisfy { $0 == output[0, 0] })
    return output[0, 0]
  }

  @Test("positional arguments fill the parameters in order; trailing defaults fill the rest")
  func positional() throws {
    #expect(try received(echo(.float2(origin), .float(2), .float(30))) == half4(4, 7, 2, 30))
    #expect(try received(echo(.float2(origin), .float(2))) == half4(4, 7, 2, 1200))
    #expect(try received(echo(.float2(origin))) == half4(4, 7, 0.5, 1200))
  }

  @Test("named arguments go to their parameters in any order; the others take their defaults")
  func named() throws {
    #expect(
      try received(echo(["speed": .float(30), "origin": .float2(origin)])) == half4(4, 7, 0.5, 30))
    #expect(
      try received(echo(["time": .float(1), "origin": .float2(origin), "speed": .float(5)]))
        == half4(4, 7, 1, 5))
  }

  @Test("positional and named arguments combine")
  func positionalAndNamed() throws {
    let shader = Shader(
      function: echo, arguments: [.float2(origin)],
      namedArguments: [(name: "speed", value: .float(60))])
    #expect(try received(shader) == half4(4, 7, 0.5, 60))
  }

  @Test("the prepared arguments hold one checked value per parameter, read by name")
  func preparedArguments() throws {
    let prepared = try echo(["origin": .float2(origin), "time": .float(3)]).prepared(
      sizeInPoints: image.sizeInPoints)
    #expect(prepared.arguments.parameters.map(\.name) == ["origin", "time", "speed"])
    #expect(prepared.arguments.values == [.float2(origin), .float(3), .float(1200)])
    #expect(try prepared.arguments.float2("origin") == origin)
    #expect(try prepared.arguments.float("time") == 3)
    #expect(try prepared.arguments.argument("speed") == .float(1200))
  }

  @Test("a value on a valid range's closed bound is accepted; an open bound is not")
  func rangeBounds() throws {
    // time ≥ 0 includes 0; speed > 0 excludes 0 but takes the smallest positive Float.
    let shader = echo(.float2(origin), .float(0), .float(.leastNonzeroMagnitude))
    #expect(try received(shader) == half4(4, 7, 0, .leastNonzeroMagnitude))
    #expect(throws: ShaderArgumentError.self) {
      try echo(.float2(origin), .float(0), .float(0)).prepared(sizeInPoints: image.sizeInPoints)
    }
  }

  @Test("boundingRect resolves to (0, 0, width, height) in points when prepared")
  func boundingRect() throws {
    let rect = ShaderFunction(
      name: "rect", kind: .color, parameters: [.init("bounds", .float4)]
    ) { arguments in
      let bounds = try arguments.float4("bounds")
      return .color { _, _ in bounds }
    }
    // 3 × 2 pixels at scale 2 is 1.5 × 1 points.
    let retina = Image(width: 3, height: 2, scale: 2)
    let output = try retina.colorEffect(rect(.boundingRect))
    #expect(output[2, 1] == half4(0, 0, 1.5, 1))
    let prepared = try rect(["bounds": .boundingRect]).prepared(sizeInPoints: float2(8, 6))
    #expect(prepared.arguments.values == [.float4(float4(0, 0, 8, 6))])
  }
}
