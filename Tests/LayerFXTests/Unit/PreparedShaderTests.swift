import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Synchronization
import Testing

/// How many times ``countingShift``'s kernel has been made; only ``PreparedShaderTests/reuse()``
/// uses that function, so no other test (running in parallel) moves the count.
private let kernelsMade = Atomic<Int>(0)

/// A layer function that reads `offset` points away and declares `|offset|` as its
/// maxSampleOffset.
private let shift = ShaderFunction(
  name: "shift", kind: .layer, parameters: [.init("offset", .float2)],
  maxSampleOffset: { arguments in
    try abs(arguments.float2("offset"))
  }
) { arguments in
  let offset = try arguments.float2("offset")
  return .layer { position, layer in layer.sample(position + offset) }
}

/// ``shift``, counting how often its kernel is made.
private let countingShift = ShaderFunction(
  name: "countingShift", kind: .layer, parameters: shift.parameters,
  maxSampleOffset: { arguments in
    try abs(arguments.float2("offset"))
  }
) { arguments in
  kernelsMade.add(1, ordering: .relaxed)
  let offset = try arguments.float2("offset")
  return .layer { position, layer in layer.sample(position + offset) }
}

@Suite("PreparedShader")
struct PreparedShaderTests {
  let card = Image.testCard(width: 41, height: 23)

  @Test("a shader is prepared once and rendered many times with no new kernel and the same bytes")
  func reuse() throws {
    let shader = countingShift(.float2(float2(1.5, -2)))
    let before = kernelsMade.load(ordering: .relaxed)
    let prepared = try shader.prepared(for: .layer, sizeInPoints: card.sizeInPoints)
    #expect(kernelsMade.load(ordering: .relaxed) == before + 1)
    let first = Renderer().render(RenderRequest(prepared, source: .image(card))).image
    let other = Image.testCard(width: 41, height: 23, scale: 1)
    var frame = Image(width: 1, height: 1)
    for renderer in Renderer.tilingMatrix {
      #expect(
        renderer.render(RenderRequest(prepared, source: .image(card))).image == first,
        "\(renderer.tilingDescription)")
      renderer.render(RenderRequest(prepared, source: .image(other)), into: &frame)
      #expect(frame == first, "into: \(renderer.tilingDescription)")
    }
    // Rendering never makes the kernel again: it was made once, when prepared.
    #expect(kernelsMade.load(ordering: .relaxed) == before + 1)
    // The same as preparing anew and going through SwiftUI's modifier.
    let fresh = try card.layerEffect(shader, maxSampleOffset: float2(1.5, 2))
    #expect(fresh == first)
  }

  @Test("the declared maxSampleOffset comes from the arguments and can be overridden")
  func maxSampleOffset() throws {
    let size = card.sizeInPoints
    var prepared = try shift(.float2(float2(-3, 0.5))).prepared(sizeInPoints: size)
    #expect(prepared.maxSampleOffset == float2(3, 0.5))
    #expect(prepared.kind == .layer)
    #expect(prepared.function.name == "shift")
    #expect(!prepared.hasLaneForm)  // a closure function runs one pixel per call
    // The layer is padded by the offset. Pixel (0, 5) at (0.5, 5.5) samples (−2.5, 6), q = (−3, 5.5):
    // with padding (3, 1) that is the outermost padding column, transparent black; with no
    // padding q.x clamps to column 0, whose rows 5 and 6 are both the 0.97 grey grid line.
    let padded = Renderer().render(RenderRequest(prepared, source: .image(card))).image
    prepared.maxSampleOffset = .zero
    let clamped = Renderer().render(RenderRequest(prepared, source: .image(card))).image
    #expect(padded[0, 5] == .zero)
    #expect(clamped[0, 5] == card[0, 5])
    #expect(card[0, 5] == card[0, 6])
  }

  @Test("a bare closure renders through PreparedShader with the offset given")
  func bareClosure() {
    let kernel = EffectKernel.distortion { $0 + float2(0, 1) }
    let prepared = PreparedShader(kernel, maxSampleOffset: float2(0, 1))
    #expect(prepared.kind == .distortion)
    #expect(prepared.maxSampleOffset == float2(0, 1))
    #expect(!prepared.hasLaneForm)
    let output = Renderer().render(RenderRequest(prepared, source: .image(card))).image
    // One point down at scale 1 is one pixel: row j shows row j + 1, the last row the padding.
    for i in 0..<41 {
      #expect(output[i, 0] == card[i, 1])
      #expect(output[i, 22] == .zero)
    }
  }

  @Test("a shader used as the wrong effect kind is refused when prepared")
  func wrongKind() {
    #expect(
      throws: ShaderArgumentError.wrongEffectKind(
        function: "shift", declared: .layer, used: .color)
    ) {
      try shift(.float2(.zero)).prepared(for: .color, sizeInPoints: card.sizeInPoints)
    }
  }
}
