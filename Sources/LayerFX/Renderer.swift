import Dispatch
import Foundation
import LayerFXMath

/// Runs an effect kernel over every pixel of an image, in tiles, on several threads.
///
/// The destination is cut into square tiles of ``tileSize`` pixels, and ``threadCount`` workers
/// of `DispatchQueue.concurrentPerform` render tiles `w, w + n, w + 2n, …`. Each pixel's value
/// depends only on its position and the source, and bounds-check reports are merged in tile
/// order, so the output is identical for every tile size and thread count.
///
/// When a kernel comes with its lane form (``LaneKernel``) and ``usesLaneKernels`` is on, rows
/// are shaded eight pixels per call through it; otherwise the per-pixel closure runs. Each form
/// is deterministic on its own, and the two agree within 1 8-bit code value.
///
/// Source: design.md ("Renderer"); semantics.md §1–§4.
public struct Renderer: Sendable {
  /// The edge of a square tile, in pixels (≥ 1).
  public var tileSize: Int
  /// How many workers render tiles at once (≥ 1).
  public var threadCount: Int
  /// Whether a kernel's lane form, when given, is used instead of its closure; on by default.
  ///
  /// Turning it off times or checks the closure form.
  public var usesLaneKernels = true

  /// The default worker count: the active processor count.
  public static var defaultThreadCount: Int { ProcessInfo.processInfo.activeProcessorCount }

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - tileSize: The edge of a square tile in pixels, ≥ 1; 1024 by default (wide tiles let
  ///     the hardware prefetcher stream rows; Benchmarks/README.md has the sweep).
  ///   - threadCount: The number of workers, ≥ 1; all active cores by default.
  /// - Precondition: Both are at least 1 (checked in release builds).
  public init(tileSize: Int = 1024, threadCount: Int = Renderer.defaultThreadCount) {
    precondition(tileSize >= 1, "tile size must be at least 1 pixel")
    precondition(threadCount >= 1, "thread count must be at least 1")
    self.tileSize = tileSize
    self.threadCount = threadCount
  }

  /// Which pixels the destination covers.
  public enum OutputBounds: Sendable {
    /// The source's own pixels (SwiftUI's default).
    case source
    /// The source grown by the layer's padding on every side, so an effect can draw outside
    /// the view as in SwiftUI.
    case padded
  }

  /// Renders `kernel` over `layer`, for any effect kind.
  ///
  /// Pixel `(i, j)` of the destination has `position = ((i − ox + 0.5) / s, (j − oy + 0.5) / s)`
  /// points, where `(ox, oy)` is the padding for ``OutputBounds/padded`` and 0 otherwise. A
  /// colour kernel gets the source pixel under it (transparent outside the source); a
  /// distortion kernel's result is read with `layer.sample`; a layer kernel gets the layer.
  ///
  /// With `lanes` (and ``usesLaneKernels``), the lane form makes the colours; the bounds checker
  /// then records the closure form's samples, so checking never changes the output.
  ///
  /// - Parameters:
  ///   - kernel: The effect body with its arguments bound.
  ///   - lanes: The same effect's lane form, if it has one; of the same kind as `kernel`.
  ///   - layer: The padded source.
  ///   - bounds: The destination's extent.
  ///   - checksSampleBounds: Whether to record every sample against `maxSampleOffset`, and
  ///     count the output pixels that are NaN or ∞.
  ///   - maxSampleOffset: The declared offset, points; used only by the checker.
  /// - Returns: The destination (premultiplied RGBA, the layer's scale; the source's size, or
  ///   grown by twice the padding) and, when checking, the bounds report.
  /// - Complexity: O(width × height × kernel cost); allocates the destination only.
  public func render(
    _ kernel: EffectKernel, lanes: LaneKernel? = nil, layer: Layer,
    bounds: OutputBounds = .source, checksSampleBounds: Bool = false,
    maxSampleOffset: float2 = .zero
  ) -> (image: Image, report: SampleBoundsReport?) {
    let size = Self.destinationSize(layer: layer, bounds: bounds)
    var report: SampleBoundsReport?
    let pixels = [half4](unsafeUninitializedCapacity: size.x * size.y) { buffer, initialized in
      report = renderPixels(
        kernel, lanes: lanes, layer: layer, bounds: bounds, into: buffer,
        checksSampleBounds: checksSampleBounds, maxSampleOffset: maxSampleOffset)
      initialized = size.x * size.y
    }
    return (Image(width: size.x, height: size.y, scale: layer.scale, pixels: pixels), report)
  }

  /// Renders `kernel` over `layer` into `destination`, reusing its pixel storage when it
  /// already has the destination's size (so an animation allocates and page-faults its frame
  /// once, not every frame).
  ///
  /// The result is the same as ``render(_:lanes:layer:bounds:checksSampleBounds:maxSampleOffset:)``'s
  /// image; `destination` is replaced by a new image when its size or scale differs.
  ///
  /// - Parameters:
  ///   - kernel: The effect body with its arguments bound.
  ///   - lanes: The same effect's lane form, if it has one; of the same kind as `kernel`.
  ///   - layer: The padded source.
  ///   - bounds: The destination's extent.
  ///   - destination: On return, the rendered image (premultiplied RGBA, the layer's scale).
  /// - Complexity: O(width × height × kernel cost); allocates only when `destination` does not
  ///   fit.
  public func render(
    _ kernel: EffectKernel, lanes: LaneKernel? = nil, layer: Layer,
    bounds: OutputBounds = .source, into destination: inout Image
  ) {
    let size = Self.destinationSize(layer: layer, bounds: bounds)
    if destination.width != size.x || destination.height != size.y
      || destination.scale != layer.scale
    {
      destination = Image(width: size.x, height: size.y, scale: layer.scale)
    }
    destination.pixels.withUnsafeMutableBufferPointer { buffer in
      _ = renderPixels(
        kernel, lanes: lanes, layer: layer, bounds: bounds, into: buffer,
        checksSampleBounds: false, maxSampleOffset: .zero)
    }
  }

  private static func destinationSize(layer: Layer, bounds: OutputBounds) -> SIMD2<Int> {
    let margin = bounds == .padded ? layer.padding : .zero
    return SIMD2(layer.width, layer.height) &+ 2 &* margin
  }

  private func renderPixels(
    _ kernel: EffectKernel, lanes: LaneKernel?, layer: Layer, bounds: OutputBounds,
    into buffer: UnsafeMutableBufferPointer<half4>, checksSampleBounds: Bool,
    maxSampleOffset: float2
  ) -> SampleBoundsReport? {
    let margin = bounds == .padded ? layer.padding : .zero
    let size = Self.destinationSize(layer: layer, bounds: bounds)
    let lanes = usesLaneKernels ? lanes : nil
    let tileSize = tileSize
    let tilesAcross = (size.x + tileSize - 1) / tileSize
    let tileCount = tilesAcross * ((size.y + tileSize - 1) / tileSize)
    let pass = TilePass(
      kernel: kernel, lanes: lanes, layer: layer, width: size.x, margin: margin,
      output: TileBuffer(buffer))
    var reports = [SampleBoundsReport?](repeating: nil, count: checksSampleBounds ? tileCount : 0)
    reports.withUnsafeMutableBufferPointer { reportBuffer in
      let tileReports = TileBuffer(reportBuffer)
      let workers = min(threadCount, tileCount)
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        for tile in stride(from: worker, to: tileCount, by: workers) {
          let x0 = (tile % tilesAcross) * tileSize
          let y0 = (tile / tilesAcross) * tileSize
          let columns = x0..<min(x0 + tileSize, size.x)
          let rows = y0..<min(y0 + tileSize, size.y)
          if lanes != nil { pass.shadeLanes(columns: columns, rows: rows) }
          guard lanes == nil || checksSampleBounds else { continue }
          let probe = checksSampleBounds ? SampleProbe(declaredOffset: maxSampleOffset) : nil
          pass.shadePixels(columns: columns, rows: rows, probe: probe, stores: lanes == nil)
          if let probe { tileReports[tile] = probe.report }
        }
      }
    }
    guard checksSampleBounds else { return nil }
    var report = SampleBoundsReport(declaredOffset: maxSampleOffset)
    for case let tileReport? in reports { report.merge(tileReport) }
    report.sortFirstViolations()
    report.nonFiniteOutputCount = SampleBoundsReport.nonFiniteCount(in: UnsafeBufferPointer(buffer))
    return report
  }
}
