import CLaneShuffle
import LayerFXMath

/// The lane form of a prepared kernel: the renderer calls it once per run of a destination
/// row, and it passes the kernel's generic body, specialised at a lane width, to the row's
/// method for its kind, which inlines the body into the row loop.
///
/// Made only by ``ShaderFunction``'s kernel initialisers, from the same source as the closure
/// form. Each lane is computed from that lane's inputs alone (no reduction across lanes), so a
/// pixel never depends on which pixels share its batch, hence never on tile size or thread
/// count.
@usableFromInline
enum LaneKernel: Sendable {
  /// A `colorEffect` over a row of the source image.
  case color(@Sendable (ColorRow) -> Void)
  /// A `distortionEffect` over a row: `row.distort { positions in … }`.
  case distortion(@Sendable (LayerRow) -> Void)
  /// A `layerEffect` over a row.
  case layer(@Sendable (LayerRow) -> Void)
  /// A fill over a row: no source.
  case fill(@Sendable (RowRun) -> Void)
  /// A natively compiled row function of any kind (``RowKernel``).
  case native(RowKernel)
}

/// A run of consecutive destination pixels of one row: where it is and where it is stored.
///
/// Pixel `(x, y)` sits at `((x − margin.x + 0.5) / s, (y − margin.y + 0.5) / s)` points
/// (`Documentation/Semantics.md` §2), computed with the same operations at every lane width, so
/// positions are bit-identical to the closure form's.
@usableFromInline
struct RowRun {
  @usableFromInline let destination: UnsafeMutablePointer<half4>
  @usableFromInline let count: Int
  @usableFromInline let column: Int
  @usableFromInline let row: Int
  @usableFromInline let margin: SIMD2<Int>
  @usableFromInline let scale: Float

  init(
    destination: UnsafeMutablePointer<half4>, count: Int, column: Int, row: Int,
    margin: SIMD2<Int>, scale: Float
  ) {
    self.destination = destination
    self.count = count
    self.column = column
    self.row = row
    self.margin = margin
    self.scale = scale
  }

  /// Runs `shade(positions, offset in the run, lanes in use)` over the run, `F.laneCount`
  /// pixels at a time, and stores the colours; lanes past the run's end are computed and
  /// dropped.
  @inlinable @inline(__always)
  func forEachBatch<F: PixelLanes>(_ shade: (Vector2<F>, Int, Int) -> Vector4<F>) {
    forEachPosition(in: 0..<count, laneOffsets: F._laneOffsets) {
      (position: Vector2<F>, done, lanes) in
      F._store(shade(position, done, lanes), to: destination + done, count: lanes)
    }
  }

  /// Batches of a block, ``forEachBlock(lanes:batches:streaming:_:)``'s unit by default: 8
  /// batches of 8 lanes are 64 pixels, whose planes (1 KiB) stay in the L1 cache between the
  /// steps.
  @usableFromInline static var batchesPerBlock: Int { 8 }

  /// The run length, in pixels, from which a colour effect streams its stores past the caches.
  ///
  /// With ``PixelLanes/_storePlanes(_:count:to:streaming:)``. Rows of 2048 pixels or more are
  /// 32 KiB each, and images with such rows (2048 × 1152 is 36 MiB) are far larger than this
  /// machine's caches, so nothing is lost by not keeping the output there. Measured at
  /// 3840 × 2160 on one thread (load 11, medians of 15): colorMultiply 0.0209 and 0.0196 s
  /// with plain stores, 0.0152 and 0.0149 s streamed. A fill, which reads nothing, ran slower
  /// streamed (checkerboard 0.0128–0.0172 s against 0.0141–0.0179 s), so fills do not stream.
  @usableFromInline static var streamingRunLength: Int { 2048 }

  /// Runs the run block by block: `body(planes, pixels)` for each block of up to
  /// `batches` × `F.laneCount` pixels of the run (`pixels`, offsets in the run)
  /// fills `planes`, on the stack up to 1 KiB (batch `k`'s red, green, blue, alpha at
  /// `planes[4k]` … `planes[4k + 3]`, lanes in the order of ``PixelLanes/_planeLaneOffsets``),
  /// which are then transposed into the destination
  /// (``PixelLanes/_storePlanes(_:count:to:streaming:)``), past the caches when `streaming` is
  /// set.
  ///
  /// The transposes stay out of line, away from the kernel's arithmetic: where LLVM sees them
  /// next to a kernel body it scalarises both (measured with callgrind, 1024 × 1024, one
  /// thread: the linear gradient's body inlined beside the in-register store took 29.0
  /// instructions per pixel, 25.2 called, 14.1 in blocks; the colour effects went from 12 to
  /// 31 before they ran in blocks).
  @inlinable @inline(__always)
  func forEachBlock<F: PixelLanes>(
    lanes: F.Type, batches: Int = batchesPerBlock, streaming: Bool,
    _ body: (UnsafeMutablePointer<F>, Range<Int>) -> Void
  ) {
    let blockPixels = batches * F.laneCount
    withUnsafeTemporaryAllocation(of: F.self, capacity: 4 * batches) { buffer in
      guard let planes = buffer.baseAddress else { return }
      var start = 0
      while start < count {
        let end = Swift.min(start + blockPixels, count)
        body(planes, start..<end)
        F._storePlanes(
          planes, count: end - start, to: destination + start, streaming: streaming)
        start = end
      }
    }
    // Streamed stores are weakly ordered: they must reach memory before the band is reported
    // done and another thread reads the image.
    if streaming { lfx_stream_fence() }
  }

  /// Runs `shade(positions)` over the run, `F.laneCount` pixels at a time, and stores the
  /// colours block by block.
  ///
  /// Through ``forEachBlock(lanes:batches:streaming:_:)``, in blocks of `batches` batches
  /// where the run is longer than one block of ``batchesPerBlock`` (shorter runs, a tile's,
  /// keep 1 KiB of planes on the stack), else of ``batchesPerBlock``; lanes past the run's end
  /// are computed and dropped. Each lane's position is that of the pixel it holds, so the bytes
  /// do not depend on the lane order or the block size.
  ///
  /// Larger blocks are for a fill whose body derives much from its arguments
  /// (``Fill/_batchesPerBlock``): the compiler recomputes that, and spills it to the stack,
  /// once per block, because the out-of-line store between blocks might write the kernel's
  /// memory; for the mesh gradient about 500 instructions a block, 18 % of its time at 64
  /// pixels (perf, 1920 × 1080, one thread). Planes of more than 1 KiB are one heap allocation
  /// per run: `withUnsafeTemporaryAllocation` did not take the stack for 4 KiB on the
  /// renderer's threads here, and with that allocation in every run the checkerboard in
  /// 16-pixel tiles ran at half its speed and in whole rows took 0.9 % more instructions.
  @inlinable @inline(__always)
  func forEachBatchInBlocks<F: PixelLanes>(
    batches: Int = batchesPerBlock, _ shade: (Vector2<F>) -> Vector4<F>
  ) {
    let fillBlock = { (planes: UnsafeMutablePointer<F>, pixels: Range<Int>) in
      var plane = planes
      forEachPosition(in: pixels, laneOffsets: F._planeLaneOffsets) {
        (position: Vector2<F>, _, _) in
        let color = shade(position)
        (plane[0], plane[1], plane[2], plane[3]) = (color.x, color.y, color.z, color.w)
        plane += 4
      }
    }
    if batches > Self.batchesPerBlock && count > Self.batchesPerBlock * F.laneCount {
      forEachBlock(lanes: F.self, batches: batches, streaming: false, fillBlock)
    } else {
      forEachBlock(lanes: F.self, streaming: false, fillBlock)
    }
  }

  /// Runs `body(positions, offset in the run, lanes in use)` over the pixels `pixels` of the
  /// run, `F.laneCount` at a time from `pixels.lowerBound`, lane `i` at column offset
  /// `laneOffsets[i]` within its batch.
  @inlinable @inline(__always)
  func forEachPosition<F: PixelLanes>(
    in pixels: Range<Int>, laneOffsets: F, _ body: (Vector2<F>, Int, Int) -> Void
  ) {
    let scale = F(scale)
    let y = (F(Float(row) - Float(margin.y)) + 0.5) / scale
    let offsetX = F(Float(margin.x))
    var done = pixels.lowerBound
    while done < pixels.upperBound {
      let lanes = Swift.min(F.laneCount, pixels.upperBound - done)
      // Float(x) + lane is exact (x < 2²⁴), so each lane's position is bit-identical to the
      // closure form's `(Float(x + lane) − margin.x + 0.5) / scale`.
      let x = ((F(Float(column + done)) + laneOffsets) - offsetX + 0.5) / scale
      body(Vector2(x, y), done, lanes)
      done += F.laneCount
    }
  }
}

extension RowRun {
  /// Fills the run, `F.laneCount` pixels per call of the fill's body, in blocks.
  @inlinable @inline(__always)
  func fill<K: Fill, F: PixelLanes>(_ kernel: K, lanes: F.Type) {
    forEachBatchInBlocks(batches: K._batchesPerBlock) { (position: Vector2<F>) in
      kernel.fill(position: position)
    }
  }
}

/// A run of a row for a layer or distortion effect: the padded layer and the run.
@usableFromInline
struct LayerRow {
  /// The padded source layer.
  @usableFromInline let layer: Layer
  @usableFromInline let run: RowRun

  init(layer: Layer, run: RowRun) {
    self.layer = layer
    self.run = run
  }

  /// Shades the run with a layer effect, `F.laneCount` pixels per call of its body.
  @inlinable @inline(__always)
  func shade<K: LayerEffect, F: PixelLanes>(_ kernel: K, lanes: F.Type) {
    run.forEachBatch { (position: Vector2<F>, _, _) in
      kernel.shade(position: position, layer: layer)
    }
  }

  /// Shades the run with a distortion effect: the layer sampled where its body says, each
  /// sample stored as it comes out of the sampler (``PixelLanes/_storeSample(_:at:to:count:)``).
  @inlinable @inline(__always)
  func distort<K: DistortionEffect, F: PixelLanes>(_ kernel: K, lanes: F.Type) {
    run.forEachPosition(in: 0..<run.count, laneOffsets: F._laneOffsets) {
      (position: Vector2<F>, done, lanes) in
      F._storeSample(
        layer, at: kernel.distort(position: position), to: run.destination + done, count: lanes)
    }
  }
}

/// A run of a row for a colour effect: the source image's pixels under the run, read in place.
@usableFromInline
struct ColorRow {
  /// The source pixel under the run's first destination pixel.
  @usableFromInline let source: UnsafePointer<half4>
  @usableFromInline let run: RowRun

  init(source: UnsafePointer<half4>, run: RowRun) {
    self.source = source
    self.run = run
  }

  /// Shades the run with a colour effect, `F.laneCount` pixels per call of its body, each
  /// given its own premultiplied colour.
  ///
  /// Block by block: the source pixels are transposed into channel planes on the stack
  /// (``PixelLanes/_loadPlanes(_:count:into:)``), the body runs over the planes in place, and
  /// the planes are transposed into the destination. Each lane's position is that of the pixel
  /// in it (``PixelLanes/_planeLaneOffsets``), so the bytes are those of the closure form.
  @inlinable @inline(__always)
  func shade<K: ColorEffect, F: PixelLanes>(_ kernel: K, lanes: F.Type) {
    let streaming = run.count >= RowRun.streamingRunLength
    run.forEachBlock(lanes: F.self, streaming: streaming) { planes, pixels in
      F._loadPlanes(source + pixels.lowerBound, count: pixels.count, into: planes)
      var plane = planes
      run.forEachPosition(in: pixels, laneOffsets: F._planeLaneOffsets) {
        (position: Vector2<F>, _, _) in
        let color = kernel.shade(
          position: position, color: Vector4(plane[0], plane[1], plane[2], plane[3]))
        (plane[0], plane[1], plane[2], plane[3]) = (color.x, color.y, color.z, color.w)
        plane += 4
      }
    }
  }
}
