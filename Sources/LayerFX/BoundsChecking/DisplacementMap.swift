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
  /// pads it; the rendered colours are discarded. The map has the image's size.
  ///
  /// - Parameters:
  ///   - shader: A prepared layer or distortion shader.
  ///   - image: The pass's source, premultiplied RGBA.
  /// - Complexity: O(width × height × samples per pixel); allocates the padded layer and
  ///   5 bytes per pixel.
  public init?(_ shader: PreparedShader, over image: Image) {
    let measure: (float2, SampleProbe) -> Void
    switch shader.kernel {
    case .color, .fill: return nil
    case .distortion(let body): measure = { position, probe in probe.record(body(position)) }
    case .layer(let body):
      var layer = Layer(image, maxSampleOffset: shader.maxSampleOffset)
      measure = { position, probe in
        layer.probe = probe
        _ = body(position, layer)
      }
    }
    width = image.width
    height = image.height
    distances = Array(repeating: 0, count: width * height)
    isBeyondBounds = Array(repeating: false, count: width * height)
    let probe = SampleProbe(declaredOffset: shader.maxSampleOffset)
    for y in 0..<height {
      for x in 0..<width {
        let position = float2((Float(x) + 0.5) / image.scale, (Float(y) + 0.5) / image.scale)
        probe.begin(pixel: SIMD2(x, y), position: position)
        measure(position, probe)
        distances[y * width + x] = probe.pixelFarthestDistance
        isBeyondBounds[y * width + x] = probe.pixelHasViolation
      }
    }
  }
}
