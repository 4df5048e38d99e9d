import LayerFXMath
import Testing

@testable import LayerFX

/// The layer's padding is read, not stored (Documentation/Semantics.md §4.1–§4.2).
///
/// The reference is the rule as written, a second implementation: a texel `t(x, y)` of the
/// padded layer is the image's pixel inside the image and transparent black in the padding, with
/// clamp-to-edge addressing of the padded region beyond it; `q = p × s − 0.5` is clamped to
/// `[−pad, W − 1 + pad]` (NaN to the lower bound) and the four texels blend in the stated order.
@Suite("Layer padding")
struct LayerPaddingTests {
  /// `t(x, y)` of the padded layer by the rule, addressed clamp-to-edge.
  static func referenceTexel(_ image: Image, pad: SIMD2<Int>, _ x: Int, _ y: Int) -> half4 {
    let column = min(max(x, -pad.x), image.width - 1 + pad.x)
    let row = min(max(y, -pad.y), image.height - 1 + pad.y)
    guard column >= 0, column < image.width, row >= 0, row < image.height else { return .zero }
    return image.pixels[row * image.width + column]
  }

  /// `Layer.sample` by Documentation/Semantics.md §4.2, step by step.
  static func referenceSample(_ image: Image, pad: SIMD2<Int>, _ p: float2) -> half4 {
    var q = p * image.scale - 0.5
    let lower = float2(Float(-pad.x), Float(-pad.y))
    let upper = float2(Float(image.width - 1 + pad.x), Float(image.height - 1 + pad.y))
    q.x = q.x.isNaN ? lower.x : min(max(q.x, lower.x), upper.x)
    q.y = q.y.isNaN ? lower.y : min(max(q.y, lower.y), upper.y)
    let cell = q.rounded(.down)
    let (fx, fy) = (q.x - cell.x, q.y - cell.y)
    let (x, y) = (Int(cell.x), Int(cell.y))
    let t = { (dx: Int, dy: Int) in referenceTexel(image, pad: pad, x + dx, y + dy) }
    let top = t(0, 0) + (t(1, 0) - t(0, 0)) * fx
    let bottom = t(0, 1) + (t(1, 1) - t(0, 1)) * fx
    return top + (bottom - top) * fy
  }

  /// An image whose pixels all differ, premultiplied (alpha ≥ every colour channel).
  static func distinctImage(width: Int, height: Int, scale: Float) -> Image {
    var pixels: [half4] = []
    for index in 0..<width * height {
      let alpha = Float(index % 7 + 1) / 8
      pixels.append(half4(alpha * 0.5, alpha * Float(index % 3) / 3, alpha * 0.25, alpha))
    }
    return Image(width: width, height: height, scale: scale, pixels: pixels)
  }

  /// Points from before the image's edge to past it on both axes, off the texel centres; points
  /// at and beyond the padding's edges; and the non-finite and huge coordinates the clamp pins.
  static func probePoints(_ image: Image, pad: SIMD2<Int>) -> [float2] {
    func axis(_ size: Int, _ pad: Int, step: Float) -> [Float] {
      let reach = Float(min(pad, 5) + 3)
      var values = stride(from: -reach, through: Float(size) + reach, by: step).map { $0 }
      values += [
        -Float(pad) - 0.7, -Float(pad) + 0.2, Float(size + pad) - 0.6, Float(size + pad) + 0.3,
      ]
      return values
    }
    let xs = axis(image.width, pad.x, step: 0.37)
    let ys = axis(image.height, pad.y, step: 0.41)
    let special: [Float] = [.nan, .infinity, -.infinity, 3e38, -3e38, 0, 0.5]
    var points = [float2]()
    for y in ys { for x in xs { points.append(float2(x, y) / image.scale) } }
    for x in special { for y in special + [0.75] { points.append(float2(x, y)) } }
    return points
  }

  @Test(
    "the scalar and lane samples equal the padded-layer rule bit for bit",
    arguments: [
      (1, 1, Float(1), float2(0, 0)), (1, 1, 1, float2(4999, 4999)), (3, 2, 1, float2(0, 0)),
      (3, 2, 1, float2(1, 1)), (17, 5, 1, float2(3, 0)), (17, 5, 1, float2(0, 2.5)),
      (9, 9, 2, float2(1.2, 0.3)), (16, 3, 0.5, float2(6, 6)),
    ])
  func matchesRule(width: Int, height: Int, scale: Float, offset: float2) {
    let image = Self.distinctImage(width: width, height: height, scale: scale)
    let layer = Layer(image, maxSampleOffset: offset)
    let pad = SIMD2(Int((offset.x * scale).rounded(.up)), Int((offset.y * scale).rounded(.up)))
    #expect(layer.padding == pad)
    let points = Self.probePoints(image, pad: pad)
    var mismatches = 0
    for start in stride(from: 0, to: points.count - 7, by: 8) {
      let group = Array(points[start..<start + 8])
      let lanes = layer.sampleLanes(
        x: SIMD8(group.map(\.x)), y: SIMD8(group.map(\.y)))
      for (lane, point) in group.enumerated() {
        let expected = Self.referenceSample(image, pad: pad, point)
        let scalar = layer.sample(point)
        let vector = half4(
          lanes.x.simd[lane], lanes.y.simd[lane], lanes.z.simd[lane], lanes.w.simd[lane])
        // Exactness is the claim: the same operations on the same texels.
        if scalar != expected || vector != expected {
          mismatches += 1
          if mismatches <= 3 {
            Issue.record("at \(point): rule \(expected), scalar \(scalar), lanes \(vector)")
          }
        }
      }
    }
    #expect(mismatches == 0)
  }

  @Test("a padded layer shares the image's pixels and allocates none for its padding")
  func sharesPixels() {
    // A 1 × 1 image with a padding of 4999 per side: stored, the padded layer would be
    // (1 + 2 × 4999 + 1)² × 16 bytes = 1.6 GB; read, it is the image's one pixel.
    let color = half4(0.25, 0.5, 0.125, 0.5)
    let image = Image(width: 1, height: 1, color: color)
    let layer = Layer(image, maxSampleOffset: float2(4999, 4999))
    #expect(layer.padding == SIMD2(4999, 4999))
    let imageBase = image.pixels.withUnsafeBufferPointer { $0.baseAddress }
    #expect(UnsafePointer(layer.storage.texels) == imageBase)
    // Hand values: the centre is the pixel; half a texel right blends it half with the
    // transparent padding; far out, and beyond the padding's edge, transparent black.
    #expect(layer.sample(float2(0.5, 0.5)) == color)
    #expect(layer.sample(float2(1.0, 0.5)) == color * 0.5)
    #expect(layer.sample(float2(-3000, 0.5)) == .zero)
    #expect(layer.sample(float2(1e9, -1e9)) == .zero)
  }

  @Test("an offset or scale too large for an Int pads by 2³⁰ pixels instead of trapping")
  func hugePadding() {
    let image = Image(width: 2, height: 1, scale: 3e38, color: half4(1, 1, 1, 1))
    let layer = Layer(image, maxSampleOffset: float2(3e38, 12))
    #expect(layer.padding == SIMD2(1 << 30, 1 << 30))
    #expect(layer.sample(float2(-1, 0)) == .zero)
  }
}
