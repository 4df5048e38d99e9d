import LayerFX
import LayerFXMath
import Testing

@Suite("RenderRequest")
struct RenderRequestTests {
  @Test("the destination is the source's size, a fill's, or grown by twice the layer's padding")
  func destinationSize() {
    // 5 × 3 pixels at scale 2; a maxSampleOffset of (1.25, 0.5) points pads the layer by
    // ⌈1.25 × 2⌉ = 3 pixels left and right and ⌈0.5 × 2⌉ = 1 above and below
    // (Documentation/Semantics.md §4.1), so a padded destination is 11 × 5 (§1.4).
    let image = Image(width: 5, height: 3, scale: 2, color: half4(0, 0, 0, 1))
    let offset = float2(1.25, 0.5)
    let layerEffect = PreparedShader(
      .layer { position, layer in layer.sample(position) }, maxSampleOffset: offset)
    let colorEffect = PreparedShader(.color { _, color in color }, maxSampleOffset: offset)
    let fill = PreparedShader(.fill { _ in half4(0, 0, 0, 1) })
    let layer = Layer(image, maxSampleOffset: offset)
    let cases: [(request: RenderRequest, size: SIMD2<Int>)] = [
      (RenderRequest(layerEffect, source: .image(image)), SIMD2(5, 3)),
      (RenderRequest(layerEffect, source: .image(image), bounds: .padded), SIMD2(11, 5)),
      (RenderRequest(layerEffect, source: .layer(layer), bounds: .padded), SIMD2(11, 5)),
      // A colour effect has no padding (§1.4).
      (RenderRequest(colorEffect, source: .image(image), bounds: .padded), SIMD2(5, 3)),
      (RenderRequest(fill, source: .fill(width: 7, height: 4, scale: 2)), SIMD2(7, 4)),
    ]
    for (request, size) in cases {
      #expect(request.destinationSize == size)
      let rendered = Renderer(tileSize: 2, threadCount: 2).render(request).image
      #expect(SIMD2(rendered.width, rendered.height) == size)
      #expect(rendered.scale == 2)
    }
  }

  @Test("a checked fill samples nothing and counts its NaN outputs")
  func checkedFill() throws {
    // NaN left of x = 1 point: column 0 (centre 0.5) of a 3 × 2 fill at scale 1, 2 pixels.
    let fill = PreparedShader(
      .fill { position in position.x < 1 ? half4(.nan, 0, 0, 1) : half4(0, 0, 0, 1) })
    let request = RenderRequest(
      fill, source: .fill(width: 3, height: 2), checksSampleBounds: true)
    let report = try #require(Renderer(tileSize: 1, threadCount: 2).render(request).report)
    #expect(report.pixelCount == 6)
    #expect(report.sampleCount == 0 && report.isWithinBounds)
    #expect(report.nonFiniteOutputCount == 2)
  }
}
