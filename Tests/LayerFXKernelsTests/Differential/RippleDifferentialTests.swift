import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// One ripple configuration: an image and the §5 arguments.
struct RippleCase: Sendable, CustomTestStringConvertible {
  let name: String
  let image: Image
  let origin: float2
  let time: Float
  var amplitude: Float = 12
  var frequency: Float = 15
  var decay: Float = 8
  var speed: Float = 1200

  var testDescription: String { "\(name), t = \(time)" }

  static let all: [RippleCase] = {
    let card = Image.testCard(width: 256, height: 192)
    let retinaCard = Image.testCard(width: 256, height: 192, scale: 2)
    let alpha = Fixtures.radialAlpha(width: 37, height: 23)
    let alphaScale3 = Fixtures.radialAlpha(width: 37, height: 23, scale: 3)
    var cases: [RippleCase] = []
    for time: Float in [0.02, 0.08, 0.15, 0.3] {
      cases.append(
        .init(name: "test card 256×192", image: card, origin: float2(100, 80), time: time))
    }
    for time: Float in [0.05, 0.12] {
      cases.append(
        .init(name: "test card 256×192 @2x", image: retinaCard, origin: float2(40, 30), time: time))
    }
    for time: Float in [0.05, 0.2] {
      // Origin on a pixel centre (d = 0 there); slow wave and small amplitude for a small image.
      cases.append(
        .init(
          name: "radial alpha 37×23", image: alpha, origin: float2(18.5, 11.5), time: time,
          amplitude: 4, decay: 4, speed: 100))
      cases.append(
        .init(
          name: "radial alpha 37×23 @3x", image: alphaScale3, origin: float2(3, 4), time: time,
          amplitude: 2.5, decay: 4, speed: 40))
    }
    return cases
  }()
}

@Suite("ripple against a float64 reference")
struct RippleDifferentialTests {
  @Test(
    "both forms of the ripple are within 1/255 of the reference on 99.9 % of pixels, 3/255 on all",
    arguments: RippleCase.all, [true, false])
  func matchesReference(_ c: RippleCase, usesLaneKernels: Bool) throws {
    let shader = ShaderLibrary.default.ripple(
      .float2(c.origin), .float(c.time), .float(c.amplitude), .float(c.frequency),
      .float(c.decay), .float(c.speed))
    let offset = float2(repeating: c.amplitude)
    var renderer = Renderer()
    renderer.usesLaneKernels = usesLaneKernels
    let actual = try c.image.layerEffect(shader, maxSampleOffset: offset, renderer: renderer)
    let expected = RippleReference(
      image: c.image, origin: SIMD2(Double(c.origin.x), Double(c.origin.y)), time: Double(c.time),
      amplitude: Double(c.amplitude), frequency: Double(c.frequency), decay: Double(c.decay),
      speed: Double(c.speed)
    ).render()
    // The reference really moves pixels, so agreement is not the trivial identity.
    #expect(compare(expected, c.image, tolerance: 1.0 / 255).mismatchFraction > 0.01)
    // Tolerance from Documentation/Semantics.md §3: every built-in kernel within one 8-bit code value of a
    // float64 reference on ≥ 99.9 % of pixels (bilinear reads near hard edges may differ by
    // binary32 rounding of the sample position) and within 3 everywhere.
    let fine = compare(actual, expected, tolerance: 1.0 / 255)
    #expect(fine.mismatchFraction <= 0.001, "\(fine)")
    let coarse = compare(actual, expected, tolerance: 3.0 / 255)
    #expect(coarse.mismatchFraction == 0 && coarse.maxChannelError <= 3.0 / 255, "\(coarse)")
  }
}
