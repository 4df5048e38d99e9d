import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFX

/// Reads the layer one point to the right: `layer.sample(position + (1, 0))`.
private struct ShiftLeft: LayerEffect {
  init() {}
  static var parameters: [KernelParameter<ShiftLeft>] { [] }
  var maxSampleOffset: float2 { float2(1, 0) }
  func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F> {
    layer.sample(position + Vector2<F>(F(1), F(0)))
  }
}

/// A witness: its one-pass body paints opaque red, its passes shift the image two pixels left,
/// so every output shows which form made it.
private struct RedOrShift: MultiPassLayerEffect {
  init() {}
  static var parameters: [KernelParameter<RedOrShift>] { [] }
  var maxSampleOffset: float2 { float2(2, 0) }
  func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F> {
    Vector4<F>(F(1), F(0), F(0), F(1))
  }
  var passes: [LayerPass] { [LayerPass(ShiftLeft()), LayerPass(ShiftLeft())] }
}

/// How the renderer runs a ``MultiPassLayerEffect``: which form makes which output, and the
/// padding of each pass.
@Suite struct MultiPassLayerEffectTests {
  static let function = ShaderFunction(RedOrShift.self, name: "redOrShift", summary: "a witness")
  static let image = Image.testCard(width: 9, height: 4)
  static let red = half4(1, 0, 0, 1)

  static func prepared(maxSampleOffset: float2? = nil) throws -> PreparedShader {
    var shader = try function().prepared(for: .layer, sizeInPoints: image.sizeInPoints)
    if let maxSampleOffset { shader.maxSampleOffset = maxSampleOffset }
    return shader
  }

  @Test(
    "the lane path runs the passes: each reads the previous one's output, padded by its own offset")
  func lanesRunPasses() throws {
    let out = Renderer().render(RenderRequest(try Self.prepared(), source: .image(Self.image)))
      .image
    for y in 0..<4 {
      for x in 0..<9 {
        // Two shifts of one pixel; past the right edge the padding is transparent (pass 1's
        // column 8 reads padding, and pass 2's column 7 reads that transparent column 8).
        let expected = x + 2 < 9 ? Self.image[x + 2, y] : .zero
        #expect(out[x, y] == expected, "(\(x), \(y))")
      }
    }
  }

  @Test("a caller's smaller offset caps each pass's padding: with none, the edge repeats")
  func callerOffsetCapsPasses() throws {
    let out = Renderer().render(
      RenderRequest(try Self.prepared(maxSampleOffset: .zero), source: .image(Self.image))
    ).image
    for y in 0..<4 {
      for x in 0..<9 { #expect(out[x, y] == Self.image[min(x + 2, 8), y], "(\(x), \(y))") }
    }
  }

  @Test("the closure form and a padded destination run the one-pass body")
  func closureAndPaddedRunBody() throws {
    var closure = Renderer()
    closure.usesLaneKernels = false
    let fromClosure = closure.render(RenderRequest(try Self.prepared(), source: .image(Self.image)))
      .image
    #expect(fromClosure.pixels.allSatisfy { $0 == Self.red })
    let padded = Renderer().render(
      RenderRequest(try Self.prepared(), source: .image(Self.image), bounds: .padded)
    ).image
    #expect(padded.width == 13 && padded.pixels.allSatisfy { $0 == Self.red })
  }

  @Test("checking sample bounds records the body's samples and keeps the passes' colours")
  func checkerKeepsPasses() throws {
    let unchecked = Renderer().render(
      RenderRequest(try Self.prepared(), source: .image(Self.image))
    ).image
    let checked = Renderer().render(
      RenderRequest(try Self.prepared(), source: .image(Self.image), checksSampleBounds: true))
    #expect(checked.image.pixels == unchecked.pixels)
    let report = try #require(checked.report)
    // The body samples nothing; the passes' 2 × 36 samples are not recorded.
    #expect(report.pixelCount == 36 && report.sampleCount == 0)
  }

  @Test("a shader that keeps its intermediate renders other sizes, and again, with the same bytes")
  func keptIntermediate() throws {
    let shader = try Self.prepared()
    let small = Image.testCard(width: 5, height: 3)
    let first = Renderer().render(RenderRequest(shader, source: .image(Self.image))).image
    let other = Renderer().render(RenderRequest(shader, source: .image(small))).image
    let again = Renderer().render(RenderRequest(shader, source: .image(Self.image))).image
    #expect(again.pixels == first.pixels)
    for x in 0..<5 { #expect(other[x, 1] == (x + 2 < 5 ? small[x + 2, 1] : .zero), "\(x)") }
  }

  @Test("passes give identical bytes for every tiling and thread count")
  func deterministic() throws {
    let image = Image.testCard(width: 67, height: 45)
    let shader = try Self.function().prepared(for: .layer, sizeInPoints: image.sizeInPoints)
    let reference = Renderer(threadCount: 1).render(RenderRequest(shader, source: .image(image)))
      .image
    for tileSize in [nil, 1, 7, 64, 256] as [Int?] {
      for threads in [1, 2] {
        let other = Renderer(tileSize: tileSize, threadCount: threads).render(
          RenderRequest(shader, source: .image(image))
        ).image
        #expect(other.pixels == reference.pixels, "tile \(tileSize ?? 0), \(threads) threads")
      }
    }
  }
}
