import LayerFX

extension Renderer {
  /// Every tiling the style guide asks engine tests to run: tile sizes 1, 7 and 64 pixels, each
  /// with 1 and 4 threads.
  static let tilingMatrix = [1, 7, 64].flatMap { tile in
    [1, 4].map { Renderer(tileSize: tile, threadCount: $0) }
  }
}
