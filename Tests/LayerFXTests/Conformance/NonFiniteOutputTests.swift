import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

@Suite("Non-finite kernel output is counted by the bounds checker")
struct NonFiniteOutputTests {
  /// A 5 × 3 image; the kernel returns NaN in the left two columns, +∞ red at pixel (4, 2),
  /// and the input colour elsewhere.
  static let image = Image.testCard(width: 5, height: 3)
  static let shader = PreparedShader(
    .color { position, color in
      if position.x < 2 { return half4(.nan, 0, 0, 1) }
      if position == float2(4.5, 2.5) { return half4(.infinity, 0, 0, 1) }
      return color
    })

  @Test(
    "NaN and ∞ pixels are counted, the same for every tiling",
    arguments: [(nil, 1), (nil, 2), (1, 1), (7, 1), (64, 1), (1, 2), (2, 3)] as [(Int?, Int)])
  func countsNonFiniteOutput(tileSize: Int?, threads: Int) throws {
    let renderer = Renderer(tileSize: tileSize, threadCount: threads)
    let result = renderer.render(
      RenderRequest(Self.shader, source: .image(Self.image), checksSampleBounds: true))
    let report = try #require(result.report)
    // Columns 0 and 1 (centres 0.5, 1.5 < 2) of 3 rows, plus pixel (4, 2): 2 × 3 + 1 = 7.
    #expect(report.nonFiniteOutputCount == 7)
    #expect(report.isWithinBounds)  // a colour effect samples nothing
    #expect(report.description.hasSuffix("; 7 output pixels NaN or ∞ (stored as 0 or clamped)"))
    // Checking does not change the output.
    let unchecked = renderer.render(RenderRequest(Self.shader, source: .image(Self.image)))
    #expect(unchecked.report == nil)
    #expect(unchecked.image.pixels.count == result.image.pixels.count)
    for (a, b) in zip(unchecked.image.pixels, result.image.pixels) {
      #expect((0..<4).allSatisfy { a[$0] == b[$0] || (a[$0].isNaN && b[$0].isNaN) })
    }
  }

  @Test("a finite render reports no non-finite output and keeps its old description")
  func finiteRender() throws {
    let identity = PreparedShader(.color { _, color in color })
    let report = try #require(
      Renderer(tileSize: 2, threadCount: 2).render(
        RenderRequest(identity, source: .image(Self.image), checksSampleBounds: true)
      )
      .report)
    #expect(report.nonFiniteOutputCount == 0)
    #expect(!report.description.contains("NaN"))
  }
}
