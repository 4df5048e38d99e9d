import Dispatch
import Foundation
import LayerFXMath
import Synchronization

/// Runs a prepared shader over every pixel of an image, in tiles, on several threads.
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

  /// Which pixels the destination covers.
  public enum OutputBounds: Sendable {
    /// The source's own pixels (SwiftUI's default).
    case source
    /// The source grown by the layer's padding on every side, so an effect can draw outside
    /// the view as in SwiftUI (colour effects have no padding).
    case padded
  }

  /// Renders `shader` over `image`: a colour effect reads the image in place; a layer or
  /// distortion effect reads it padded by the shader's `maxSampleOffset`.
  ///
  /// - Parameters:
  ///   - shader: The prepared shader.
  ///   - image: The source, premultiplied RGBA.
  ///   - bounds: The destination's extent.
  ///   - checksSampleBounds: Whether to record every sample against the shader's
  ///     `maxSampleOffset`, and count the output pixels that are NaN or ∞.
  /// - Returns: The destination (premultiplied RGBA, the image's scale; its size, or grown by
  ///   twice the padding) and, when checking, the bounds report.
  /// - Complexity: O(width × height × kernel cost); allocates the destination only (a layer
  ///   shares the image's pixels and stores no padding).
  public func render(
    _ shader: PreparedShader, _ image: Image, bounds: OutputBounds = .source,
    checksSampleBounds: Bool = false
  ) -> (image: Image, report: SampleBoundsReport?) {
    var destination = Image(uninitializedWidth: 1, height: 1, scale: image.scale)
    let report = render(
      shader, image, bounds: bounds, checksSampleBounds: checksSampleBounds, into: &destination)
    return (destination, report)
  }

  /// Renders `shader` over an already padded `layer` (shared by every frame of an animation).
  ///
  /// - Parameters: As for ``render(_:_:bounds:checksSampleBounds:)-(_,Image,_,_)``; `layer` is the
  ///   source padded by the offset the caller chose (the bounds checker holds samples to the
  ///   shader's `maxSampleOffset`).
  /// - Returns: The destination and, when checking, the bounds report.
  public func render(
    _ shader: PreparedShader, _ layer: Layer, bounds: OutputBounds = .source,
    checksSampleBounds: Bool = false
  ) -> (image: Image, report: SampleBoundsReport?) {
    var destination = Image(uninitializedWidth: 1, height: 1, scale: layer.scale)
    let report = render(
      shader, layer, bounds: bounds, checksSampleBounds: checksSampleBounds, into: &destination)
    return (destination, report)
  }

  /// Renders `shader` over `image` into `destination`, reusing its pixel storage when it
  /// already has the destination's size and scale (so an animation or a chain of passes
  /// allocates its frame once).
  ///
  /// - Parameters: As for ``render(_:_:bounds:checksSampleBounds:)-(_,Image,_,_)``, and
  ///   `destination`: on return, the rendered image. It may be `image` itself only for a colour
  ///   effect (which reads each pixel before writing it); otherwise it is replaced.
  /// - Returns: The bounds report when checking.
  @discardableResult
  public func render(
    _ shader: PreparedShader, _ image: Image, bounds: OutputBounds = .source,
    checksSampleBounds: Bool = false, into destination: inout Image
  ) -> SampleBoundsReport? {
    withSource(of: shader, image, bounds: bounds) { source, size, margin, scale in
      render(
        shader, source, size: size, margin: margin, scale: scale,
        checksSampleBounds: checksSampleBounds, into: &destination)
    }
  }

  /// Renders `shader` over a padded `layer` into `destination`, reusing its storage when it fits.
  ///
  /// - Parameters: As for ``render(_:_:bounds:checksSampleBounds:)-(_,Layer,_,_)``, and
  ///   `destination`: on return, the rendered image.
  /// - Returns: The bounds report when checking.
  @discardableResult
  public func render(
    _ shader: PreparedShader, _ layer: Layer, bounds: OutputBounds = .source,
    checksSampleBounds: Bool = false, into destination: inout Image
  ) -> SampleBoundsReport? {
    withSource(of: shader, layer, bounds: bounds) { source, size, margin, scale in
      render(
        shader, source, size: size, margin: margin, scale: scale,
        checksSampleBounds: checksSampleBounds, into: &destination)
    }
  }

  /// Renders a fill over `width × height` pixels: a shader used as a `ShapeStyle`.
  ///
  /// - Parameters:
  ///   - shader: A prepared ``EffectKind/fill`` shader.
  ///   - width: Width in pixels, ≥ 1.
  ///   - height: Height in pixels, ≥ 1.
  ///   - scale: Pixels per point, > 0.
  ///   - destination: On return, the fill (premultiplied RGBA); its storage is reused when it
  ///     has the size.
  /// - Precondition: `shader` is a fill; sizes ≥ 1.
  public func render(
    fill shader: PreparedShader, width: Int, height: Int, scale: Float = 1,
    into destination: inout Image
  ) {
    precondition(shader.kind == .fill, "\(shader.function.name) is not a fill")
    _ = render(
      shader, .none, size: SIMD2(width, height), margin: .zero, scale: scale,
      checksSampleBounds: false, into: &destination)
  }

  /// Returns a fill over `width × height` pixels.
  ///
  /// - Parameters: As for ``render(fill:width:height:scale:into:)``.
  /// - Returns: The fill, premultiplied RGBA.
  public func render(fill shader: PreparedShader, width: Int, height: Int, scale: Float = 1)
    -> Image
  {
    var image = Image(uninitializedWidth: width, height: height, scale: scale)
    render(fill: shader, width: width, height: height, scale: scale, into: &image)
    return image
  }

  /// Calls `body` with what `shader` reads from `image` and the destination's size (pixels),
  /// margin (pixels per side) and scale: the pixels in place for a colour effect, otherwise the
  /// image's layer padded by the shader's `maxSampleOffset`.
  func withSource<Result>(
    of shader: PreparedShader, _ image: Image, bounds: OutputBounds,
    _ body: (TileSource, SIMD2<Int>, SIMD2<Int>, Float) -> Result
  ) -> Result {
    guard shader.kind == .color else {
      let layer = Layer(image, maxSampleOffset: shader.maxSampleOffset)
      return withSource(of: shader, layer, bounds: bounds, body)
    }
    return image.pixels.withUnsafeBufferPointer { pixels in
      guard let base = pixels.baseAddress else {
        preconditionFailure("an image has at least one pixel")
      }
      return body(
        .pixels(base, width: image.width, height: image.height),
        SIMD2(image.width, image.height), .zero, image.scale)
    }
  }

  /// Calls `body` with `layer` as the source and the destination's size, margin and scale.
  func withSource<Result>(
    of shader: PreparedShader, _ layer: Layer, bounds: OutputBounds,
    _ body: (TileSource, SIMD2<Int>, SIMD2<Int>, Float) -> Result
  ) -> Result {
    let margin = bounds == .padded && shader.kind != .color ? layer.padding : .zero
    return body(.layer(layer), SIMD2(layer.width, layer.height) &+ 2 &* margin, margin, layer.scale)
  }

  /// Renders into `destination`, reallocated unless it has the size; its scale becomes `scale`.
  private func render(
    _ shader: PreparedShader, _ source: TileSource, size: SIMD2<Int>, margin: SIMD2<Int>,
    scale: Float, checksSampleBounds: Bool, into destination: inout Image
  ) -> SampleBoundsReport? {
    // A multi-pass fast form renders the colours; the checker then records the original's.
    let passLayer = passSource(of: shader, source, margin: margin)
    if let passLayer {
      _ = renderPasses(shader, passLayer) { pass, layer in render(pass, layer, into: &destination) }
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
