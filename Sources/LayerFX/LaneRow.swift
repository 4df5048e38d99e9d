import LayerFXMath

/// A run of consecutive destination pixels of one row that a lane kernel shades, eight pixels
/// per step: what the renderer hands a ``LaneKernel``.
///
/// A lane kernel calls exactly one of ``shade(_:)-(LanePosition)->LaneColor`` (layer effects),
/// ``shade(_:)-(LanePosition,LaneColor)->LaneColor`` (colour effects) or ``distort(_:)``
/// (distortion effects) with its eight-pixel body; the loop over the row, the positions and the
/// stores are inlined around that body, so the body is specialised into the loop (no call and no
/// colour copy per eight pixels). Lane `i` of a step holds pixel `column + 8k + i`; lanes past the
/// end of the run are computed and dropped.
///
/// Positions are points, pixel centres: `((x − margin.x + 0.5) / s, (y − margin.y + 0.5) / s)`
/// for destination pixel `(x, y)`, computed with the same operations as the closure form's.
///
/// Source: design.md ("Kernel representation"); semantics.md §2.
public struct LaneRow {
  /// The padded source layer.
  public let layer: Layer
  /// The run's first destination pixel.
  @usableFromInline let destination: UnsafeMutablePointer<half4>
  /// How many pixels the run has, ≥ 0.
  @usableFromInline let count: Int
  /// The destination column of the run's first pixel.
  @usableFromInline let column: Int
  /// The destination row.
  @usableFromInline let row: Int
  /// The destination's margin around the source, pixels per side.
  @usableFromInline let margin: SIMD2<Int>

  init(
    layer: Layer, destination: UnsafeMutablePointer<half4>, count: Int, column: Int, row: Int,
    margin: SIMD2<Int>
  ) {
    self.layer = layer
    self.destination = destination
    self.count = count
    self.column = column
    self.row = row
    self.margin = margin
  }

  /// Shades the run with a layer effect's eight-pixel body: `body(positions)` gives the colours.
  ///
  /// - Parameter body: Eight positions (points) to eight premultiplied colours.
  @inlinable @inline(__always)
  public func shade(_ body: (LanePosition) -> LaneColor) {
    forEachBatch { position, _ in body(position) }
  }

  /// Shades the run with a colour effect's eight-pixel body: `body(positions, colours)` gets the
  /// source pixels under the lanes (transparent black outside the source).
  ///
  /// - Parameter body: Eight positions (points) and premultiplied colours to eight colours.
  @inlinable @inline(__always)
  public func shade(_ body: (LanePosition, LaneColor) -> LaneColor) {
    let sourceRow = row - margin.y
    forEachBatch { position, sourceColumn in
      body(position, layer.texels(row: sourceRow, column: sourceColumn))
    }
  }

  /// Shades the run with a distortion effect's eight-pixel body: `body(positions)` gives the
  /// source positions (points), which the layer is sampled at.
  ///
  /// - Parameter body: Eight positions to eight source positions, points.
  @inlinable @inline(__always)
  public func distort(_ body: (LanePosition) -> LanePosition) {
    forEachBatch { position, _ in layer.sample(body(position)) }
  }

  /// Runs `shade(positions, source column of lane 0)` over the run eight pixels at a time and
  /// stores the colours.
  @inlinable @inline(__always)
  func forEachBatch(_ shade: (LanePosition, Int) -> LaneColor) {
    let scale = layer.scale
    let offsetX = Float(margin.x)
    let laneIndex = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
    let y = SIMD8<Float>(repeating: (Float(row) - Float(margin.y) + 0.5) / scale)
    var done = 0
    while done < count {
      let x = column + done
      // Float(x) + lane is exact (x < 2²⁴), so each lane's position is bit-identical to the
      // closure form's `(Float(x + lane) − margin.x + 0.5) / scale`.
      let position = LanePosition(
        x: (SIMD8(repeating: Float(x)) + laneIndex - offsetX + 0.5) / scale, y: y)
      shade(position, x - margin.x).store(to: destination + done, count: min(8, count - done))
      done += 8
    }
  }
}
