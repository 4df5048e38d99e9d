import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

/// A colour-effect kernel written once for every lane width: blends each premultiplied colour
/// toward `tint` (scaled by the pixel's alpha, so it stays premultiplied) by `amount`, then adds
/// `(x / 128, y / 128)` of the pixel's position to red and green, so the output shows both the
/// colour and the position each pixel received.
struct TintKernel: ColorEffect {
  /// The colour blended toward, premultiplied.
  var tint = half4(1, 0, 0, 1)
  /// How far to blend, 0…1.
  var amount: Float = 0.25
  /// Required: no default.
  var gain: Float = 1

  static let parameters: [KernelParameter<TintKernel>] = [
    .color("tint", \.tint, summary: "colour blended toward"),
    .float(
      "amount", \.amount, summary: "blend", unit: .fraction, validRange: .closed(0...1),
      suggestedRange: 0...1),
    .float("gain", \.gain, summary: "factor on the blend", isRequired: true),
  ]

  func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    var result = mix(color, Vector4<F>(tint) * color.a, F(amount) * F(gain))
    result.r = result.r + position.x / 128
    result.g = result.g + position.y / 128
    return result
  }
}

extension ShaderFunction {
  /// ``TintKernel`` as a shader function.
  static let tintKernel = ShaderFunction(
    TintKernel.self, name: "tintKernel", summary: "blend toward a colour")
}

@Suite("ShaderKernel")
struct ShaderKernelTests {
  /// A 13 × 3 linear gradient, pixel (i, j) = (i / 16, j / 16, 0.5, 1), exact in binary32.
  ///
  /// Each row is one batch of 8 lanes and a partial batch of 5.
  let gradient = Fixtures.linearGradient(width: 13, height: 3, step: 1.0 / 16)

  /// The hand computation for pixel (i, j) of ``gradient`` at scale 1 with the default tint
  /// (1, 0, 0, 1), blend `a`: mix(c, tint · 1, a) = c + (tint − c) a, then
  /// red += (i + 0.5) / 128 and green += (j + 0.5) / 128.
  private func expected(_ i: Int, _ j: Int, blend a: Float) -> half4 {
    let (r, g) = (Float(i) / 16, Float(j) / 16)
    return half4(
      r + (1 - r) * a + (Float(i) + 0.5) / 128, g - g * a + (Float(j) + 0.5) / 128,
      0.5 - 0.5 * a, 1)
  }

  @Test("the declaration comes from the kernel: names, types, units, ranges, defaults from init()")
  func declaration() {
    let function = ShaderFunction.tintKernel
    #expect(function.name == "tintKernel" && function.kind == .color)
    #expect(function.parameters.map(\.name) == ["tint", "amount", "gain"])
    #expect(function.parameters.map(\.type) == [.color, .float, .float])
    #expect(function.parameters.map(\.unit) == [.premultipliedRGBA, .fraction, nil])
    #expect(
      function.parameters.map(\.defaultValue) == [.color(half4(1, 0, 0, 1)), .float(0.25), nil])
    #expect(function.parameters[1].validRange == .closed(0...1))
    #expect(function.parameters[1].suggestedRange == 0...1)
  }

  @Test(
    "a colour effect from a ShaderKernel matches the hand computation in both forms and every tiling"
  )
  func matchesHandComputation() throws {
    let shader = ShaderFunction.tintKernel(["gain": .float(2)])
    let prepared = try shader.prepared(for: .color, sizeInPoints: gradient.sizeInPoints)
    #expect(prepared.hasLaneForm)
    #expect(prepared.maxSampleOffset == .zero)
    for renderer in Renderer.tilingMatrix {
      for usesLanes in [true, false] {
        var renderer = renderer
        renderer.usesLaneKernels = usesLanes
        let output = renderer.render(RenderRequest(prepared, source: .image(gradient))).image
        for j in 0..<3 {
          for i in 0..<13 {
            // Blend 0.25 × 2 = 0.5. Tolerance: binary32 rounding of mix and the two additions,
            // a few ulps of values below 2.
            #expect(
              abs(output[i, j] - expected(i, j, blend: 0.5)).max() <= 1e-6,
              "pixel (\(i), \(j)), \(renderer.tilingDescription), lanes \(usesLanes)")
          }
        }
      }
    }
    // Through SwiftUI's modifier, with every argument named.
    let tinted = try gradient.colorEffect(
      ShaderFunction.tintKernel(["amount": .float(1), "gain": .float(0.75)]))
    #expect(abs(tinted[12, 2] - expected(12, 2, blend: 0.75)).max() <= 1e-6)
  }

  @Test("the lane form and the closure form agree bit for bit on a colour effect")
  func formsAgree() throws {
    // This kernel uses only +, −, × and the position, which are correctly rounded at every lane
    // width, so the two forms must give the same bits.
    let image = Fixtures.radialAlpha(width: 29, height: 7, scale: 2)
    let prepared = try ShaderFunction.tintKernel(
      .color(half4(0, 0.5, 0, 0.5)), .float(0.3), .float(1)
    )
    .prepared(sizeInPoints: image.sizeInPoints)
    var closures = Renderer(tileSize: 5, threadCount: 2)
    closures.usesLaneKernels = false
    let lanes = Renderer(tileSize: 5, threadCount: 2).render(
      RenderRequest(prepared, source: .image(image))
    ).image
    #expect(
      lanes.pixels == closures.render(RenderRequest(prepared, source: .image(image))).image.pixels)
  }

  @Test("a kernel's arguments are checked against its declaration")
  func argumentsChecked() {
    let size = gradient.sizeInPoints
    #expect(
      throws: ShaderArgumentError.missingArgument(
        function: "tintKernel", parameter: "gain", type: .float)
    ) {
      try ShaderFunction.tintKernel().prepared(sizeInPoints: size)
    }
    #expect(
      throws: ShaderArgumentError.outOfRange(
        function: "tintKernel", parameter: "amount", value: 1.5, range: .closed(0...1),
        unit: .fraction)
    ) {
      try ShaderFunction.tintKernel(["amount": .float(1.5), "gain": .float(1)]).prepared(
        sizeInPoints: size)
    }
    // A colour argument is premultiplied RGBA in [0, 1].
    #expect(
      throws: ShaderArgumentError.outOfRange(
        function: "tintKernel", parameter: "tint", value: 2, range: .closed(0...1),
        unit: .premultipliedRGBA)
    ) {
      try ShaderFunction.tintKernel(.color(half4(2, 0, 0, 1)), .float(0.5), .float(1)).prepared(
        sizeInPoints: size)
    }
  }

  @Test("lane stores write only the pixels of a partial batch")
  func partialBatchStore() {
    // Lanes hold pixels 0, 2, 4, 6, 1, 3, 5, 7 (the plane order), so pixel p's red is p, its
    // green p + 10, blue p + 20, alpha p + 30.
    let order = SIMD8<Float>(0, 2, 4, 6, 1, 3, 5, 7)
    #expect(FloatLanes8._planeLaneOffsets.simd == order)
    let planes = [
      FloatLanes8(order), FloatLanes8(order + 10), FloatLanes8(order + 20),
      FloatLanes8(order + 30),
    ]
    // Eight pixels that start as (-1, -1, -1, -1), after `_storePlanes` of `count`.
    func stored(count: Int, streaming: Bool) -> [half4] {
      var pixels = [half4](repeating: half4(-1, -1, -1, -1), count: 8)
      planes.withUnsafeBufferPointer { source in
        pixels.withUnsafeMutableBufferPointer { buffer in
          if let from = source.baseAddress, let base = buffer.baseAddress {
            FloatLanes8._storePlanes(from, count: count, to: base, streaming: streaming)
          }
        }
      }
      return pixels
    }
    func isPixel(_ pixel: Int, _ color: half4) -> Bool {
      color == half4(Float(pixel), Float(pixel) + 10, Float(pixel) + 20, Float(pixel) + 30)
    }
    // Stored with count 5, the sixth to eighth pixels are left alone.
    let partial = stored(count: 5, streaming: false)
    #expect(partial[0..<5].enumerated().allSatisfy { isPixel($0.offset, $0.element) })
    #expect(partial[5..<8].allSatisfy { $0 == half4(-1, -1, -1, -1) })
    // Streamed (non-temporal stores), a whole batch stores the same eight pixels.
    #expect(
      stored(count: 8, streaming: true).enumerated().allSatisfy { isPixel($0.offset, $0.element) })
    // And loads read only the first count pixels, transparent black after them.
    var loaded = [FloatLanes8](repeating: FloatLanes8(-1), count: 4)
    partial.withUnsafeBufferPointer { source in
      loaded.withUnsafeMutableBufferPointer { buffer in
        if let from = source.baseAddress, let base = buffer.baseAddress {
          FloatLanes8._loadPlanes(from, count: 3, into: base)
        }
      }
    }
    #expect(loaded[0].simd == SIMD8(0, 2, 0, 0, 1, 0, 0, 0))
    #expect(loaded[3].simd == SIMD8(30, 32, 0, 0, 31, 0, 0, 0))
  }

  @Test("an in-register lane store writes only the pixels of a partial batch")
  func partialBatchRegisterStore() {
    // Lanes in order: lane i is pixel i, with channels i, i + 10, i + 20, i + 30.
    let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
    let colors = Vector4<FloatLanes8>(
      FloatLanes8(lanes), FloatLanes8(lanes + 10), FloatLanes8(lanes + 20),
      FloatLanes8(lanes + 30))
    var stored = [half4](repeating: half4(-1, -1, -1, -1), count: 8)
    stored.withUnsafeMutableBufferPointer { buffer in
      if let base = buffer.baseAddress { FloatLanes8._store(colors, to: base, count: 5) }
    }
    #expect(
      stored[0..<5].enumerated().allSatisfy { lane, color in
        color == half4(Float(lane), Float(lane) + 10, Float(lane) + 20, Float(lane) + 30)
      })
    #expect(stored[5..<8].allSatisfy { $0 == half4(-1, -1, -1, -1) })
  }

  @Test("a distortion's lane store writes only the pixels of a partial batch")
  func partialSampleStore() {
    // A 4 × 1 layer of pixels (x, 0, 0, 1) at x = 0…3, scale 1: the sample at pixel centre
    // (x + 0.5, 0.5) is that pixel exactly (weights 0).
    let image = Image(
      width: 4, height: 1, pixels: (0..<4).map { half4(Float($0), 0, 0, 1) })
    let layer = Layer(image)
    let x = FloatLanes8(SIMD8(0.5, 1.5, 2.5, 3.5, 0.5, 1.5, 2.5, 3.5))
    var stored = [half4](repeating: half4(-1, -1, -1, -1), count: 8)
    stored.withUnsafeMutableBufferPointer { buffer in
      if let base = buffer.baseAddress {
        FloatLanes8._storeSample(layer, at: Vector2(x, FloatLanes8(0.5)), to: base, count: 6)
      }
    }
    #expect(stored[0..<6].map(\.x) == [0, 1, 2, 3, 0, 1])
    #expect(stored[0..<6].allSatisfy { $0.w == 1 })
    #expect(stored[6..<8].allSatisfy { $0 == half4(-1, -1, -1, -1) })
  }

}
