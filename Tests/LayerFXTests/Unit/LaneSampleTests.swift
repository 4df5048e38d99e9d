import LayerFX
import LayerFXMath
import Testing

/// The lane sampler and lane colours against the scalar ``Layer/sample(_:)``, a second
/// implementation of semantics.md §4.
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

  @Test(
    "the lane sample equals the scalar sample bit for bit, inside, outside and at NaN",
    arguments: [(Float(1), Float(0)), (1, 3.5), (2, 2)])
  func laneSampleMatchesScalar(scale: Float, offset: Float) {
    let layer = Layer(
      Self.image(width: 13, height: 9, scale: scale), maxSampleOffset: float2(offset, offset))
    // Points from well outside the padding to well past the far side, off the pixel grid.
    var points: [float2] = []
    for j in stride(from: Float(-6), through: 16, by: 0.37) {
      for i in stride(from: Float(-6), through: 20, by: 0.41) { points.append(float2(i, j)) }
    }
    points += [float2(.nan, 3), float2(2, .nan), float2(.infinity, -.infinity), float2(1e9, -1e9)]
    while points.count % 8 != 0 { points.append(.zero) }
    for start in stride(from: 0, to: points.count, by: 8) {
      var x = SIMD8<Float>()
      var y = SIMD8<Float>()
      for lane in 0..<8 {
        x[lane] = points[start + lane].x
        y[lane] = points[start + lane].y
      }
      let lanes = layer.sample(LanePosition(x: x, y: y))
      for lane in 0..<8 {
        let expected = layer.sample(points[start + lane])
        #expect(lanes[lane] == expected, "at \(points[start + lane])")
      }
    }
  }

  @Test("lane colours convert between colours and channel planes and store lane by lane")
  func laneColorLayouts() {
    let colors = (0..<8).map { half4(Float($0), Float($0) + 10, Float($0) + 20, Float($0) + 30) }
    let lanes = LaneColor(
      colors[0], colors[1], colors[2], colors[3], colors[4], colors[5], colors[6], colors[7])
    #expect(lanes.r == SIMD8(0, 1, 2, 3, 4, 5, 6, 7))
    #expect(lanes.a == SIMD8(30, 31, 32, 33, 34, 35, 36, 37))
    let planes = LaneColor(r: lanes.r, g: lanes.g, b: lanes.b, a: lanes.a)
    var stored = [half4](repeating: .zero, count: 8)
    stored.withUnsafeMutableBufferPointer { buffer in
      if let base = buffer.baseAddress { planes.store(to: base, count: 5) }
    }
    #expect(Array(stored[0..<5]) == Array(colors[0..<5]))
    #expect(stored[5] == .zero)
  }
}
