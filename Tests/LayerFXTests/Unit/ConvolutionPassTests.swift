import LayerFXMath
import LayerFXTestSupport
import Testing

@testable import LayerFX

/// ``ConvolutionPass``: hand-calculated sums, and its texel-centre lane form against its
/// bilinear lanes, byte for byte.
@Suite struct ConvolutionPassTests {
  /// Renders `pass` over `image` (padded by `maxSampleOffset`, the pass's own by default) with
  /// the texel lanes when `readsTexels`, else with the bilinear lanes of its generic body.
  static func render(
    _ pass: ConvolutionPass, _ image: Image, readsTexels: Bool, maxSampleOffset: float2? = nil,
    tileSize: Int? = nil, threads: Int = 2
  ) -> Image {
    let offset = maxSampleOffset ?? pass.maxSampleOffset
    let layer = Layer(image, maxSampleOffset: offset)
    let prepared: PreparedShader
    if readsTexels {
      prepared = LayerPass(pass).prepared(for: layer, maxSampleOffset: offset)
    } else {
      let (closure, lanes) = ShaderFunction.layerForms(pass)
      prepared = PreparedShader(
        function: ShaderFunction(name: "bilinear", kind: .layer, parameters: []) { _ in closure },
        arguments: ShaderArguments(),
        forms: ShaderFunction.Forms(kernel: closure, lanes: lanes, maxSampleOffset: offset))
    }
    return Renderer(tileSize: tileSize, threadCount: threads).render(
      RenderRequest(prepared, source: .layer(layer))
    ).image
  }

  /// A 5 × 3 transparent image with one opaque white pixel at (2, 1).
  static let dot: Image = {
    var image = Image(width: 5, height: 3)
    image[2, 1] = half4(1, 1, 1, 1)
    return image
  }()

  @Test("a horizontal (¼, ½, ¼) pass spreads one white pixel over its row neighbours only")
  func horizontalByHand() {
    let pass = ConvolutionPass(axis: .horizontal, weights: [0.25, 0.5, 0.25])
    for readsTexels in [true, false] {
      let out = Self.render(pass, Self.dot, readsTexels: readsTexels)
      // Σ w(n) t(x + n): the dot at x = 2 lands at x = 1, 2, 3 with ¼, ½, ¼.
      #expect(out[1, 1] == half4(repeating: 0.25))
      #expect(out[2, 1] == half4(repeating: 0.5))
      #expect(out[3, 1] == half4(repeating: 0.25))
      #expect(out[0, 1] == .zero && out[4, 1] == .zero && out[2, 0] == .zero)
    }
  }

  @Test("a vertical pass two points apart reads rows two apart; rows beyond read transparent")
  func verticalByHand() {
    let pass = ConvolutionPass(axis: .vertical, weights: [1, 2, 3], spacing: 2)
    var image = Image(width: 2, height: 5)
    for y in 0..<5 { image[0, y] = half4(repeating: Float(y + 1)) }
    for readsTexels in [true, false] {
      let out = Self.render(pass, image, readsTexels: readsTexels)
      // Row 2: 1·t(0) + 2·t(2) + 3·t(4) = 1 + 6 + 15; row 1: 2·t(1) + 3·t(3) = 4 + 12
      // (t(−1) is padding); row 4: 1·t(2) + 2·t(4) = 3 + 10.
      #expect(out[0, 2] == half4(repeating: 22))
      #expect(out[0, 1] == half4(repeating: 16))
      #expect(out[0, 4] == half4(repeating: 13))
      #expect(out[1, 2] == .zero)
    }
  }

  @Test("without padding, taps beyond the image repeat its edge texel (clamp to edge)")
  func edgeClampByHand() {
    let pass = ConvolutionPass(axis: .horizontal, weights: [1, 0, 0, 0, 0])
    var image = Image(width: 3, height: 1)
    for x in 0..<3 { image[x, 0] = half4(repeating: Float(x + 1)) }
    for readsTexels in [true, false] {
      let out = Self.render(pass, image, readsTexels: readsTexels, maxSampleOffset: .zero)
      // Tap −2 of x = 0, 1, 2 reads column −2, −1, 0: all the first texel.
      #expect(out.pixels == [half4](repeating: half4(repeating: 1), count: 3))
    }
  }

  @Test(
    "on texel centres the texel lanes give the bilinear lanes' bytes",
    arguments: [
      (ConvolutionPass.Axis.horizontal, Float(1)), (.vertical, 1), (.horizontal, 2),
      (.vertical, 2), (.horizontal, 4),
    ])
  func texelsMatchBilinear(axis: ConvolutionPass.Axis, scale: Float) {
    let weights: [Float] = [0.05, 0.1, 0.2, 0.3, 0.2, 0.1, 0.05]
    let pass = ConvolutionPass(axis: axis, weights: weights)
    let images = [
      Image.testCard(width: 71, height: 43, scale: scale),
      Fixtures.radialAlpha(width: 9, height: 5, scale: scale),
      Image(width: 1, height: 1, scale: scale, color: half4(0.2, 0.4, 0.6, 0.8)),
    ]
    for image in images {
      let layer = Layer(image, maxSampleOffset: pass.maxSampleOffset)
      #expect(pass.texelStride(in: layer) == Int(scale))
      let bilinear = Self.render(pass, image, readsTexels: false)
      for offset in [pass.maxSampleOffset, .zero] {
        let expected = Self.render(pass, image, readsTexels: false, maxSampleOffset: offset)
        let actual = Self.render(pass, image, readsTexels: true, maxSampleOffset: offset)
        #expect(actual.pixels == expected.pixels, "\(image.width)×\(image.height), \(offset)")
      }
      for tileSize in [1, 7, 64, 256] {
        for threads in [1, 2] {
          let tiled = Self.render(
            pass, image, readsTexels: true, tileSize: tileSize, threads: threads)
          #expect(tiled.pixels == bilinear.pixels, "tile \(tileSize), \(threads) threads")
        }
      }
    }
  }

  @Test("taps off texel centres, and NaN, infinite or huge texels, take the bilinear lanes")
  func texelFormRefused() {
    let pass = ConvolutionPass(axis: .horizontal, weights: [0.25, 0.5, 0.25])
    for scale: Float in [1.5, 3, 0.5] {
      let image = Image.testCard(width: 16, height: 8, scale: scale)
      #expect(pass.texelStride(in: Layer(image, maxSampleOffset: pass.maxSampleOffset)) == nil)
    }
    for value in [Float.nan, .infinity, -3e38, 0x1p127] {
      var image = Image.testCard(width: 16, height: 8)
      image[15, 7] = half4(0, 0, value, 1)
      let layer = Layer(image, maxSampleOffset: pass.maxSampleOffset)
      #expect(pass.texelStride(in: layer) == nil, "\(value)")
      let expected = Self.render(pass, image, readsTexels: false)
      let actual = Self.render(pass, image, readsTexels: true)
      // Bit patterns, so that NaN channels compare too.
      let bits = { (image: Image) in image.pixels.flatMap { p in (0..<4).map { p[$0].bitPattern } }
      }
      #expect(bits(actual) == bits(expected), "\(value)")
    }
    var bounded = Image.testCard(width: 16, height: 8)
    bounded[15, 7] = half4(0, 0, 0x1p126, 1)
    #expect(pass.texelStride(in: Layer(bounded, maxSampleOffset: pass.maxSampleOffset)) == 1)
  }
}
