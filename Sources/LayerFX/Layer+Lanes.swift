import LayerFXMath

extension Layer {
  /// Returns the layer's colour at eight positions at once: ``sample(_:)`` lane by lane.
  ///
  /// The coordinate arithmetic (scale, clamp, floor, weights, texel index) runs in SIMD lanes;
  /// the four-texel gather and the blend run per lane on whole RGBA texels, in the same order of
  /// operations as ``sample(_:)``, so each lane's result is bit-identical to it.
  ///
  /// - Parameter position: Eight points to read, in points.
  /// - Returns: Eight premultiplied RGBA colours.
  /// - Complexity: O(1); 32 texel reads.
  ///
  /// Source: semantics.md §4.
  @inlinable
  public func sample(_ position: LanePosition) -> LaneColor {
    let scale = storage.scale
    var qx = position.x * scale - 0.5
    var qy = position.y * scale - 0.5
    // As in the scalar form: NaN and values below the padding read the lower bound.
    qx.replace(with: lowerBound.x, where: .!(qx .>= lowerBound.x))
    qx.replace(with: upperBound.x, where: qx .> upperBound.x)
    qy.replace(with: lowerBound.y, where: .!(qy .>= lowerBound.y))
    qy.replace(with: upperBound.y, where: qy .> upperBound.y)
    let cellX = qx.rounded(.down)
    let cellY = qy.rounded(.down)
    let weightX = qx - cellX
    let weightY = qy - cellY
    // The clamp bounds every cell to the padded buffer, whose size LayerStorage keeps below
    // Int32.max texels, so these conversions and products cannot overflow.
    let rowLength = storage.rowLength
    let index =
      (SIMD8<Int32>(truncatingIfNeeded: SIMD8<Int32>(cellY) &+ Int32(storage.pad.y))
        &* Int32(truncatingIfNeeded: rowLength))
      &+ SIMD8<Int32>(cellX) &+ Int32(truncatingIfNeeded: storage.pad.x)
    var color = LaneColor(r: .zero, g: .zero, b: .zero, a: .zero)
    for lane in 0..<8 {
      let row = storage.texels + Int(index[lane])
      let below = row + rowLength
      let top = row[0] + (row[1] - row[0]) * weightX[lane]
      let bottom = below[0] + (below[1] - below[0]) * weightX[lane]
      color[lane] = top + (bottom - top) * weightY[lane]
    }
    return color
  }

  /// Returns the source pixels under eight lanes of one row, transparent black outside the
  /// image: what a colour effect's lane form reads.
  @inlinable
  func texels(row: Int, column: Int) -> LaneColor {
    var color = LaneColor(r: .zero, g: .zero, b: .zero, a: .zero)
    for lane in 0..<8 { color[lane] = texel(SIMD2(column + lane, row)) }
    return color
  }
}
