import LayerFX
import LayerFXMath
import Testing

/// The lane sampler, `layer.sample(Vector2<FloatLanes8>)`, against the scalar
/// ``Layer/sample(_:)-(float2)``, a second implementation of Documentation/Semantics.md §4.
@Suite struct LaneSampleTests {
  /// A small image whose channels differ everywhere, so a wrong texel or weight shows.
  static func image(width: Int, height: Int, scale: Float) -> Image {
    var pixels: [half4] = []
    for y in 0..<height {
      for x in 0..<width {
        let value = Float(x * 7 + y * 13)
        pixels.append(half4(value / 100, 1 - value / 200, Float(x) / Float(width), 0.5))
      }
    }
    return Image(width: width, height: height, scale: scale, pixels: pixels)
  }

  /// The bits of a colour, so `-0` and `+0` (and NaN payloads) count as different.
  static func bits(_ color: half4) -> SIMD4<UInt32> {
    SIMD4(color.x.bitPattern, color.y.bitPattern, color.z.bitPattern, color.w.bitPattern)
  }

  @Test(
    "the lane sample equals the scalar sample bit for bit, inside, outside and at NaN",
    arguments: [(Float(1), Float(0)), (1, 3.5), (2, 2)])
  func laneSampleMatchesScalar(scale: Float, offset: Float) {
    let layer = Layer(
      Self.image(width: 13, height: 9, scale: scale), maxSampleOffset: float2(offset, offset))
    // Points from well outside the padding to well past the far side, off the pixel grid, and
    // exactly on the clamp bounds.
    var points: [float2] = []
    for j in stride(from: Float(-6), through: 16, by: 0.37) {
      for i in stride(from: Float(-6), through: 20, by: 0.41) { points.append(float2(i, j)) }
    }
    let pad = offset * scale
    let lower = (-pad + 0.5) / scale
    let upper = (float2(13, 9) - 1 + pad + 0.5) / scale
    points += [
      float2(lower, lower), float2(upper.x, upper.y), float2(lower, upper.y),
      float2(.nan, 3), float2(2, .nan), float2(.nan, .nan), float2(.infinity, -.infinity),
      float2(1e9, -1e9), float2(-0.0, 0.0),
    ]
    while points.count % 8 != 0 { points.append(.zero) }
    for start in stride(from: 0, to: points.count, by: 8) {
      var x = SIMD8<Float>()
      var y = SIMD8<Float>()
      for lane in 0..<8 {
        x[lane] = points[start + lane].x
        y[lane] = points[start + lane].y
      }
      let lanes = layer.sample(Vector2(FloatLanes8(x), FloatLanes8(y)))
      for lane in 0..<8 {
        let expected = layer.sample(points[start + lane])
        let actual = half4(
          lanes.x[lane: lane], lanes.y[lane: lane], lanes.z[lane: lane], lanes.w[lane: lane])
        #expect(Self.bits(actual) == Self.bits(expected), "at \(points[start + lane])")
      }
    }
  }

  @Test("the one-lane sample is the scalar sample")
  func oneLaneSampleIsScalar() {
    let layer = Layer(Self.image(width: 5, height: 4, scale: 1), maxSampleOffset: float2(1, 2))
    for p in [float2(0.3, 0.7), float2(-2, 9), float2(4.99, 3.01), float2(.nan, 1)] {
      let one: Vector4<Float> = layer.sample(Vector2<Float>(p))
      #expect(Self.bits(one.simd) == Self.bits(layer.sample(p)), "at \(p)")
    }
  }
}
