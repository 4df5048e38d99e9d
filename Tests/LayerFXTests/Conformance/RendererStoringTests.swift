import Foundation
import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

/// A layer kernel that samples up to 3 points away, differently at every position.
private let waveKernel = EffectKernel.layer { position, layer in
  let offset = float2(3 * sinf(position.y / 5), 2 * cosf(position.x / 3))
  return mix(layer.sample(position + offset), layer.sample(position - offset), 0.5)
}

/// A colour kernel whose output is NaN in the first three columns.
private let nanKernel = EffectKernel.color { position, color in
  position.x < 3 ? half4(.nan, 0, 0, 1) : color
}

/// What a store was handed: how many runs, how many pixels, the longest run.
private final class StoreLog: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var runs = 0
  private(set) var pixels = 0
  private(set) var longestRun = 0

  func record(_ count: Int) {
    lock.withLock {
      runs += 1
      pixels += count
      longestRun = max(longestRun, count)
    }
  }

  /// A store that copies each pixel and logs the run.
  var copyingStore: PixelStore<half4> {
    PixelStore { [self] pixels, elements in
      record(pixels.count)
      for index in pixels.indices { elements[index] = pixels[index] }
    }
  }
}

@Suite struct RendererStoringTests {
  // 97 × 61, prime by prime: tiles of 7 and 64 leave ragged right and bottom tiles.
  let card = Image.testCard(width: 97, height: 61)

  /// A store that copies each pixel.
  static let copy = PixelStore<half4> { pixels, elements in
    for index in pixels.indices { elements[index] = pixels[index] }
  }

  @Test(
    "the store receives every pixel once, in runs no longer than a tile's row",
    arguments: [(nil, 97), (1, 1), (7, 7), (64, 64)] as [(Int?, Int)])
  func storeReceivesTileRows(tileSize: Int?, longestRun: Int) {
    let shader = PreparedShader(waveKernel, maxSampleOffset: float2(3, 3))
    for threads in [1, 4] {
      let log = StoreLog()
      var elements: [half4] = []
      Renderer(tileSize: tileSize, threadCount: threads).render(
        RenderRequest(shader, source: .image(card)), storing: log.copyingStore, into: &elements)
      #expect(elements.count == 97 * 61)
      #expect(log.pixels == 97 * 61, "each pixel is stored once")
      #expect(log.longestRun == longestRun, "a run is one row of one tile")
      // Rows per tile: with bands every run is a whole row (61 of them); with tiles of 7 there
      // are ⌈97 / 7⌉ = 14 tiles across, so 14 runs per row.
      if tileSize == nil { #expect(log.runs == 61) }
      if tileSize == 7 { #expect(log.runs == 61 * 14) }
    }
  }

  @Test("a render through a store reports the same bounds and counts NaN output pixels")
  func storeReportsBounds() {
    let shader = PreparedShader(nanKernel)
    for renderer in Renderer.tilingMatrix {
      var elements: [half4] = []
      let report = renderer.render(
        RenderRequest(shader, source: .image(card), checksSampleBounds: true), storing: Self.copy,
        into: &elements)
      // The first three columns of 61 rows: 183 pixels.
      #expect(report?.nonFiniteOutputCount == 3 * 61, "\(renderer.tilingDescription)")
      #expect(report?.pixelCount == 97 * 61)
    }
  }

  @Test("an image's elements are the store applied to each of its pixels")
  func elementsOfImage() {
    let image = Image(
      width: 2, height: 1, pixels: [half4(0.25, 0.5, 0.75, 1), half4(0, 0, 0, 0)])
    let alphas = PixelStore<Float> { pixels, elements in
      for index in pixels.indices { elements[index] = pixels[index].w }
    }
    #expect(alphas.elements(of: image) == [1, 0])
  }
}
