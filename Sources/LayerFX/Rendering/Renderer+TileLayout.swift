extension Renderer {
  /// The tiles this renderer cuts a `width × height` destination into, in raster order: square
  /// tiles of ``tileSize``, or the default bands of whole rows for ``threadCount`` workers.
  ///
  /// For drawing the tile grid of a debug overlay; the output never depends on the tiles.
  ///
  /// - Parameters:
  ///   - width: Pixels, ≥ 1.
  ///   - height: Pixels, ≥ 1.
  /// - Returns: Each tile's columns and rows, pixels.
  public func tileLayout(width: Int, height: Int) -> [(columns: Range<Int>, rows: Range<Int>)] {
    Array(tiles(size: SIMD2(width, height), workers: threadCount))
  }
}
