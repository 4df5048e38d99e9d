import LayerFX
import LayerFXMath
import Testing

/// The lane samplers, `layer.sample(Vector2<FloatLanes8>)` and `Vector2<FloatLanes16>`, against
/// the scalar ``Layer/sample(_:)-(float2)``, a second implementation of
/// Documentation/Semantics.md §4.
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
    Self.expectLanesMatchScalar(layer, points, lanes: FloatLanes8.self)
    Self.expectLanesMatchScalar(layer, points, lanes: FloatLanes16.self)
  }

  /// Lanes holding `values`, lane 0 first.
  static func lanes<F: FloatLanes>(_ values: some Collection<Float>) -> F {
    var lanes = F(0)
    for (lane, value) in values.enumerated() { lanes[lane: lane] = value }
    return lanes
  }

  /// Eight positions one point apart along a row, from `start`, at scale 1: a translated run,
  /// whose texels the lane sampler reads as contiguous runs.
  static func run(from start: float2) -> [float2] {
    (0..<8).map { float2(start.x + Float($0), start.y) }
  }

  /// The lane sample and the lane store of `points` at width `F`, batch by batch (the last
  /// padded with the origin), each lane against the scalar sample.
  static func expectLanesMatchScalar<F: PixelLanes>(
    _ layer: Layer, _ points: [float2], lanes: F.Type,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var points = points
    while points.count % F.laneCount != 0 { points.append(.zero) }
    for start in stride(from: 0, to: points.count, by: F.laneCount) {
      let batch = points[start..<start + F.laneCount]
      let position = Vector2<F>(Self.lanes(batch.map(\.x)), Self.lanes(batch.map(\.y)))
      let sampled = layer.sample(position)
      var stored = [half4](repeating: half4(repeating: 9), count: F.laneCount)
      stored.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        F._storeSample(layer, at: position, to: base, count: F.laneCount)
      }
      for (lane, point) in batch.enumerated() {
        let expected = Self.bits(layer.sample(point))
        let color = half4(
          sampled.x[lane: lane], sampled.y[lane: lane], sampled.z[lane: lane],
          sampled.w[lane: lane])
        #expect(
          Self.bits(color) == expected, "\(F.laneCount) lanes: sample at \(point)",
          sourceLocation: sourceLocation)
        #expect(
          Self.bits(stored[lane]) == expected, "\(F.laneCount) lanes: store at \(point)",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// ``expectLanesMatchScalar(_:_:lanes:sourceLocation:)`` at eight lanes, and at sixteen with
  /// the same eight positions in both halves and with them beside their continuation.
  static func expectLanesMatchScalar(
    _ layer: Layer, _ points: [float2], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectLanesMatchScalar(layer, points, lanes: FloatLanes8.self, sourceLocation: sourceLocation)
    let continued = points + points.map { float2($0.x + 8, $0.y) }
    for sixteen in [points + points, continued] {
      expectLanesMatchScalar(
        layer, sixteen, lanes: FloatLanes16.self, sourceLocation: sourceLocation)
    }
  }

  @Test(
    "translated runs (one row, one weight, consecutive cells) equal the scalar sample bit for bit",
    arguments: [Float(0), 0.25, 0.5, 0.999_999_94])
  func translatedRunsMatchScalar(fraction: Float) {
    // Texels with −0, NaN and infinite channels as well as ordinary ones, so the blend's order
    // of operations (not only its value) must match.
    var image = Self.image(width: 21, height: 6, scale: 1)
    image.pixels[3] = half4(-0.0, .infinity, -.infinity, 0)
    image.pixels[25] = half4(.nan, -0.0, 1, 1)
    let layer = Layer(image, maxSampleOffset: float2(2, 2))
    for row in [Float(0.5), 1.5, 2.25, 4.75, 5.5] {
      // From the padding on the left, through the interior, into the padding on the right.
      for column in stride(from: Float(-2), through: 16, by: 1) {
        Self.expectLanesMatchScalar(layer, Self.run(from: float2(column + 0.5 + fraction, row)))
      }
    }
  }

  @Test("runs that are one lane off a translation equal the scalar sample bit for bit")
  func nearTranslatedRunsMatchScalar() {
    let layer = Layer(Self.image(width: 21, height: 6, scale: 1), maxSampleOffset: float2(1, 1))
    let base = Self.run(from: float2(3.75, 2.5))
    for lane in 0..<8 {
      // One lane a texel to the right, a weight one ulp different, another row, −0 for +0.
      for change in [
        float2(1, 0), float2(Float(3.75 + Double(lane)).nextUp - base[lane].x, 0),
        float2(0, 1), float2(0, 0.001),
      ] {
        var points = base
        points[lane] += change
        Self.expectLanesMatchScalar(layer, points)
      }
    }
    // Whole-texel weights from −0 and +0 positions (x · 1 − 0.5 is +0 for x = 0.5).
    Self.expectLanesMatchScalar(
      layer, (0..<8).map { float2($0 == 0 ? -0.0 : Float($0) + 0.5, 0.5) })
  }

  @Test(
    "lanes that read their neighbour's cell (pixellation blocks) equal the scalar sample bit for bit"
  )
  func oneCellForEightLanesMatchesScalar() {
    // −0, NaN and infinite channels in the cells read, so the blend's order of operations (not
    // only its value) must match.
    var image = Self.image(width: 21, height: 6, scale: 1)
    image.pixels[3 * 21 + 7] = half4(-0.0, .infinity, 0.25, 1)
    image.pixels[4 * 21 + 8] = half4(.nan, -0.0, -.infinity, 0.5)
    let layer = Layer(image, maxSampleOffset: float2(1, 1))
    // A pixellation's block: every pixel of the block reads the block's centre.
    for point in [float2(7.5, 3.5), float2(8.25, 4.75), float2(3.5, 2.0), float2(0.6, 0.6)] {
      let block = [float2](repeating: point, count: 8)
      Self.expectLanesMatchScalar(layer, block)
      // Two blocks side by side, split after each lane.
      for split in 1..<8 {
        let next = point + float2(1.5, 0)
        Self.expectLanesMatchScalar(
          layer, Array(block[..<split]) + Array(repeating: next, count: 8 - split))
      }
      for lane in 0..<8 {
        // One lane a texel to the right, or below, or a weight one ulp off on either axis.
        for changed in [
          point + float2(1, 0), point + float2(0, 1), float2(point.x.nextUp, point.y),
          float2(point.x, point.y.nextDown),
        ] {
          var points = block
          points[lane] = changed
          Self.expectLanesMatchScalar(layer, points)
        }
      }
    }
  }

  @Test(
    "cells wholly outside the image read +0 in every channel, beside cells inside and across the edge",
    arguments: [float2(3, 3), float2(3, 0), float2(0, 3)])
  func transparentCellsReadPositiveZero(offset: float2) {
    // Every texel of the image is far from zero (and one is −0 in red), so a cell that reads any
    // of them is not transparent.
    var image = Self.image(width: 11, height: 7, scale: 1)
    image.pixels = image.pixels.map { $0 + 3 }
    image.pixels[0].x = -0.0
    let layer = Layer(image, maxSampleOffset: offset)
    // Semantics §4.1: the padding is transparent black, so a cell whose two columns (or two
    // rows) lie outside the image blends four (+0, +0, +0, +0) texels: 0 + (0 − 0) × w = +0.
    // Along an axis without padding the clamp keeps every cell on the image's texels.
    let outside: [float2] = [
      float2(-1.2, 3.5), float2(-0.9, 0.5), float2(12.6, 3.5), float2(13.4, 6.6),
      float2(4.5, -1.1), float2(4.5, 8.7), float2(-1.6, -1.6), float2(13.3, 8.9),
    ]
    let transparent = outside.map { point in
      let q = point - 0.5
      let columnsOutside = offset.x > 0 && (q.x < -1 || q.x >= 11)
      let rowsOutside = offset.y > 0 && (q.y < -1 || q.y >= 7)
      return columnsOutside || rowsOutside
    }
    for (point, isTransparent) in zip(outside, transparent) where isTransparent {
      #expect(Self.bits(layer.sample(point)) == .zero, "scalar sample at \(point)")
    }
    // All eight outside; then each lane in turn inside (a cell wholly inside, one across the
    // left edge and one across the top, which reads the −0 texel), among transparent ones.
    Self.expectLanesMatchScalar(layer, outside)
    for lane in 0..<8 {
      for inside in [float2(5.25, 3.75), float2(0.25, 4.5), float2(0.75, 0.25)] {
        var points = outside
        points[lane] = inside
        Self.expectLanesMatchScalar(layer, points)
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
