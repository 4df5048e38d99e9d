import LayerFXMath

/// Where a render's shaded tiles go.
enum TileOutput: Sendable {
  /// Straight into a destination image's pixels, one row of the destination after another.
  case image(TileBuffer<half4>)
  /// Into a worker's scratch tile (the largest tile's pixel count, reused for each of its tiles),
  /// then handed to the closure with the tile's columns and rows, whose pixels the pass's
  /// ``TilePass/forEachRow(columns:rows:_:)`` reads; the closure runs on the worker's thread.
  case stored(@Sendable (TilePass, Range<Int>, Range<Int>) -> Void)
}
