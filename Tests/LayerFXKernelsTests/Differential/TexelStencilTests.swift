import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFX

/// The stencils' texel forms (``TexelStencilEffect``: ``SobelEdges``, ``ChromaticAberration``)
/// against their bilinear lanes, the body sampling each tap: the same bits wherever the texel
/// form runs, and the bilinear lanes wherever it must not.
@Suite struct TexelStencilTests {
  /// Renders `kernel` over `image` (padded by `maxSampleOffset`, the kernel's own by default)
  /// with the stencil's lane form when `readsTexels`, else with its body's bilinear lanes.
  static func render<K: TexelStencilEffect>(
    _ kernel: K, _ image: Image, readsTexels: Bool, tileSize: Int? = nil, threads: Int = 1
  ) -> Image {
    LayerLaneForms.render(
      kernel, image, lanes: readsTexels ? texelLanes(kernel) : nil, tileSize: tileSize,
      threads: threads)
  }

  /// The stencil's lane form.
  static func texelLanes<K: TexelStencilEffect>(_ kernel: K) -> LaneKernel {
    .layer { row in row.shade(stencil: kernel, lanes: FloatLanes16.self) }
  }

  static func sobel(distance: Float, strength: Float = 3) -> SobelEdges {
    var kernel = SobelEdges()
    (kernel.distance, kernel.strength) = (distance, strength)
    return kernel
  }

  @Test(
    "on texel centres the texel form gives the bilinear lanes' bits, in any tiling",
    arguments: [
      (Float(1), Float(1)), (2, 1), (0, 1), (3, 1), (1, 2), (0.5, 2), (1.5, 2),
    ])
  func texelsMatchBilinear(distance: Float, scale: Float) {
    let kernel = Self.sobel(distance: distance)
    let images = [
      Image.testCard(width: 203, height: 117, scale: scale),
      Fixtures.radialAlpha(width: 29, height: 13, scale: scale),
      Image.testCard(width: 9, height: 9, scale: scale),
    ]
    for image in images {
      let label = "\(image.width)×\(image.height) at \(scale)×, distance \(distance)"
      LayerLaneForms.expectBilinearBits(kernel, image, lanes: Self.texelLanes(kernel), label)
    }
  }

  /// The pixels (offsets in the run) of a run of row `row` that take the texel form, for taps
  /// `spacing` points apart, `reach` of them each way, in a layer of `image` padded by
  /// `spacing`.
  static func texelPixels(
    _ image: Image, spacing: Float, reach: SIMD2<Int> = SIMD2(1, 1), row: Int, column: Int = 0,
    count: Int? = nil, margin: SIMD2<Int> = .zero
  ) -> Range<Int>? {
    LayerLaneForms.withRow(
      image, padding: spacing, row: row, column: column, count: count, margin: margin
    ) { $0.texelRun(spacing: spacing, reach: reach)?.0 }
  }

  @Test("the texel form takes the pixels whose taps and their right and lower texels are inside")
  func texelPixelsByHand() {
    let image = Image.testCard(width: 20, height: 10)
    // One point apart: rows 1…7 (row + 1 + 1 ≤ 9), columns 1…17 (column + 1 + 1 ≤ 19).
    #expect(Self.texelPixels(image, spacing: 1, row: 0) == nil)
    #expect(Self.texelPixels(image, spacing: 1, row: 1) == 1..<18)
    #expect(Self.texelPixels(image, spacing: 1, row: 7) == 1..<18)
    #expect(Self.texelPixels(image, spacing: 1, row: 8) == nil)
    // Two points apart: rows 2…6, columns 2…16.
    #expect(Self.texelPixels(image, spacing: 2, row: 6) == 2..<17)
    #expect(Self.texelPixels(image, spacing: 2, row: 7) == nil)
    // A run of columns 4…15 lies inside; one of 0…7 has seven such pixels, too few.
    #expect(Self.texelPixels(image, spacing: 1, row: 4, column: 4, count: 12) == 0..<12)
    #expect(Self.texelPixels(image, spacing: 1, row: 4, count: 8) == nil)
    // A padded destination's pixels sit elsewhere: the body runs.
    #expect(Self.texelPixels(image, spacing: 1, row: 4, margin: SIMD2(1, 1)) == nil)
    // Taps along x alone, three points apart: every row but the last (its lower neighbours
    // lie outside), columns 3…15.
    #expect(Self.texelPixels(image, spacing: 3, reach: SIMD2(1, 0), row: 0) == 3..<16)
    #expect(Self.texelPixels(image, spacing: 3, reach: SIMD2(1, 0), row: 8) == 3..<16)
    #expect(Self.texelPixels(image, spacing: 3, reach: SIMD2(1, 0), row: 9) == nil)
  }

  @Test("a black-to-white step is an edge on both sides of it and nowhere else (by hand)")
  func edgeByHand() {
    // A 16 × 4 opaque image, black left of x = 8, white from it. Row 1's pixel x = 7 has white
    // east neighbours: gx = 4 L with L = 0.2126 + 0.7152 + 0.0722 ≈ 1 (white's luma), gy = 0,
    // so at strength 2 the magnitude is saturate(0.5 × 4 L) = 1, as at x = 8 (black west
    // neighbours). Columns 1…6 see only black and 9…14 only white: gx = gy = 0.
    var image = Image(width: 16, height: 4, color: half4(0, 0, 0, 1))
    for y in 0..<4 { for x in 8..<16 { image[x, y] = half4(1, 1, 1, 1) } }
    let kernel = Self.sobel(distance: 1, strength: 2)
    #expect(Self.texelPixels(image, spacing: 1, row: 1) == 1..<14, "row 1 takes the texel form")
    let out = Self.render(kernel, image, readsTexels: true)
    for x in [7, 8] { #expect(out[x, 1] == half4(1, 1, 1, 1), "x = \(x)") }
    for x in [1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14] {
      #expect(out[x, 1] == half4(0, 0, 0, 1), "x = \(x)")
    }
  }

  @Test("−0, NaN, ∞ and huge texels, and taps off texel centres, take the bilinear lanes")
  func texelFormRefused() {
    let kernel = Self.sobel(distance: 1)
    // (2⁻¹²⁷ is bounded; −0 alpha beside a positive one samples as +0, not −0.)
    for (channel, value) in [(3, -Float.zero), (0, .nan), (1, .infinity), (2, 0x1p127)] {
      var image = Image.testCard(width: 40, height: 12)
      image[20, 6][channel] = value
      let expected = Self.render(kernel, image, readsTexels: false)
      let actual = Self.render(kernel, image, readsTexels: true)
      #expect(
        LayerLaneForms.firstDifference(actual, expected) == nil, "channel \(channel) = \(value)")
    }
    for (distance, scale) in [(Float(1.5), Float(1)), (1, 1.5), (1, 0.5)] {
      let image = Image.testCard(width: 40, height: 12, scale: scale)
      let kernel = Self.sobel(distance: distance)
      let expected = Self.render(kernel, image, readsTexels: false)
      let actual = Self.render(kernel, image, readsTexels: true)
      #expect(
        LayerLaneForms.firstDifference(actual, expected) == nil, "distance \(distance) at \(scale)×"
      )
    }
  }

  static func chromaticAberration(amount: Float, angle: Float) -> ChromaticAberration {
    var kernel = ChromaticAberration()
    (kernel.amount, kernel.angle) = (amount, angle)
    return kernel
  }

  @Test(
    "chromatic aberration's texel form gives the bilinear lanes' bits, in any tiling",
    arguments: [
      (Float(3), Float(0), Float(1)), (1, -0.0, 1), (0, 0, 1), (2.5, 0, 2), (3, 0, 2),
      (3, 1.5707964, 1), (3, 3.1415927, 1), (1.5, 0, 1),
    ])
  func chromaticMatchesBilinear(amount: Float, angle: Float, scale: Float) {
    let kernel = Self.chromaticAberration(amount: amount, angle: angle)
    // On texel centres only along x, by a whole number of texels.
    let onCentres = angle == 0 && (amount * scale).rounded(.down) == amount * scale
    #expect((kernel.tapSpacing != nil) == (angle == 0), "angle \(angle)")
    let images = [
      Image.testCard(width: 203, height: 117, scale: scale),
      Fixtures.radialAlpha(width: 29, height: 13, scale: scale),
    ]
    for image in images {
      let label = "\(image.width)×\(image.height) at \(scale)×, amount \(amount), angle \(angle)"
      if onCentres {
        let pixels = Self.texelPixels(
          image, spacing: amount, reach: SIMD2(1, 0), row: 5, count: image.width)
        #expect(pixels != nil, "\(label): the texel form runs")
      }
      LayerLaneForms.expectBilinearBits(
        kernel, image, lanes: Self.texelLanes(kernel), label, tilings: [(nil, 1), (7, 2)])
    }
  }

  @Test("chromatic aberration takes red 3 pixels right, blue 3 left, the largest alpha (by hand)")
  func chromaticByHand() {
    // A 24 × 3 image whose pixel x is (x, 2x, 3x, 4x) / 100: pixel 10 reads red from 13
    // (0.13), green from itself (0.20), blue from 7 (0.21), alpha max(0.52, 0.40, 0.28).
    var image = Image(width: 24, height: 3)
    for y in 0..<3 {
      for x in 0..<24 {
        image[x, y] = half4(Float(x), Float(2 * x), Float(3 * x), Float(4 * x)) / 100
      }
    }
    let out = Self.render(
      Self.chromaticAberration(amount: 3, angle: 0), image, readsTexels: true)
    for x in 3..<20 {
      let expected = half4(
        Float(x + 3) / 100, Float(2 * x) / 100, Float(3 * (x - 3)) / 100, Float(4 * (x + 3)) / 100)
      #expect(out[x, 1] == expected, "x = \(x)")
    }
  }

  @Test(
    "bloom's texel form gives the bilinear lanes' bits, in any tiling",
    arguments: [
      (Float(4), Float(1)), (1, 1), (0, 1), (2.5, 1), (2, 2), (1.5, 2), (3, 1.5),
    ])
  func bloomMatchesBilinear(radius: Float, scale: Float) {
    var kernel = Bloom()
    (kernel.radius, kernel.threshold, kernel.intensity) = (radius, 0.4, 1.5)
    let onCentres = scale >= 1 && scale.significandBitPattern == 0
    let images = [
      Image.testCard(width: 203, height: 117, scale: scale),
      Fixtures.radialAlpha(width: 29, height: 23, scale: scale),
    ]
    for image in images {
      let label = "\(image.width)×\(image.height) at \(scale)×, radius \(radius)"
      let k = Int(radius.rounded(.down)) * Int(scale)
      let pixels = Self.texelPixels(
        image, spacing: 1, reach: SIMD2(repeating: Int(radius.rounded(.down))), row: k,
        count: image.width)
      // Rows k … height − 2 − k, columns k … width − 2 − k take the texel form.
      #expect(
        pixels == (onCentres ? k..<(image.width - 1 - k) : nil), "\(label): the texel form runs")
      LayerLaneForms.expectBilinearBits(
        kernel, image, lanes: Self.texelLanes(kernel), label, offsets: [kernel.maxSampleOffset])
    }
  }
}
