import LayerFX

extension Renderer {
  /// Every tiling the style guide asks engine tests to run: the default bands of whole rows
  /// (`tileSize == nil`) and square tiles of 1, 7 and 64 pixels, each with 1 and 4 threads.
  static let tilingMatrix = [nil, 1, 7, 64].flatMap { (tile: Int?) in
    [1, 4].map { Renderer(tileSize: tile, threadCount: $0) }
  }

  /// The tiling as a test message reads it: `bands, 4 threads` or `tile 7, 1 thread`.
  var tilingDescription: String {
    (tileSize.map { "tile \($0)" } ?? "bands") + ", \(threadCount) threads"
  }
}
