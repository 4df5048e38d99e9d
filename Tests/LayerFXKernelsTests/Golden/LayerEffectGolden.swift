import Foundation
import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

/// An independent float64 model of the padded layer and its bilinear `sample` (Documentation/Semantics.md §4),
/// written from the semantics text only; it shares no code with `Layer`.
struct ReferenceLayer {
  /// The source, premultiplied RGBA.
  let image: Image
  /// Transparent padding per side, pixels: `ceil(maxSampleOffset × scale)`.
  let pad: SIMD2<Int>

  init(_ image: Image, maxSampleOffset: SIMD2<Double>) {
    self.image = image
    let s = Double(image.scale)
    pad = SIMD2(
      Int((maxSampleOffset.x * s).rounded(.up)), Int((maxSampleOffset.y * s).rounded(.up)))
  }

  /// §4: q = p · s − 0.5, clamped to the padded region, then bilinear over the padded image.
  func sample(_ p: SIMD2<Double>) -> SIMD4<Double> {
    let s = Double(image.scale)
    let qx = min(max(p.x * s - 0.5, Double(-pad.x)), Double(image.width - 1 + pad.x))
    let qy = min(max(p.y * s - 0.5, Double(-pad.y)), Double(image.height - 1 + pad.y))
    let (x0, y0) = (qx.rounded(.down), qy.rounded(.down))
    let (wx, wy) = (qx - x0, qy - y0)
    let (ix, iy) = (Int(x0), Int(y0))
    let top = texel(ix, iy) * (1 - wx) + texel(ix + 1, iy) * wx
    let bottom = texel(ix, iy + 1) * (1 - wx) + texel(ix + 1, iy + 1) * wx
    return top * (1 - wy) + bottom * wy
  }

  /// The source inside, transparent black in the padding, the padded edge beyond it.
  private func texel(_ x: Int, _ y: Int) -> SIMD4<Double> {
    let cx = min(max(x, -pad.x), image.width - 1 + pad.x)
    let cy = min(max(y, -pad.y), image.height - 1 + pad.y)
    guard cx >= 0, cx < image.width, cy >= 0, cy < image.height else { return .zero }
    let v = image[cx, cy]
    return SIMD4(Double(v.x), Double(v.y), Double(v.z), Double(v.w))
  }

  /// Renders `shade(position, layer)` at every pixel centre (§2), in float64, stored as Float.
  func render(_ shade: (SIMD2<Double>, ReferenceLayer) -> SIMD4<Double>) -> Image {
    let s = Double(image.scale)
    var pixels: [half4] = []
    pixels.reserveCapacity(image.width * image.height)
    for j in 0..<image.height {
      for i in 0..<image.width {
        let c = shade(SIMD2((Double(i) + 0.5) / s, (Double(j) + 0.5) / s), self)
        pixels.append(half4(Float(c.x), Float(c.y), Float(c.z), Float(c.w)))
      }
    }
    return Image(width: image.width, height: image.height, scale: image.scale, pixels: pixels)
  }
}

/// BT.709 luma of a premultiplied sample, as the kernels' doc comments define it.
func referenceLuma(_ c: SIMD4<Double>) -> Double { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }

/// The images every layer-effect golden test runs on: the test card at an odd size (rows end in
/// partial lane batches), at scale 2, a 1 × 1 image, and an image with varying alpha.
enum GoldenImages {
  static let all: [(name: String, image: Image)] = [
    ("test card 203×117", Image.testCard(width: 203, height: 117)),
    ("test card 96×61 @2x", Image.testCard(width: 96, height: 61, scale: 2)),
    ("1×1", Image(width: 1, height: 1, color: half4(0.2, 0.4, 0.6, 0.8))),
    ("radial alpha 37×23", Fixtures.radialAlpha(width: 37, height: 23)),
  ]
}

/// The checks every layer-effect golden test makes, against an independent float64 reference.
enum LayerEffectGolden {
  /// Renders `shader` with its own maxSampleOffset through one form, tiling and thread count.
  static func render(
    _ shader: Shader, _ image: Image, lanes: Bool, tileSize: Int? = nil, threads: Int = 2
  ) throws -> Image {
    var renderer = Renderer(tileSize: tileSize, threadCount: threads)
    renderer.usesLaneKernels = lanes
    let prepared = try shader.prepared(for: .layer, sizeInPoints: image.sizeInPoints)
    return renderer.render(RenderRequest(prepared, source: .image(image))).image
  }

  /// Both forms within 1/255 of `reference` on ≥ 99.9 % of pixels and within 3/255 on all.
  static func expectMatchesReference(
    _ shader: Shader, maxSampleOffset: SIMD2<Double>,
    _ reference: @escaping (SIMD2<Double>, ReferenceLayer) -> SIMD4<Double>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for (name, image) in GoldenImages.all {
      let expected = ReferenceLayer(image, maxSampleOffset: maxSampleOffset).render(reference)
      for lanes in [true, false] {
        let actual = try render(shader, image, lanes: lanes)
        // Tolerance from Documentation/Semantics.md §3: within one 8-bit code of a float64 reference on
        // ≥ 99.9 % of pixels (binary32 rounding of sums and bilinear weights), 3 everywhere.
        let fine = compare(actual, expected, tolerance: 1.0 / 255)
        #expect(
          fine.mismatchFraction <= 0.001, "\(name), lanes \(lanes): \(fine)",
          sourceLocation: sourceLocation)
        let coarse = compare(actual, expected, tolerance: 3.0 / 255)
        #expect(
          coarse.mismatchFraction == 0, "\(name), lanes \(lanes): \(coarse)",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// Identical bytes for bands and tile sizes 1, 7, 64, on 1 and 2 threads, in each form.
  static func expectDeterministic(
    _ shader: Shader, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let image = Image.testCard(width: 67, height: 45)
    for lanes in [true, false] {
      let reference = try render(shader, image, lanes: lanes, tileSize: nil, threads: 1)
      for tileSize in [nil, 1, 7, 64] as [Int?] {
        for threads in [1, 2] {
          let other = try render(shader, image, lanes: lanes, tileSize: tileSize, threads: threads)
          #expect(
            other.pixels == reference.pixels,
            "tile \(tileSize.map(String.init) ?? "bands"), \(threads) threads, lanes \(lanes)",
            sourceLocation: sourceLocation)
        }
      }
    }
  }

  /// Every sample within the shader's declared maxSampleOffset on the test cards.
  static func expectWithinBounds(
    _ shader: Shader, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for image in [
      Image.testCard(width: 61, height: 37), Image.testCard(width: 40, height: 30, scale: 2),
    ] {
      let prepared = try shader.prepared(for: .layer, sizeInPoints: image.sizeInPoints)
      let checked = Renderer().render(
        RenderRequest(prepared, source: .image(image), checksSampleBounds: true))
      let report = try #require(checked.report, sourceLocation: sourceLocation)
      #expect(report.isWithinBounds, "\(report)", sourceLocation: sourceLocation)
      #expect(report.sampleCount > 0, sourceLocation: sourceLocation)
    }
  }
}
