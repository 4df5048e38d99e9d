import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// The blurs' fast form (a horizontal then a vertical pass) against their 2-D per-pixel form,
/// the Metal original line by line: the same weights, so the same sum up to float rounding.
@Suite struct SeparableBlurTests {
  /// Each blur at the radii that matter: none, sub-pixel, the defaults, the benchmark's 8.
  static let cases: [(name: String, shader: Shader)] = [
    ("gaussianBlur 0", ShaderFunction.gaussianBlur(.float(0))),
    ("gaussianBlur 0.5", ShaderFunction.gaussianBlur(.float(0.5))),
    ("gaussianBlur 2", ShaderFunction.gaussianBlur(.float(2))),
    ("gaussianBlur 8", ShaderFunction.gaussianBlur(.float(8))),
    ("boxBlur 0", ShaderFunction.boxBlur(.float(0))),
    ("boxBlur 3", ShaderFunction.boxBlur(.float(3))),
    ("boxBlur 10.5", ShaderFunction.boxBlur(.float(10.5))),
  ]

  static func expectPassesMatchClosure(
    _ shader: Shader, _ image: Image, _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let passes = try LayerEffectGolden.render(shader, image, lanes: true)
    let closure = try LayerEffectGolden.render(shader, image, lanes: false)
    // Within 1 8-bit code on every pixel: the lane-form bound of Documentation/Semantics.md §8.3
    // (the sums are the same products of weights, added in another order).
    let difference = compare(passes, closure, tolerance: 1.0 / 255)
    #expect(
      difference.mismatchFraction == 0, "\(name): \(difference)", sourceLocation: sourceLocation)
  }

  @Test(
    "the passes are within 1 code of the 2-D closure on the test card at scales 1, 2 and 1.5",
    arguments: cases.indices)
  func testCard(index: Int) throws {
    let (name, shader) = Self.cases[index]
    for image in [
      Image.testCard(width: 97, height: 61), Image.testCard(width: 64, height: 40, scale: 2),
      Image.testCard(width: 45, height: 31, scale: 1.5),
      Fixtures.radialAlpha(width: 37, height: 23),
    ] {
      try Self.expectPassesMatchClosure(
        shader, image, "\(name), \(image.width)×\(image.height) @\(image.scale)x")
    }
  }

  @Test(
    "the passes are within 1 code of the 2-D closure on a photo",
    .enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)),
    arguments: [0, 2, 3, 6])
  func photo(index: Int) throws {
    let photo = try PNGDecoder().decode(contentsOf: TestData.path("photos/coffee.png")).image
    // A 128 × 96 crop from the middle keeps the 2-D closure (2401 samples per pixel at
    // radius 8) quick in a debug build.
    let (x0, y0, width, height) = (photo.width / 2 - 64, photo.height / 2 - 48, 128, 96)
    var pixels: [half4] = []
    for y in y0..<(y0 + height) {
      pixels += photo.pixels[(y * photo.width + x0)..<(y * photo.width + x0 + width)]
    }
    let crop = Image(width: width, height: height, pixels: pixels)
    let (name, shader) = Self.cases[index]
    try Self.expectPassesMatchClosure(shader, crop, "\(name), coffee.png crop")
  }

  @Test(
    "the passes give identical bytes for tiles 1, 7, 64, 256 and bands on 1 and 2 threads",
    arguments: cases.indices)
  func deterministic(index: Int) throws {
    let (name, shader) = Self.cases[index]
    let image = Image.testCard(width: 300, height: 45)
    let reference = try LayerEffectGolden.render(shader, image, lanes: true, threads: 1)
    let tilings = [nil, 1, 7, 64, 256].flatMap { tile in [1, 2].map { (tile, $0) } }
    for (tileSize, threads): (Int?, Int) in tilings {
      let other = try LayerEffectGolden.render(
        shader, image, lanes: true, tileSize: tileSize, threads: threads)
      let tiling = "tile \(tileSize.map(String.init) ?? "bands"), \(threads) threads"
      #expect(other.pixels == reference.pixels, "\(name): \(tiling)")
    }
  }

  @Test(
    "the passes stored into an encoder's elements equal the image render, with and without the checker",
    arguments: cases.indices)
  func stored(index: Int) throws {
    let (name, shader) = Self.cases[index]
    let image = Image.testCard(width: 97, height: 61)
    let prepared = try shader.prepared(for: .layer, sizeInPoints: image.sizeInPoints)
    let copy = PixelStore<half4> { pixels, elements in
      for index in pixels.indices { elements[index] = pixels[index] }
    }
    for renderer in [
      Renderer(tileSize: 7, threadCount: 2), Renderer(tileSize: nil, threadCount: 1),
    ] {
      for checks in [false, true] {
        let (expected, expectedReport) = renderer.render(
          RenderRequest(prepared, source: .image(image), checksSampleBounds: checks))
        var elements: [half4] = []
        let report = renderer.render(
          RenderRequest(prepared, source: .image(image), checksSampleBounds: checks), storing: copy,
          into: &elements)
        #expect(elements == expected.pixels, "\(name), checker \(checks)")
        #expect(report?.pixelCount == expectedReport?.pixelCount, "\(name), checker \(checks)")
        #expect(report?.sampleCount == expectedReport?.sampleCount)
        #expect(report?.nonFiniteOutputCount == expectedReport?.nonFiniteOutputCount)
      }
    }
  }
}
