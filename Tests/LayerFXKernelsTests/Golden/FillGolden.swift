import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

/// The checks every fill's golden test makes, against an independent float64 (or exact) formula.
enum FillGolden {
  /// The sizes every fill is checked at: odd sizes (partial lane batches), scale 2, and 1 × 1.
  static let sizes: [(width: Int, height: Int, scale: Float)] = [
    (203, 117, 1), (96, 61, 2), (1, 1, 1),
  ]

  /// Renders `shader` as a fill through one form, tiling and thread count.
  static func render(
    _ shader: Shader, width: Int, height: Int, scale: Float = 1, lanes: Bool,
    tileSize: Int? = nil, threads: Int = 2
  ) throws -> Image {
    var renderer = Renderer(tileSize: tileSize, threadCount: threads)
    renderer.usesLaneKernels = lanes
    let size = float2(Float(width), Float(height)) / scale
    let prepared = try shader.prepared(for: .fill, sizeInPoints: size)
    return renderer.render(
      RenderRequest(prepared, source: .fill(width: width, height: height, scale: scale))
    ).image
  }

  /// `reference(position)` at every pixel centre (Documentation/Semantics.md §2), stored as Float.
  static func referenceImage(
    width: Int, height: Int, scale: Float, _ reference: (SIMD2<Double>) -> SIMD4<Double>
  ) -> Image {
    let s = Double(scale)
    var pixels: [half4] = []
    for j in 0..<height {
      for i in 0..<width {
        let c = reference(SIMD2((Double(i) + 0.5) / s, (Double(j) + 0.5) / s))
        pixels.append(half4(Float(c.x), Float(c.y), Float(c.z), Float(c.w)))
      }
    }
    return Image(width: width, height: height, scale: scale, pixels: pixels)
  }

  /// Both forms within 1/255 of `reference` on ≥ 99.9 % of pixels and 3/255 on all, at every
  /// size; `shader(sizeInPoints)` makes the shader for a view of that size.
  static func expectMatchesReference(
    _ shader: (float2) -> Shader,
    _ reference: @escaping (SIMD2<Double>, SIMD2<Double>) -> SIMD4<Double>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for (width, height, scale) in sizes {
      let points = SIMD2(Double(width), Double(height)) / Double(scale)
      let expected = referenceImage(width: width, height: height, scale: scale) {
        reference($0, points)
      }
      for lanes in [true, false] {
        let actual = try render(
          shader(float2(Float(points.x), Float(points.y))), width: width, height: height,
          scale: scale, lanes: lanes)
        // Documentation/Semantics.md §3: within one 8-bit code on ≥ 99.9 % (binary32 rounding), 3 on all.
        let fine = compare(actual, expected, tolerance: 1.0 / 255)
        #expect(
          fine.mismatchFraction <= 0.001, "\(width)×\(height)@\(scale), lanes \(lanes): \(fine)",
          sourceLocation: sourceLocation)
        let coarse = compare(actual, expected, tolerance: 3.0 / 255)
        #expect(
          coarse.mismatchFraction == 0, "\(width)×\(height)@\(scale), lanes \(lanes): \(coarse)",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// Identical bytes for bands and tile sizes 1, 7, 64, on 1 and 2 threads, in each form.
  static func expectDeterministic(
    _ shader: Shader, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for lanes in [true, false] {
      let reference = try render(shader, width: 67, height: 45, lanes: lanes, threads: 1)
      for tileSize in [nil, 1, 7, 64] as [Int?] {
        for threads in [1, 2] {
          let other = try render(
            shader, width: 67, height: 45, lanes: lanes, tileSize: tileSize, threads: threads)
          #expect(
            other.pixels == reference.pixels,
            "tile \(tileSize.map(String.init) ?? "bands"), \(threads) threads, lanes \(lanes)",
            sourceLocation: sourceLocation)
        }
      }
    }
  }
}

/// Premultiplied mix in float64: `a + (b − a) t`.
func referenceMix(_ a: half4, _ b: half4, _ t: Double) -> SIMD4<Double> {
  let a64 = SIMD4(Double(a.x), Double(a.y), Double(a.z), Double(a.w))
  let b64 = SIMD4(Double(b.x), Double(b.y), Double(b.z), Double(b.w))
  return a64 + (b64 - a64) * t
}
