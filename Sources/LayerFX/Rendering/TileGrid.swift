/// The tiles of a destination, in raster order, computed from their index: bands of whole rows,
/// or square tiles of one edge, ragged at the right and bottom.
///
/// A collection rather than an array because a small tile edge makes many tiles: at 1 pixel a
/// 3000 × 2000 destination has 6 million, whose ranges alone (32 bytes each) are 192 MB as an
/// array (`layerfx apply` at `--tile-size 1` on such a photo peaked at 411 MB with the array,
/// 145 MB without).
struct TileGrid: RandomAccessCollection {
  /// The destination's size, pixels.
  let size: SIMD2<Int>
  /// The square tiles' edge, pixels, or `nil` for bands.
  let tileSize: Int?
  /// How many bands, or tiles per row and rows of tiles.
  let counts: SIMD2<Int>

  /// Bands of whole rows: `bands` of them, heights within one row of each other.
  init(size: SIMD2<Int>, bands: Int) {
    self.size = size
    tileSize = nil
    counts = SIMD2(1, bands)
  }

  /// Square tiles of `tileSize` pixels (≥ 1).
  init(size: SIMD2<Int>, tileSize: Int) {
    self.size = size
    self.tileSize = tileSize
    // ⌈side / tileSize⌉ without forming side + tileSize − 1, which a huge edge would overflow.
    counts = SIMD2(
      size.x > 0 ? (size.x - 1) / tileSize + 1 : 0, size.y > 0 ? (size.y - 1) / tileSize + 1 : 0)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { counts.x * counts.y }

  /// Tile `index`'s columns and rows, pixels.
  subscript(index: Int) -> (columns: Range<Int>, rows: Range<Int>) {
    guard let tileSize else {
      let bands = counts.y
      return (0..<size.x, (index * size.y / bands)..<((index + 1) * size.y / bands))
    }
    let x0 = index % counts.x * tileSize
    let y0 = index / counts.x * tileSize
    return (x0..<Swift.min(x0 + tileSize, size.x), y0..<Swift.min(y0 + tileSize, size.y))
  }
}
