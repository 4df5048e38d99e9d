import LayerFXMath

/// How far each pixel of a layer or distortion pass reads from its own position: the data of
/// the debug overlay's displacement heat map.
///
/// For a distortion effect a pixel's displacement is `|f(position) − position|`, the distance
/// to the position it returns; for a layer effect it is the distance to its farthest
/// ``Layer/sample(_:)->half4`` call. A pixel is beyond bounds by the bounds checker's rule: some
/// sample lies farther than `maxSampleOffset` on an axis, or at NaN or ∞ (``SampleBoundsReport``).
///
/// Source: Documentation/Semantics.md §2 (positions at pixel centres, in points), §4
/// (`maxSampleOffset`).
public struct DisplacementMap: Sendable, Equatable {
  /// Pixels.
  public let width: Int
  /// Pixels.
  public let height: Int
  /// Each pixel's displacement, points (Euclidean, ≥ 0), row-major; 0 for a pixel that sampled
  /// nothing or only at NaN or ∞.
  public var distances: [Float]
  /// Whether each pixel sampled beyond `maxSampleOffset`, row-major.
  public var isBeyondBounds: [Bool]

  /// Measures `shader` over `image`, pixel by pixel on one thread; `nil` for a colour effect or
  /// a fill, which sample nothing.
  ///
  /// A layer effect reads `image` padded by the shader's `maxSampleOffset`, as the renderer
  /// pads it; the rendered colours are discarded. The pixels run as the bounds checker runs
  /// them (the renderer's per-pixel pass, a row at a time: in batches for a kernel with
  /// `RowKernel.pixels`, such as a compiled `.metal` function). The map has the image's size.
  ///
  /// - Parameters:
  ///   - shader: A prepared layer or distortion shader.
  ///   - image: The pass's source, premultiplied RGBA.
  /// - Complexity: O(width × height × samples per pixel); allocates 5 bytes per pixel, a row of
  ///   16, and for a compiled `.metal` layer effect the padded layer it reads.
  public init?(_ shader: PreparedShader, over image: Image) {
    guard shader.kind == .layer || shader.kind == .distortion else { return nil }
    let (width, height) = (image.width, image.height)
    var distances = [Float](repeating: 0, count: width * height)
    var isBeyondBounds = [Bool](repeating: false, count: width * height)
    let layer = Layer(image, maxSampleOffset: shader.maxSampleOffset)
    let probe = SampleProbe(declaredOffset: shader.maxSampleOffset)
    TileBuffer<half4>.withScratch(capacity: width) { row in
      for y in 0..<height {
        let pass = TilePass(
          shader: shader, source: .layer(layer), margin: .zero, scale: image.scale, output: row,
          outputOrigin: SIMD2(0, y), outputRowLength: width)
        pass.shadePixels(columns: 0..<width, rows: y..<y + 1, probe: probe, stores: false) {
          pixel in
          distances[pixel.y * width + pixel.x] = probe.pixelFarthestDistance
          isBeyondBounds[pixel.y * width + pixel.x] = probe.pixelHasViolation
        }
      }
    }
    self.width = width
    self.height = height
    self.distances = distances
    self.isBeyondBounds = isBeyondBounds
  }
}
