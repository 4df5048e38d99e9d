import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFX

/// The offset-tap form (``OffsetTapEffect``: ``Emboss``) against its body's bilinear lanes: the
/// same bits wherever it runs, whatever the texels hold, and the pixels it takes by hand.
@Suite struct OffsetTapTests {
  /// The offset-tap lane form of `kernel`.
  static func offsetTapLanes<K: OffsetTapEffect>(_ kernel: K) -> LaneKernel {
    let columns = OffsetTapColumns()
    return .layer { row in
      row.shade(offsetTaps: kernel, columns: columns, lanes: FloatLanes16.self)
    }
  }

  /// A `width × height` image of premultiplied colours from a linear congruential generator
  /// (Knuth's MMIX constants): every channel differs from its neighbours, so a blend in another
  /// order of operations rounds differently somewhere.
  static func noise(width: Int, height: Int, scale: Float) -> Image {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Float {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Float(state >> 40) / Float(1 << 24)
    }
    var image = Image(width: width, height: height, scale: scale)
    for y in 0..<height {
      for x in 0..<width {
        let alpha = next()
        image[x, y] = half4(next() * alpha, next() * alpha, next() * alpha, alpha)
      }
    }
    return image
  }

  static func emboss(angle: Float, distance: Float, strength: Float = 2) -> Emboss {
    var kernel = Emboss()
    (kernel.angle, kernel.distance, kernel.strength) = (angle, distance, strength)
    return kernel
  }

  @Test(
    "emboss's offset taps give the bilinear lanes' bits, in any tiling",
    arguments: [
      (Float(0.7853982), Float(1), Float(1)), (0, 1, 1), (0.7853982, 2.5, 2), (1.3, 0.3, 1),
      (3.1415927, 1, 1), (4, 3, 0.5), (0.7853982, 1, 3), (5.5, 32, 1), (0.7853982, 0, 1),
    ])
  func embossMatchesBilinear(angle: Float, distance: Float, scale: Float) {
    let kernel = Self.emboss(angle: angle, distance: distance)
    let images = [
      Image.testCard(width: 203, height: 117, scale: scale),
      Fixtures.radialAlpha(width: 29, height: 13, scale: scale),
      Image.testCard(width: 9, height: 9, scale: scale),
      Self.noise(width: 71, height: 23, scale: scale),
    ]
    for image in images {
      let label =
        "\(image.width)×\(image.height) at \(scale)×, angle \(angle), distance \(distance)"
      LayerLaneForms.expectBilinearBits(kernel, image, lanes: Self.offsetTapLanes(kernel), label)
    }
  }
}

extension OffsetTapTests {
  /// The pixels (offsets in the run) of a run of row `row` that take the offset-tap form for
  /// taps `offsets` points away, in a layer of `image` padded by `padding` points.
  static func offsetTapPixels(
    _ image: Image, _ offsets: [float2], padding: Float = 1, row: Int, column: Int = 0,
    count: Int? = nil, margin: SIMD2<Int> = .zero
  ) -> Range<Int>? {
    LayerLaneForms.withRow(
      image, padding: padding, row: row, column: column, count: count, margin: margin
    ) { $0.withOffsetTapRuns(offsets, OffsetTapColumns()) { _ in } }
  }

  @Test("the offset-tap form takes the whole batches whose taps' cells lie inside (by hand)")
  func offsetTapPixelsByHand() {
    let image = Image.testCard(width: 40, height: 10)
    // Taps ±(0.5, 0.5) and 0: pixel x's cells start at columns x (ahead, weight 0.5), x − 1
    // (behind: x + 0.5 − 0.5 − 0.5 = x − 0.5) and x; inside while the cell's right texel is
    // (≤ 39): x − 1 ≥ 0 and x + 1 ≤ 39. Batches of eight from column 0: 8…31 (0…7 holds x = 0;
    // 32…39 holds x = 39). Rows likewise: row − 1 ≥ 0 and row + 1 ≤ 9.
    let taps: [float2] = [float2(0.5, 0.5), float2(-0.5, -0.5), .zero]
    #expect(Self.offsetTapPixels(image, taps, row: 0) == nil)
    #expect(Self.offsetTapPixels(image, taps, row: 1) == 8..<32)
    #expect(Self.offsetTapPixels(image, taps, row: 8) == 8..<32)
    #expect(Self.offsetTapPixels(image, taps, row: 9) == nil)
    // A run from column 1: its batches start at 1, 9, …; 1…8 holds x = 1, inside.
    #expect(Self.offsetTapPixels(image, taps, row: 4, column: 1, count: 38) == 0..<32)
    // A run of seven pixels is no batch.
    #expect(Self.offsetTapPixels(image, taps, row: 4, column: 8, count: 7) == nil)
    // A padded destination's pixels sit elsewhere: the body runs.
    #expect(Self.offsetTapPixels(image, taps, row: 4, margin: SIMD2(1, 1)) == nil)
  }
}
