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
/// Source: design.md ("Renderer"); semantics.md §1–§4.
public struct Renderer: Sendable {
  /// The edge of a square tile, in pixels (≥ 1).
  public var tileSize: Int
  /// How many workers render tiles at once (≥ 1).
  public var threadCount: Int

  /// The default worker count: the active processor count.
  public static var defaultThreadCount: Int { ProcessInfo.processInfo.activeProcessorCount }

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - tileSize: The edge of a square tile in pixels, ≥ 1; 64 by default.
  ///   - threadCount: The number of workers, ≥ 1; all active cores by default.
  /// - Precondition: Both are at least 1 (checked in release builds).
  public init(tileSize: Int = 64, threadCount: Int = Renderer.defaultThreadCount) {
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
  /// - Parameters:
  ///   - kernel: The effect body with its arguments bound.
  ///   - layer: The padded source.
  ///   - bounds: The destination's extent.
  ///   - checksSampleBounds: Whether to record every sample against `maxSampleOffset`, and
  ///     count the output pixels that are NaN or ∞.
  ///   - maxSampleOffset: The declared offset, points; used only by the checker.
  /// - Returns: The destination (premultiplied RGBA, the layer's scale; the source's size, or
  ///   grown by twice the padding) and, when checking, the bounds report.
  /// - Complexity: O(width × height × kernel cost); allocates the destination only.
  public func render(
    _ kernel: EffectKernel, layer: Layer, bounds: OutputBounds = .source,
    checksSampleBounds: Bool = false, maxSampleOffset: float2 = .zero
  ) -> (image: Image, report: SampleBoundsReport?) {
    let margin = bounds == .padded ? layer.padding : .zero
    let width = layer.width + 2 * margin.x
    let height = layer.height + 2 * margin.y
    let scale = layer.scale
    let offset = SIMD2<Float>(Float(margin.x), Float(margin.y))
    let tilesAcross = (width + tileSize - 1) / tileSize
    let tileCount = tilesAcross * ((height + tileSize - 1) / tileSize)
    var reports = [SampleBoundsReport?](repeating: nil, count: checksSampleBounds ? tileCount : 0)
    let pixels = [half4](unsafeUninitializedCapacity: width * height) { buffer, initialized in
      let output = TileBuffer(buffer)
      reports.withUnsafeMutableBufferPointer { reportBuffer in
        let tileReports = TileBuffer(reportBuffer)
        let workers = min(threadCount, tileCount)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
          for tile in stride(from: worker, to: tileCount, by: workers) {
            let x0 = (tile % tilesAcross) * tileSize
            let y0 = (tile / tilesAcross) * tileSize
            let columns = x0..<min(x0 + tileSize, width)
            let rows = y0..<min(y0 + tileSize, height)
            let probe = checksSampleBounds ? SampleProbe(declaredOffset: maxSampleOffset) : nil
            var tileLayer = layer
            tileLayer.probe = probe
            for y in rows {
              let py = (Float(y) - offset.y + 0.5) / scale
              for x in columns {
                let position = float2((Float(x) - offset.x + 0.5) / scale, py)
                probe?.begin(pixel: SIMD2(x, y), position: position)
                output[y * width + x] = Self.shade(
                  kernel, position: position, layer: tileLayer, sourcePixel: SIMD2(x, y) &- margin)
              }
            }
            if let probe { tileReports[tile] = probe.report }
          }
        }
      }
      initialized = width * height
    }
    let image = Image(width: width, height: height, scale: scale, pixels: pixels)
    guard checksSampleBounds else { return (image, nil) }
    var report = SampleBoundsReport(declaredOffset: maxSampleOffset)
    for case let tileReport? in reports { report.merge(tileReport) }
    report.sortFirstViolations()
    report.nonFiniteOutputCount = SampleBoundsReport.nonFiniteCount(in: pixels)
    return (image, report)
  }

  private static func shade(
    _ kernel: EffectKernel, position: float2, layer: Layer, sourcePixel: SIMD2<Int>
  ) -> half4 {
    switch kernel {
    case .layer(let body):
      return body(position, layer)
    case .distortion(let body):
      return layer.sample(body(position))
    case .color(let body):
      return body(position, layer.texel(sourcePixel))
    }
  }
}
