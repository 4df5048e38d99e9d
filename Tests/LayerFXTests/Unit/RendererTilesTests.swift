import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFX

/// How the default renderer cuts a destination: bands of whole rows, split evenly across the
/// workers, so a 3203-pixel-wide photo no longer splits 64/36 between two workers as 1024-pixel
/// tiles did (platform-notes.md, "On the Zen 4").
@Suite("Renderer tiles")
struct RendererTilesTests {
  /// The photo's size from the platform notes: 3203 × 2137 pixels.
  let photo = SIMD2(3203, 2137)

  /// The rows each worker renders when worker `w` of `workers` takes tiles `w, w + n, …`, as the
  /// renderer's doc comment describes.
  private func rowsPerWorker(
    _ tiles: TileGrid, workers: Int
  ) -> [Int] {
    (0..<workers).map { worker in
      stride(from: worker, to: tiles.count, by: workers).map { tiles[$0].rows.count }.reduce(0, +)
    }
  }

  @Test("Renderer() cuts bands of whole rows by default")
  func defaultIsBands() {
    #expect(Renderer().tileSize == nil)
    #expect(Renderer().threadCount == Renderer.defaultThreadCount)
  }

  @Test(
    "a 3203 × 2137 image splits into full-width bands within one row in height, as many per worker",
    arguments: [1, 2, 3, 4, Renderer.defaultThreadCount])
  func photoSplitsEvenly(workers: Int) {
    let tiles = Renderer(threadCount: workers).tiles(size: photo, workers: workers)
    // Several bands per worker, and a whole multiple of the worker count, so each worker gets
    // the same number of bands.
    #expect(tiles.count >= 2 * workers)
    #expect(tiles.count % workers == 0)
    // Every band is a whole row range across the full width, in order, covering every row once.
    var next = 0
    for tile in tiles {
      #expect(tile.columns == 0..<3203)
      #expect(tile.rows.lowerBound == next)
      next = tile.rows.upperBound
    }
    #expect(next == 2137)
    let heights = tiles.map(\.rows.count)
    if let lowest = heights.min(), let highest = heights.max() {
      #expect(highest - lowest <= 1, "band heights \(lowest)…\(highest)")
    }
    // Bands within one row of each other give every worker its share of the 2137 rows to within
    // one row per band it renders.
    let bandsPerWorker = tiles.count / workers
    for rows in rowsPerWorker(tiles, workers: workers) {
      #expect(abs(Double(rows) - 2137 / Double(workers)) <= Double(bandsPerWorker))
    }
  }

  @Test("two workers get equal halves of the photo within a few rows")
  func twoWorkers() {
    // 2137 rows in an even number of bands each 66 or 67 rows high (2137 / 32 ≈ 66.8 for 32
    // bands): the two workers' totals lie within a few rows of 1068.5.
    let tiles = Renderer(threadCount: 2).tiles(size: photo, workers: 2)
    let rows = rowsPerWorker(tiles, workers: 2)
    #expect(rows.reduce(0, +) == 2137)
    #expect(abs(rows[0] - rows[1]) <= tiles.count / 2, "rows per worker \(rows)")
  }

  @Test(
    "bands cover every row exactly once for any size and worker count",
    arguments: [SIMD2(1, 1), SIMD2(3203, 1), SIMD2(7, 5), SIMD2(97, 61), SIMD2(5, 1000)])
  func bandsCoverEveryRow(size: SIMD2<Int>) {
    for workers in 1...5 {
      let tiles = Renderer(threadCount: workers).tiles(size: size, workers: workers)
      var next = 0
      for tile in tiles {
        #expect(!tile.rows.isEmpty && tile.columns == 0..<size.x)
        #expect(tile.rows.lowerBound == next, "\(size), \(workers) workers")
        next = tile.rows.upperBound
      }
      #expect(next == size.y, "\(size), \(workers) workers")
    }
  }

  @Test(
    "square tiles of any edge are the raster walk of the destination, without an array of them",
    arguments: [1, 2, 3, 7, 64, 1 << 40])
  func squareTilesOfAnyEdge(edge: Int) {
    for size in [SIMD2(1, 1), SIMD2(7, 5), SIMD2(97, 61), SIMD2(5, 1000)] {
      // The walk written out: rows of tiles top to bottom, each left to right.
      var expected: [(columns: Range<Int>, rows: Range<Int>)] = []
      for y0 in stride(from: 0, to: size.y, by: edge) {
        for x0 in stride(from: 0, to: size.x, by: edge) {
          expected.append((x0..<min(x0 + edge, size.x), y0..<min(y0 + edge, size.y)))
        }
      }
      let tiles = Renderer(tileSize: edge, threadCount: 2).tiles(size: size, workers: 2)
      #expect(tiles.count == expected.count, "\(size), edge \(edge)")
      #expect(
        zip(tiles, expected).allSatisfy { $0.columns == $1.columns && $0.rows == $1.rows },
        "\(size), edge \(edge)")
    }
    // A 3000 × 2000 destination in 1-pixel tiles: six million, each computed from its index.
    let many = Renderer(tileSize: 1, threadCount: 2).tiles(size: SIMD2(3000, 2000), workers: 2)
    #expect(many.count == 6_000_000)
    #expect(many[5_999_999].columns == 2999..<3000 && many[5_999_999].rows == 1999..<2000)
    #expect(many[3001].columns == 1..<2 && many[3001].rows == 1..<2)
  }

  @Test("square tiles cut the destination in raster order, ragged at the right and bottom")
  func squareTiles() {
    // 3203 = 3 × 1024 + 131 and 2137 = 2 × 1024 + 89: 4 × 3 tiles.
    let tiles = Renderer(tileSize: 1024, threadCount: 2).tiles(size: photo, workers: 2)
    #expect(tiles.count == 12)
    #expect(tiles.first.map { $0.columns == 0..<1024 && $0.rows == 0..<1024 } == true)
    #expect(tiles[3].columns == 3072..<3203 && tiles[3].rows == 0..<1024)
    #expect(tiles[11].columns == 3072..<3203 && tiles[11].rows == 2048..<2137)
  }

  @Test("the default bands render a 3203-pixel-wide image as square tiles do")
  func bandsRenderLikeTiles() {
    let image = Image.testCard(width: 3203, height: 37)
    let shader = PreparedShader(
      .layer { position, layer in layer.sample(position + float2(1.5, -0.75)) },
      maxSampleOffset: float2(2, 2))
    let bands = Renderer().render(RenderRequest(shader, source: .image(image))).image
    for renderer in [Renderer(tileSize: 64, threadCount: 1), Renderer(tileSize: 7, threadCount: 2)]
    {
      #expect(
        renderer.render(RenderRequest(shader, source: .image(image))).image == bands,
        "\(renderer.tilingDescription)")
    }
  }
}
