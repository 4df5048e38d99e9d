import Dispatch
import Foundation
import LayerFXMath
import Synchronization

/// Runs a prepared shader over every pixel of an image, in tiles, on several threads.
///
/// A ``RenderRequest`` says what to render (the shader, its source, the destination's extent,
/// the bounds check); the renderer says how (``tileSize``, ``threadCount``,
/// ``usesLaneKernels``), which never changes the output. It renders a request into a new image
/// (``render(_:)``), into an image it reuses (``render(_:into:)``) or into the destination's own
/// elements (``render(_:storing:into:)``).
///
/// By default the destination is cut into bands of whole rows, several per worker, with
/// heights that differ by at most one row, and ``threadCount`` workers of
/// `DispatchQueue.concurrentPerform` take the bands in raster order, each the next one left
/// when it finishes its last (an atomic counter), so a worker slowed by another process takes
/// fewer. With a ``tileSize`` the destination is cut into square tiles instead. Each pixel's
/// value depends only on its position and the source, and a bounds check's counts are sums and
/// maxima and its first violations the smallest pixels in raster order, so the output and the
/// report are identical for every tiling, thread count and order in which workers take tiles.
///
/// When the kernel has a lane form and ``usesLaneKernels`` is on, rows are shaded eight or
/// sixteen pixels per call through it (`LaneWidths.swift`); otherwise the per-pixel closure
/// runs. Each form is deterministic on its own, and the two agree within 1 8-bit code value.
///
/// Source: `Documentation/Semantics.md` §1–§4.
public struct Renderer: Sendable {
  /// The edge of a square tile, in pixels (≥ 1), or `nil` for bands of whole rows (the default).
  ///
  /// - Precondition: ≥ 1 when set (checked in release builds).
  public var tileSize: Int? {
    didSet { precondition((tileSize ?? 1) >= 1, "tile size must be at least 1 pixel") }
  }
  /// How many workers render tiles at once (≥ 1).
  ///
  /// - Precondition: ≥ 1 when set (checked in release builds).
  public var threadCount: Int {
    didSet { precondition(threadCount >= 1, "thread count must be at least 1") }
  }
  /// Whether a kernel's lane form, when it has one, is used instead of its closure.
  ///
  /// On by default; turning it off times or checks the closure form.
  public var usesLaneKernels = true

  /// The default worker count: the active processor count.
  public static var defaultThreadCount: Int { ProcessInfo.processInfo.activeProcessorCount }

  /// How many bands there are per worker with the default tiling: enough that a worker slowed
  /// by another process leaves little work to the end of the render.
  static let bandsPerWorker = 16

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - tileSize: The edge of a square tile in pixels, ≥ 1; `nil` (the default) for bands of
  ///     whole rows split evenly across the workers (Benchmarks/HISTORY.md has the figures).
  ///   - threadCount: The number of workers, ≥ 1; all active cores by default.
  /// - Precondition: Both are at least 1 (checked in release builds).
  public init(tileSize: Int? = nil, threadCount: Int = Renderer.defaultThreadCount) {
    precondition((tileSize ?? 1) >= 1, "tile size must be at least 1 pixel")
    precondition(threadCount >= 1, "thread count must be at least 1")
    self.tileSize = tileSize
    self.threadCount = threadCount
  }

  /// Renders `request` into a new image.
  ///
  /// - Parameter request: The shader, its source, the destination's extent, and whether to check
  ///   sample bounds.
  /// - Returns: The destination (premultiplied RGBA at the source's scale; the source's size, a
  ///   fill's `width × height`, or grown by twice the padding: ``RenderRequest/destinationSize``)
  ///   and, when checking, the bounds report.
  /// - Precondition: A fill source is rendered by a fill shader (checked in release builds).
  /// - Complexity: O(width × height × kernel cost); allocates the destination only (a layer
  ///   shares the image's pixels and stores no padding).
  public func render(_ request: RenderRequest) -> (image: Image, report: SampleBoundsReport?) {
    var destination = Image(uninitializedWidth: 1, height: 1, scale: 1)
    let report = render(request, into: &destination)
    return (destination, report)
  }

  /// Renders `request` into `destination`, reusing its pixel storage when it already has the
  /// destination's size (so an animation or a chain of passes allocates its frame once).
  ///
  /// - Parameters:
  ///   - request: As for ``render(_:)``.
  ///   - destination: On return, the rendered image (premultiplied RGBA, the source's scale).
  ///     It may be the source image itself only for a colour effect (which reads each pixel
  ///     before writing it); otherwise it is replaced.
  /// - Returns: The bounds report when checking.
  /// - Precondition: As for ``render(_:)``.
  /// - Complexity: O(width × height × kernel cost); allocates only when `destination` does not
  ///   fit.
  @discardableResult
  public func render(_ request: RenderRequest, into destination: inout Image)
    -> SampleBoundsReport?
  {
    request.withSource { source, size, margin, scale in
      render(
        request.shader, source, size: size, margin: margin, scale: scale,
        checksSampleBounds: request.checksSampleBounds, into: &destination)
    }
  }

  /// Renders into `destination`, reallocated unless it has the size; its scale becomes `scale`.
  private func render(
    _ shader: PreparedShader, _ source: TileSource, size: SIMD2<Int>, margin: SIMD2<Int>,
    scale: Float, checksSampleBounds: Bool, into destination: inout Image
  ) -> SampleBoundsReport? {
    // A multi-pass fast form renders the colours; the checker then records the original's.
    let passLayer = passSource(of: shader, source, margin: margin)
    if let passLayer {
      _ = renderPasses(shader, passLayer) { pass, layer in
        render(RenderRequest(pass, source: .layer(layer)), into: &destination)
      }
      guard checksSampleBounds else { return nil }
    } else if destination.width != size.x || destination.height != size.y {
      destination = Image(uninitializedWidth: size.x, height: size.y, scale: scale)
    }
    destination.scale = scale
    return destination.pixels.withUnsafeMutableBufferPointer { buffer in
      renderTiles(
        shader, source, size: size, margin: margin, scale: scale,
        checksSampleBounds: checksSampleBounds, storesColors: passLayer == nil,
        output: .image(TileBuffer(buffer)))
    }
  }

  /// The tiles of a `size` destination, in raster order: each a range of columns and rows.
  ///
  /// Bands of whole rows by default, `bandsPerWorker` per worker, heights within one row.
  func tiles(size: SIMD2<Int>, workers: Int, bandsPerWorker: Int = Renderer.bandsPerWorker)
    -> TileGrid
  {
    guard let tileSize else {
      return TileGrid(size: size, bands: Swift.min(size.y, workers * bandsPerWorker))
    }
    return TileGrid(size: size, tileSize: tileSize)
  }

  /// Shades every tile of a `size` destination into `output`, on ``threadCount`` workers.
  ///
  /// With `storesColors` false (the colours are in `output` already, from a multi-pass fast
  /// form) it only records the samples, and counts non-finite outputs, when checking.
  func renderTiles(
    _ shader: PreparedShader, _ source: TileSource, size: SIMD2<Int>, margin: SIMD2<Int>,
    scale: Float, checksSampleBounds: Bool, storesColors: Bool = true, output: TileOutput
  ) -> SampleBoundsReport? {
    let usesLanes = usesLaneKernels && shader.hasLaneForm && storesColors
    let tiles = tiles(
      size: size, workers: threadCount,
      bandsPerWorker: usesLanes ? shader.bandsPerWorker : Self.bandsPerWorker)
    let workers = Swift.min(threadCount, tiles.count)
    let largestTile = tiles.reduce(0) { Swift.max($0, $1.columns.count * $1.rows.count) }
    // One report per worker, so a check's memory does not grow with the number of tiles (a
    // 1-pixel tile edge is millions of tiles). Each worker merges its tiles' reports as they
    // finish, keeping the first violations in pixel order: sums, maxima and the smallest pixels
    // do not depend on which worker had which tile.
    let emptyReport = SampleBoundsReport(declaredOffset: shader.maxSampleOffset)
    var reports = [SampleBoundsReport](
      repeating: emptyReport, count: checksSampleBounds ? workers : 0)
    // Workers claim tiles in raster order as they finish the last one, so a worker slowed by
    // another process takes fewer tiles instead of holding up the end of the render.
    let claimedTiles = Atomic(0)
    @Sendable func claimTile() -> Int? {
      let index = claimedTiles.wrappingAdd(1, ordering: .relaxed).oldValue
      return index < tiles.count ? index : nil
    }
    reports.withUnsafeMutableBufferPointer { reportBuffer in
      let workerReports = TileBuffer(reportBuffer)
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        var workerReport = emptyReport
        func shade(_ pass: TilePass, _ index: Int) {
          let (columns, rows) = tiles[index]
          if usesLanes { pass.shadeLanes(columns: columns, rows: rows) }
          guard checksSampleBounds else {
            if !usesLanes && storesColors {
              pass.shadePixels(columns: columns, rows: rows, probe: nil, stores: true)
            }
            return
          }
          let probe = SampleProbe(declaredOffset: shader.maxSampleOffset)
          pass.shadePixels(
            columns: columns, rows: rows, probe: probe, stores: !usesLanes && storesColors)
          var report = probe.report
          report.nonFiniteOutputCount = pass.nonFiniteCount(columns: columns, rows: rows)
          workerReport.merge(report)
          workerReport.sortFirstViolations()
        }
        switch output {
        case .image(let buffer):
          let pass = TilePass(
            shader: shader, source: source, margin: margin, scale: scale, output: buffer,
            outputOrigin: .zero, outputRowLength: size.x)
          while let index = claimTile() { shade(pass, index) }
        case .stored(let store):
          TileBuffer<half4>.withScratch(
            capacity: largestTile, allocate: usesLanes ? shader.allocateDestination : nil
          ) { scratch in
            while let index = claimTile() {
              let (columns, rows) = tiles[index]
              let pass = TilePass(
                shader: shader, source: source, margin: margin, scale: scale, output: scratch,
                outputOrigin: SIMD2(columns.lowerBound, rows.lowerBound),
                outputRowLength: columns.count)
              shade(pass, index)
              store(pass, columns, rows)
            }
          }
        }
        if checksSampleBounds { workerReports[worker] = workerReport }
      }
    }
    guard checksSampleBounds else { return nil }
    var report = emptyReport
    for workerReport in reports { report.merge(workerReport) }
    report.sortFirstViolations()
    return report
  }
}
