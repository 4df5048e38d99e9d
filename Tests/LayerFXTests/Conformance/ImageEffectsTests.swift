import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

/// A colour function that scales the colour by `strength` and adds `boundingRect / 100` (so the
/// resolved rectangle shows in the output).
private let scaleFunction = ShaderFunction(
  name: "scaleColor", kind: .color, parameters: [.init("strength", .float), .init("rect", .float4)]
) { arguments in
  let strength = try arguments.float("strength")
  let rect = try arguments.float4("rect")
  return .color { _, color in color * strength + rect / 100 }
}

/// A layer function that reads `offset` points away.
private let shiftFunction = ShaderFunction(
  name: "shift", kind: .layer, parameters: [.init("offset", .float2)]
) { arguments in
  let offset = try arguments.float2("offset")
  return .layer { position, layer in layer.sample(position + offset) }
}

/// A distortion function that reads `offset` points away.
private let moveFunction = ShaderFunction(
  name: "move", kind: .distortion, parameters: [.init("offset", .float2)]
) { arguments in
  let offset = try arguments.float2("offset")
  return .distortion { position in position + offset }
}

@Suite("Image effects")
struct ImageEffectsTests {
  /// Pixels that an `==` comparison cannot tell apart (NaN, −0) or that are out of range.
  let unusual = Image(
    width: 3, height: 1, scale: 2,
    pixels: [half4(.nan, -0.0, 2.5, 1), half4(-0.25, 0.5, 0, 0), half4(1, 1, 1, .infinity)])

  private func bits(_ image: Image) -> [UInt32] {
    image.pixels.flatMap { [$0.x.bitPattern, $0.y.bitPattern, $0.z.bitPattern, $0.w.bitPattern] }
  }

  @Test("isEnabled false returns the input bit for bit, for all three effect kinds")
  func disabledIsIdentity() throws {
    let color = scaleFunction(.float(0.5), .boundingRect)
    let layer = shiftFunction(.float2(float2(1, 0)))
    let distortion = moveFunction(.float2(float2(1, 0)))
    let outputs = [
      try unusual.colorEffect(color, isEnabled: false),
      try unusual.layerEffect(layer, maxSampleOffset: float2(1, 1), isEnabled: false),
      try unusual.distortionEffect(distortion, maxSampleOffset: float2(1, 1), isEnabled: false),
    ]
    for output in outputs {
      #expect(bits(output) == bits(unusual))
      #expect(output.width == 3 && output.height == 1 && output.scale == 2)
    }
    // Enabled, the same shaders do change the image.
    #expect(try bits(unusual.colorEffect(color)) != bits(unusual))
    #expect(try bits(unusual.layerEffect(layer, maxSampleOffset: float2(1, 1))) != bits(unusual))
  }

  @Test(
    "colorEffect passes its arguments and resolves boundingRect to (0, 0, width, height) points")
  func colorEffectArguments() throws {
    // 4 × 2 pixels at scale 2 is 2 × 1 points: rect = (0, 0, 2, 1), rect / 100 = (0, 0, 0.02, 0.01).
    let image = Image(width: 4, height: 2, scale: 2, color: half4(0.5, 0.25, 1, 1))
    let output = try image.colorEffect(scaleFunction(.float(0.5), .boundingRect))
    // (0.5, 0.25, 1, 1) · 0.5 + (0, 0, 0.02, 0.01) = (0.25, 0.125, 0.52, 0.51)
    for pixel in output.pixels {
      #expect(abs(pixel - half4(0.25, 0.125, 0.52, 0.51)).max() <= 1e-6)
    }
    #expect(output.width == 4 && output.height == 2 && output.scale == 2)
  }

  @Test("layerEffect and distortionEffect pad the layer by maxSampleOffset")
  func effectsPadTheLayer() throws {
    // Reading one point right: the last column reads q = 2 on a 2 × 2 image, i.e. the padding
    // (transparent) with maxSampleOffset 1, but the edge pixel again with maxSampleOffset 0.
    let image = Fixtures.twoByTwo
    let offset = Shader.Argument.float2(float2(1, 0))
    let layered = try image.layerEffect(shiftFunction(offset), maxSampleOffset: float2(1, 1))
    let distorted = try image.distortionEffect(moveFunction(offset), maxSampleOffset: float2(1, 1))
    let clamped = try image.layerEffect(shiftFunction(offset), maxSampleOffset: .zero)
    let expected = [Fixtures.topRight, .zero, Fixtures.bottomRight, .zero]
    #expect(layered.pixels == expected)
    #expect(distorted.pixels == expected)
    #expect(
      clamped.pixels == [
        Fixtures.topRight, Fixtures.topRight, Fixtures.bottomRight, Fixtures.bottomRight,
      ])
  }
}
