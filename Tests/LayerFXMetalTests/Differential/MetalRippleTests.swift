import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXMetal
import LayerFXTestSupport
import Testing

/// One ripple frame: an image, the tap and the time.
struct MetalRippleCase: Sendable, CustomTestStringConvertible {
  let name: String
  let image: Image
  let origin: float2
  let time: Float
  var testDescription: String { "\(name), t = \(time)" }
}

@Suite("Ripple.metal through the runner")
struct MetalRippleTests {
  static let library = Result {
    try MetalLibrary(
      url: MetalTestSupport.shaders.appendingPathComponent("LayerEffects/Ripple.metal"),
      options: MetalTestSupport.options)
  }

  @Test(
    "the compiled ripple is within 1/255 of the float64 reference on 99.9 % of pixels, 3/255 on all",
    arguments: [
      MetalRippleCase(
        name: "test card", image: .testCard(width: 256, height: 192), origin: float2(100, 80),
        time: 0.08),
      MetalRippleCase(
        name: "test card", image: .testCard(width: 256, height: 192), origin: float2(100, 80),
        time: 0.3),
      MetalRippleCase(
        name: "test card @2x", image: .testCard(width: 256, height: 192, scale: 2),
        origin: float2(40, 30), time: 0.12),
      MetalRippleCase(
        name: "radial alpha", image: Fixtures.radialAlpha(width: 37, height: 23),
        origin: float2(18.5, 11.5), time: 0.05),
    ], [true, false])
  func matchesReference(_ c: MetalRippleCase, usesLaneKernels: Bool) throws {
    let (image, origin, time) = (c.image, c.origin, c.time)
    let library = try Self.library.get()
    let ripple = try library.library.function(named: "Ripple")
    let shader = ripple(
      .float2(origin), .float(time), .float(12), .float(15), .float(8), .float(1200))
    var renderer = Renderer()
    renderer.usesLaneKernels = usesLaneKernels
    let actual = try image.layerEffect(shader, maxSampleOffset: float2(12, 12), renderer: renderer)
    let expected = RippleReference(
      image: image, origin: SIMD2(Double(origin.x), Double(origin.y)), time: Double(time)
    ).render()
    // The reference really moves pixels, so agreement is not the identity.
    #expect(compare(expected, image, tolerance: 1.0 / 255).mismatchFraction > 0.01)
    // Documentation/Semantics.md §3's tolerance for every kernel: 1 code on ≥ 99.9 %, 3 codes everywhere.
    let fine = compare(actual, expected, tolerance: 1.0 / 255)
    #expect(fine.mismatchFraction <= 0.001, "\(fine)")
    let coarse = compare(actual, expected, tolerance: 3.0 / 255)
    #expect(coarse.mismatchFraction == 0, "\(coarse)")
  }
}

@Suite("compiled functions and tiling")
struct MetalTilingTests {
  @Test("output is byte-identical for tile sizes 1, 7, 64 and 1 or 2 threads")
  func tilingIndependence() throws {
    let library = try MetalRippleTests.library.get()
    let shader = try library.library.function(named: "Ripple")(
      .float2(float2(40, 30)), .float(0.1), .float(12), .float(15), .float(8), .float(1200))
    let image = Image.testCard(width: 97, height: 61)
    let reference = try image.layerEffect(shader, maxSampleOffset: float2(12, 12))
    for tileSize in [1, 7, 64] {
      for threads in [1, 2] {
        let renderer = Renderer(tileSize: tileSize, threadCount: threads)
        let out = try image.layerEffect(
          shader, maxSampleOffset: float2(12, 12), renderer: renderer)
        #expect(out.pixels == reference.pixels, "tile \(tileSize), \(threads) threads")
      }
    }
  }
}
