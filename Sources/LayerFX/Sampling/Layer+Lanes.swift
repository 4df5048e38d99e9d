import CLaneShuffle
import LayerFXMath

extension Layer {
  /// Returns the layer's colour at eight positions at once: ``sample(_:)-(float2)`` lane by
  /// lane.
  ///
  /// The coordinate arithmetic (scale, clamp, floor, weights, texel index) runs in SIMD lanes;
  /// the four-texel gather and the blend run per lane on whole RGBA texels, in the same order of
  /// operations as the scalar sample, so each lane's result is bit-identical to it; the eight
  /// colours are then transposed into channel planes.
  ///
  /// - Parameters:
  ///   - x: Eight x coordinates, points.
  ///   - y: Eight y coordinates, points.
  /// - Returns: Eight premultiplied RGBA colours as channel planes.
  /// - Complexity: O(1); 32 texel reads.
  ///
  /// Source: `Documentation/Semantics.md` §4.
  @usableFromInline @inline(never)
  func sampleLanes(x: SIMD8<Float>, y: SIMD8<Float>) -> Vector4<FloatLanes8> {
    sampleColors(x: x, y: y) { _planes($0, $1, $2, $3, $4, $5, $6, $7) }
  }

  /// Stores the layer's colours at eight positions (``sampleLanes(x:y:)``'s samples, bit for
  /// bit) as the first `count` pixels at `destination`, lane 0 first, without the transpose
  /// into planes: what a distortion effect stores is its sample.
  ///
  /// - Parameters:
  ///   - x: Eight x coordinates, points.
  ///   - y: Eight y coordinates, points.
  ///   - destination: Where lane 0's colour goes (premultiplied RGBA).
  ///   - count: How many lanes to store, 0…8.
  /// - Complexity: O(1); 32 texel reads.
  ///
  /// Source: `Documentation/Semantics.md` §4.
  @usableFromInline @inline(never)
  func storeSampleLanes(
    x: SIMD8<Float>, y: SIMD8<Float>, to destination: UnsafeMutablePointer<half4>, count: Int
  ) {
    sampleColors(x: x, y: y) { c0, c1, c2, c3, c4, c5, c6, c7 in
      Self.store(c0, c1, c2, c3, c4, c5, c6, c7, to: destination, count: count)
    }
  }

  /// Stores the first `count` (0…8) of eight colours at `destination`, lane 0 first.
  @inline(__always)
  static func store(
    _ c0: half4, _ c1: half4, _ c2: half4, _ c3: half4, _ c4: half4, _ c5: half4, _ c6: half4,
    _ c7: half4, to destination: UnsafeMutablePointer<half4>, count: Int
  ) {
    guard count >= 8 else {
      if count > 0 { destination[0] = c0 }
      if count > 1 { destination[1] = c1 }
      if count > 2 { destination[2] = c2 }
      if count > 3 { destination[3] = c3 }
      if count > 4 { destination[4] = c4 }
      if count > 5 { destination[5] = c5 }
      if count > 6 { destination[6] = c6 }
      return
    }
    (destination[0], destination[1], destination[2], destination[3]) = (c0, c1, c2, c3)
    (destination[4], destination[5], destination[6], destination[7]) = (c4, c5, c6, c7)
  }

  /// Returns `finish` of the eight colours of a lane sample, lane 0 first.
  ///
  /// `finish` runs on each path's colours where they are made (the interior's in registers), so
  /// the colours are not merged through memory first: merged, the lane sampler took 6.5 more
  /// instructions per call (callgrind, the ripple).
  @inline(__always)
  private func sampleColors<Result>(
    x: SIMD8<Float>, y: SIMD8<Float>,
    _ finish: (half4, half4, half4, half4, half4, half4, half4, half4) -> Result
  ) -> Result {
    colors(of: cells(x: x, y: y), finish)
  }

  /// The cells that eight positions (points) read: ``sample(_:)-(float2)``'s clamp, floor and
  /// weights, lane by lane.
  ///
  /// The coordinate arithmetic (scale, clamp, floor, weights, texel index) runs in SIMD lanes.
  @inline(__always)
  func cells(x: SIMD8<Float>, y: SIMD8<Float>) -> LaneCells {
    let (cellX, columnIndex, weightX) = axisCells(x, lowerBound.x, upperBound.x)
    let (cellY, rowIndex, weightY) = axisCells(y, lowerBound.y, upperBound.y)
    // Cells wholly inside the image are read in place; a group of eight with any cell on or past
    // the edge takes the per-texel path. Compared as floats, which vectorise (integer lane
    // compares of the standard library became a loop per lane).
    let inside =
      (cellX .>= 0) .& (cellX .< storage.lastInteriorCell.x)
      .& (cellY .>= 0) .& (cellY .< storage.lastInteriorCell.y)
    let index = rowIndex &* Int32(truncatingIfNeeded: storage.rowLength) &+ columnIndex
    let isInside = lfx_all_lanes(unsafeBitCast(inside, to: SIMD8<Int32>.self)) != 0
    return LaneCells(
      cellX: cellX, cellY: cellY, columns: columnIndex, rows: rowIndex, weightX: weightX,
      weightY: weightY,
      inside: isInside, index: index,
      isTranslatedRun: isInside
        && Self.isTranslatedRun(index: index, weightX: weightX, weightY: weightY))
  }

  /// One axis of ``cells(x:y:)``: eight coordinates (points) scaled to texels, clamped to
  /// `lower…upper`, and each one's cell (its floor, as a float and as an integer) and weight.
  @inline(__always)
  func axisCells(_ p: SIMD8<Float>, _ lower: Float, _ upper: Float) -> (
    cell: SIMD8<Float>, index: SIMD8<Int32>, weight: SIMD8<Float>
  ) {
    var q = p * storage.scale - 0.5
    // As in the scalar form: NaN and values below the padding read the lower bound. Written as
    // `q > lower ? q : lower` and `q < upper ? q : upper`, the x86 `maxps`/`minps` semantics.
    q.replace(with: lower, where: .!(q .> lower))
    q.replace(with: upper, where: .!(q .< upper))
    // The clamp keeps every cell within two texels of the image, whose sides LayerStorage keeps
    // below 2²² − 2 and whose size below Int32.max texels, so these conversions are exact.
    let (cell, index) = Self.floorBelow2To22(q)
    return (cell, index, q - cell)
  }

  /// Returns `finish` of the eight colours that `cells` read, lane 0 first.
  ///
  /// The four-texel gather and the blend run per lane on whole RGBA texels, in the same order of
  /// operations as the scalar sample, so each lane's result is bit-identical to it.
  @inline(__always)
  func colors<Result>(
    of cells: LaneCells,
    _ finish: (half4, half4, half4, half4, half4, half4, half4, half4) -> Result
  ) -> Result {
    let (weightX, weightY) = (cells.weightX, cells.weightY)
    guard cells.inside else {
      let c = sampleLanesAtEdge(cells)
      return finish(c.0, c.1, c.2, c.3, c.4, c.5, c.6, c.7)
    }
    // Texel indices in 8-byte units (two per texel): non-negative and below 2³², so each lane
    // zero-extends into an x86 address scaled by 8, without a sign extension or shift per lane.
    let halfTexel = unsafeBitCast(cells.index &+ cells.index, to: SIMD8<UInt32>.self)
    if cells.isTranslatedRun {
      return blendRun(at: Int(halfTexel[0]), weightX[0], weightY[0], finish)
    }
    @inline(__always) func blend(_ lane: Int) -> half4 {
      self.blend(at: Int(halfTexel[lane]), weightX[lane], weightY[lane])
    }
    // Written out lane by lane (constant lane indices) so the compiler keeps the lanes in
    // registers; a loop over `lane` spills every lane to memory. `color(lane, left)` is lane
    // `lane`'s colour, `left` lane `lane − 1`'s.
    @inline(__always) func lanes(_ color: (Int, half4) -> half4) -> Result {
      let c0 = blend(0)
      let c1 = color(1, c0)
      let c2 = color(2, c1)
      let c3 = color(3, c2)
      let c4 = color(4, c3)
      let c5 = color(5, c4)
      let c6 = color(6, c5)
      let c7 = color(7, c6)
      return finish(c0, c1, c2, c3, c4, c5, c6, c7)
    }
    // Bit i set: lane i + 1 reads lane i's cell with its weights, as the pixels of a
    // pixellation's block do (bit 7 compares lane 0 with lane 7 and is not used).
    let repeats =
      lfx_lane_bits(
        Self.stepMask(SIMD8(repeating: 0), index: cells.index, weightX: weightX, weightY: weightY))
      & 0x7F
    guard repeats != 0 else { return lanes { lane, _ in blend(lane) } }
    // A lane that reads its left neighbour's cell takes its colour, the same bits, without a
    // blend of its own.
    return lanes { lane, left in repeats & (1 &<< (lane &- 1)) != 0 ? left : blend(lane) }
  }

  /// Whether eight cells read the pixel grid translated: lane `i + 1`'s cell the texel right of
  /// lane `i`'s, with the same weights, bit for bit.
  ///
  /// A layer effect that samples its own position, or its position plus one offset for every
  /// pixel (chromatic aberration, emboss, Sobel, bloom, `offset`), reads the layer this way at
  /// scale 1; ``blendRun(at:_:_:_:)`` then reads the texels as contiguous runs.
  @inline(__always)
  private static func isTranslatedRun(
    index: SIMD8<Int32>, weightX: SIMD8<Float>, weightY: SIMD8<Float>
  ) -> Bool {
    // Lane 7's neighbour, after the rotation, is lane 0: seven texels back.
    let steps = stepMask(
      SIMD8(1, 1, 1, 1, 1, 1, 1, -7), index: index, weightX: weightX, weightY: weightY)
    // One vector test (SIMD's `==` compares lane by lane, with a branch per lane).
    return lfx_all_lanes(steps) != 0
  }

  /// A mask whose lane `i` is set (−1) where lane `i + 1`'s cell (lane 0's for lane 7) lies
  /// `steps[i]` texels right of lane `i`'s, with the same weights, bit for bit: with steps of 1
  /// (and −7) a translated run, with steps of 0 a repeated cell.
  ///
  /// Each lane is compared with its neighbour's (a rotation), not with lane 0's: LLVM computes a
  /// broadcast lane apart, in scalar code, all the way up the coordinate arithmetic.
  @inline(__always)
  private static func stepMask(
    _ steps: SIMD8<Int32>, index: SIMD8<Int32>, weightX: SIMD8<Float>, weightY: SIMD8<Float>
  ) -> SIMD8<Int32> {
    let bitsX = unsafeBitCast(weightX, to: SIMD8<Int32>.self)
    let bitsY = unsafeBitCast(weightY, to: SIMD8<Int32>.self)
    let differences =
      ((lfx_rotate_down(index) &- index) ^ steps) | (lfx_rotate_down(bitsX) ^ bitsX)
      | (lfx_rotate_down(bitsY) ^ bitsY)
    return unsafeBitCast(differences .== .zero, to: SIMD8<Int32>.self)
  }

  /// The eight colours of a translated run (``isTranslatedRun(index:weightX:weightY:)``) whose
  /// first cell's top-left texel is at `halfTexel` (8-byte units): ``blend(at:_:_:)`` of each
  /// lane, bit for bit, with the texels read as two runs of nine.
  ///
  /// Lanes `k` and `k + 4` share a 256-bit register: lane `k`'s right texel is lane `k + 1`'s
  /// left one, so each row is five loads, not sixteen, and no texel address leaves the vector
  /// unit. The operations are the scalar sample's, in its order, with the run's one weight.
  @inline(__always)
  private func blendRun<Result>(
    at halfTexel: Int, _ weightX: Float, _ weightY: Float,
    _ finish: (half4, half4, half4, half4, half4, half4, half4, half4) -> Result
  ) -> Result {
    let stride = MemoryLayout<half4>.stride
    let top = UnsafeRawPointer(storage.texels) + halfTexel &* 8
    let bottom = top + storage.rowLength &* stride
    // Texels k and k + 4 of a row.
    @inline(__always) func pair(_ row: UnsafeRawPointer, _ k: Int) -> SIMD8<Float> {
      SIMD8(
        lowHalf: row.loadUnaligned(fromByteOffset: k &* stride, as: SIMD4<Float>.self),
        highHalf: row.loadUnaligned(fromByteOffset: (k &+ 4) &* stride, as: SIMD4<Float>.self))
    }
    // A row blended across, as lanes k and k + 4 for k = 0…3.
    @inline(__always) func across(_ row: UnsafeRawPointer) -> (
      SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>
    ) {
      let (t0, t1, t2, t3, t4) = (
        pair(row, 0), pair(row, 1), pair(row, 2), pair(row, 3), pair(row, 4)
      )
      return (
        t0 + (t1 - t0) * weightX, t1 + (t2 - t1) * weightX, t2 + (t3 - t2) * weightX,
        t3 + (t4 - t3) * weightX
      )
    }
    let upper = across(top)
    let lower = across(bottom)
    let c04 = upper.0 + (lower.0 - upper.0) * weightY
    let c15 = upper.1 + (lower.1 - upper.1) * weightY
    let c26 = upper.2 + (lower.2 - upper.2) * weightY
    let c37 = upper.3 + (lower.3 - upper.3) * weightY
    return finish(
      c04.lowHalf, c15.lowHalf, c26.lowHalf, c37.lowHalf, c04.highHalf, c15.highHalf,
      c26.highHalf, c37.highHalf)
  }

  /// The eight colours of ``colors(of:_:)`` when a cell touches the image's edge, lane by lane:
  /// a cell wholly outside the image is transparent, one wholly inside is blended in place
  /// (``blend(at:_:_:)``), and one across the edge blends its four texels from
  /// ``LayerStorage/texel(_:_:)`` as the scalar sample does.
  ///
  /// A cell whose two columns or two rows lie outside the image reads four transparent texels
  /// (Documentation/Semantics.md §4.1), and their blend is `0 + (0 − 0) × w = +0` in every
  /// channel for any weight `0 ≤ w < 1`: the scalar sample's bits, without its sixteen clamped
  /// texel reads. A distortion that turns or shrinks the content reads such cells wherever the
  /// content does not reach (a fifth of the frame for a 30° turn).
  @inline(never)
  private func sampleLanesAtEdge(_ cells: LaneCells) -> (
    half4, half4, half4, half4, half4, half4, half4, half4
  ) {
    let (width, height) = (Float(storage.width), Float(storage.height))
    // Compared as floats, which vectorise (integer lane compares become a loop per lane); bit
    // `i` set: lane `i`'s cell is transparent.
    let transparent = lfx_lane_bits(
      unsafeBitCast(
        (cells.cellX .< -1) .| (cells.cellX .>= width) .| (cells.cellY .< -1)
          .| (cells.cellY .>= height), to: SIMD8<Int32>.self))
    if transparent == 0xFF {
      return (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
    }
    let (columns, rows) = (cells.columns, cells.rows)
    func lane(_ lane: Int) -> half4 {
      if transparent & (1 &<< lane) != 0 { return .zero }
      let (x, y) = (Int(columns[lane]), Int(rows[lane]))
      let (weightX, weightY) = (cells.weightX[lane], cells.weightY[lane])
      if storage.holdsCell(x, y) {
        return blend(at: 2 &* (y &* storage.rowLength &+ x), weightX, weightY)
      }
      return Self.blend(
        storage.texel(x, y), storage.texel(x + 1, y), storage.texel(x, y + 1),
        storage.texel(x + 1, y + 1), float2(weightX, weightY))
    }
    return (lane(0), lane(1), lane(2), lane(3), lane(4), lane(5), lane(6), lane(7))
  }

  /// The bilinear blend of the texel at `halfTexel` (the cell's top-left, in 8-byte units) and
  /// its right, lower and lower-right neighbours, with the weights and order of operations of
  /// ``sample(_:)-(float2)``.
  ///
  /// Each row's two neighbours are one 32-byte load; left and right texels of both rows are
  /// blended in one 8-lane step, then the two rows.
  @inlinable @inline(__always)
  func blend(at halfTexel: Int, _ weightX: Float, _ weightY: Float) -> half4 {
    let texels = UnsafeRawPointer(storage.texels)
    let offset = halfTexel &* 8
    let top = texels.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
    let bottom = (texels + storage.rowLength &* MemoryLayout<half4>.stride)
      .loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
    let left = SIMD8(lowHalf: top.lowHalf, highHalf: bottom.lowHalf)
    let right = SIMD8(lowHalf: top.highHalf, highHalf: bottom.highHalf)
    let rows = left + (right - left) * weightX
    return rows.lowHalf + (rows.highHalf - rows.lowHalf) * weightY
  }

  /// Returns `floor(x)` as floats and as integers, for lanes with `|x| < 2²²`.
  ///
  /// Adding and subtracting `1.5 × 2²³` rounds to the nearest whole number, which steps down by
  /// one where it went up; the integer is that value's bit pattern after adding `1.5 × 2²³`
  /// again, minus the constant's. Exact in that range, and a third of
  /// ``LayerFXMath/fast/floor(_:)`` plus a conversion where the CPU has no rounding instruction.
  @inlinable @inline(__always)
  static func floorBelow2To22(_ x: SIMD8<Float>) -> (SIMD8<Float>, SIMD8<Int32>) {
    let magic: Float = 12_582_912  // 1.5 × 2²³
    let rounded = (x + magic) - magic
    let floor = rounded.replacing(with: rounded - 1, where: rounded .> x)
    let integer =
      unsafeBitCast(floor + magic, to: SIMD8<Int32>.self) &- Int32(bitPattern: magic.bitPattern)
    return (floor, integer)
  }
}

/// The cells eight lane positions read (``Layer/cells(x:y:)``): each lane's top-left texel and
/// bilinear weights.
struct LaneCells {
  /// The cells' top-left columns and rows in the unpadded image (−2 … width + 1), as floats
  /// and as integers.
  let cellX: SIMD8<Float>
  let cellY: SIMD8<Float>
  let columns: SIMD8<Int32>
  let rows: SIMD8<Int32>
  /// The weights of the right and lower texels, 0 ≤ w < 1.
  let weightX: SIMD8<Float>
  let weightY: SIMD8<Float>
  /// Whether every cell lies wholly inside the image, so its four texels are read in place.
  let inside: Bool
  /// The top-left texels' indices in the image's pixels (`row × width + column`); meaningful
  /// where `inside`.
  let index: SIMD8<Int32>
  /// Whether the cells lie inside and read the pixel grid translated
  /// (``Layer/isTranslatedRun(index:weightX:weightY:)``).
  let isTranslatedRun: Bool
}
