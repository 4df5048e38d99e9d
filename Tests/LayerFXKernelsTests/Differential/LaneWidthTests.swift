import LayerFXKernels
import LayerFXMath
import Testing

@testable import LayerFX

/// The built-in distortion and layer effects at their lane width (sixteen, `LaneWidths.swift`)
/// against the same kernels at eight lanes, the width they ran at before: every lane computes
/// only from its own inputs with the same operations, so the bytes must not depend on the width
/// (rows here end in partial batches of both halves, and tiles of 7 pixels cut them shorter).
@Suite struct LaneWidthTests {
  /// The test card at 203 × 117 (rows of 12 batches of sixteen and 11 pixels) and a scale-2
  /// card (points ≠ pixels).
  static let images = [
    Image.testCard(width: 203, height: 117), Image.testCard(width: 75, height: 41, scale: 2),
  ]

  /// Distortion effects with their arguments: centred where they have a centre, mid-animation
  /// where they have a time.
  static func distortions(_ image: Image) -> [(String, any DistortionEffect)] {
    let center = image.sizeInPoints / 2
    var bulge = Bulge()
    bulge.center = center
    var kaleidoscope = Kaleidoscope()
    kaleidoscope.center = center
    var twirl = Twirl()
    (twirl.center, twirl.radius) = (center, 60)
    var rotation = RotationEffect()
    rotation.size = image.sizeInPoints
    var scale = ScaleEffect()
    scale.size = image.sizeInPoints
    var wave = Wave()
    wave.time = 0.7
    var water = Water()
    water.time = 1.3
    return [
      ("bulge", bulge), ("kaleidoscope", kaleidoscope), ("offset", Offset()),
      ("pixellate", Pixellate()), ("rotationEffect", rotation), ("scaleEffect", scale),
      ("twirl", twirl), ("water", water), ("wave", wave),
    ]
  }

  /// Layer effects with their arguments (the blurs' one-pass bodies).
  static func layerEffects(_ image: Image) -> [(String, any LayerEffect)] {
    var ripple = Ripple()
    (ripple.origin, ripple.time) = (image.sizeInPoints / 3, 0.06)
    var shimmer = Shimmer()
    shimmer.time = 0.4
    return [
      ("bloom", Bloom()), ("boxBlur", BoxBlur()), ("chromaticAberration", ChromaticAberration()),
      ("emboss", Emboss()), ("gaussianBlur", GaussianBlur()), ("ripple", ripple),
      ("shimmer", shimmer), ("sobelEdges", SobelEdges()),
    ]
  }

  /// A prepared distortion whose lane form runs at width `F`.
  static func prepared<K: DistortionEffect, F: PixelLanes>(_ kernel: K, lanes: F.Type)
    -> PreparedShader
  {
    let closure = EffectKernel.distortion { kernel.distort(position: Vector2<Float>($0)).simd }
    return prepared(
      closure, .distortion { row in row.distort(kernel, lanes: F.self) }, kernel.maxSampleOffset)
  }

  /// A prepared layer effect whose lane form runs at width `F`.
  static func prepared<K: LayerEffect, F: PixelLanes>(_ kernel: K, lanes: F.Type)
    -> PreparedShader
  {
    let closure = EffectKernel.layer { kernel.shade(position: Vector2<Float>($0), layer: $1).simd }
    return prepared(
      closure, .layer { row in row.shade(kernel, lanes: F.self) }, kernel.maxSampleOffset)
  }

  static func prepared(_ closure: EffectKernel, _ lanes: LaneKernel, _ offset: float2)
    -> PreparedShader
  {
    let function = ShaderFunction(name: "kernel", kind: closure.kind, parameters: []) { _ in
      closure
    }
    return PreparedShader(
      function: function, arguments: ShaderArguments(),
      forms: ShaderFunction.Forms(kernel: closure, lanes: lanes, maxSampleOffset: offset))
  }

  /// Expects `sixteen` to render `image` as `eight` does, bit for bit, in bands and in tiles of
  /// 7 pixels on two threads.
  static func expectSameBits(
    _ eight: PreparedShader, _ sixteen: PreparedShader, _ image: Image, _ label: String
  ) {
    let reference = Renderer(tileSize: nil, threadCount: 1).render(
      RenderRequest(eight, source: .image(image))
    ).image
    for (tileSize, threads) in [(nil, 1), (7, 2)] as [(Int?, Int)] {
      let actual = Renderer(tileSize: tileSize, threadCount: threads).render(
        RenderRequest(sixteen, source: .image(image))
      ).image
      let same = zip(actual.pixels, reference.pixels).allSatisfy { a, b in
        (0..<4).allSatisfy { a[$0].bitPattern == b[$0].bitPattern }
      }
      #expect(
        same, "\(label), \(image.width)×\(image.height), tile \(String(describing: tileSize))")
    }
  }

  @Test("the built-ins' kinds run at the widths LaneWidths.swift gives them")
  func widths() {
    #expect(DistortionEffectLanes.laneCount == 16 && LayerEffectLanes.laneCount == 16)
    #expect(ColorEffectLanes.laneCount == 8 && FillLanes.laneCount == 8)
  }

  /// The kernels of `kind` for `image`, each prepared at eight lanes and at sixteen.
  static func pairs(_ kind: EffectKind, _ image: Image) -> [(
    name: String, eight: PreparedShader, sixteen: PreparedShader
  )] {
    kind == .distortion
      ? distortions(image).map {
        ($0, prepared($1, lanes: FloatLanes8.self), prepared($1, lanes: FloatLanes16.self))
      }
      : layerEffects(image).map {
        ($0, prepared($1, lanes: FloatLanes8.self), prepared($1, lanes: FloatLanes16.self))
      }
  }

  @Test(
    "every distortion and layer effect gives the same bits at sixteen lanes as at eight",
    arguments: [EffectKind.distortion, .layer])
  func kernelsMatchEightLanes(kind: EffectKind) {
    for image in Self.images {
      for (name, eight, sixteen) in Self.pairs(kind, image) {
        Self.expectSameBits(eight, sixteen, image, name)
      }
    }
    let builtIns = ShaderLibrary.default.functions.filter { $0.kind == kind }.map(\.name)
    #expect(
      builtIns.sorted() == Self.pairs(kind, Self.images[0]).map(\.name).sorted(),
      "every built-in \(kind) is here")
  }
}
