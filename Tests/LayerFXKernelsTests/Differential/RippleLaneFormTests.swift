import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXKernels

/// The ripple's lane form against its closure form on the same input.
///
/// Outputs stored as 8-bit codes agree within 1. The independent checks of the ripple are the
/// float64 reference (``RippleDifferentialTests``) and the compiled
/// `Shaders/LayerEffects/Ripple.metal` (`ShaderOriginalsTests`).
@Suite struct RippleLaneFormTests {
  /// A ripple mid-animation, or at `time` seconds, from `origin` (points).
  static func shader(origin: float2, time: Float = 0.25, amplitude: Float = 12) -> Shader {
    ShaderFunction.ripple(
      .float2(origin), .float(time), .float(amplitude), .float(15), .float(8), .float(1200))
  }

  /// The 8-bit code a channel stores as (Documentation/Semantics.md §3).
  static func code(_ value: Float) -> Int {
    guard value == value else { return 0 }
    return Int((min(max(value, 0), 1) * 255).rounded())
  }

  /// Every channel's bit pattern, so −0 and +0 differ.
  static func bits(_ image: Image) -> [SIMD4<UInt32>] {
    image.pixels.map { unsafeBitCast($0, to: SIMD4<UInt32>.self) }
  }

  /// The largest difference in 8-bit codes between two renders of the same size.
  static func maxCodeDifference(_ a: [half4], _ b: [half4]) -> Int {
    zip(a, b).map { pair in
      (0..<4).map { abs(code(pair.0[$0]) - code(pair.1[$0])) }.max() ?? 0
    }.max() ?? 0
  }

  /// Renders `shader` as a layer effect through the lane form or the closure form, padded by
  /// the ripple's declared maxSampleOffset.
  static func render(
    _ shader: Shader, _ image: Image, lanes: Bool, tileSize: Int? = 64, threads: Int = 2
  ) throws -> Image {
    var renderer = Renderer(tileSize: tileSize, threadCount: threads)
    renderer.usesLaneKernels = lanes
    let prepared = try shader.prepared(for: .layer, sizeInPoints: image.sizeInPoints)
    #expect(prepared.hasLaneForm)
    return renderer.render(RenderRequest(prepared, source: .image(image))).image
  }

  // Odd sizes so rows end in partial lane batches; scale 2 exercises points ≠ pixels.
  static let cases: [(width: Int, height: Int, scale: Float, time: Float, amplitude: Float)] = [
    (203, 117, 1, 0.25, 12), (203, 117, 1, 0.05, 12), (96, 61, 2, 0.1, 24), (64, 40, 1, 0.2, 0),
  ]

  @Test("the lane form agrees with the closure form within 1 code value", arguments: cases)
  func laneFormMatchesClosureForm(
    width: Int, height: Int, scale: Float, time: Float, amplitude: Float
  ) throws {
    let image = Image.testCard(width: width, height: height, scale: scale)
    // The origin on a pixel centre, so d == 0 occurs (no displacement there).
    let origin = float2(Float(width / 3) + 0.5, Float(height / 2) + 0.5) / scale
    let shader = Self.shader(origin: origin, time: time, amplitude: amplitude)
    let lanes = try Self.render(shader, image, lanes: true)
    let closures = try Self.render(shader, image, lanes: false)
    #expect(Self.maxCodeDifference(lanes.pixels, closures.pixels) <= 1)
  }

  @Test(
    "each form is identical for bands and tile sizes 1, 7, 64, 256, on 1 and 2 threads",
    arguments: [true, false])
  func formsAreDeterministic(lanes: Bool) throws {
    let image = Image.testCard(width: 203, height: 117)
    // At 0.25 s the wave covers the card; at 0.04 s its front is 48 points from the tap, so
    // batches before it return early and batches across it do not.
    for time: Float in [0.25, 0.04] {
      let shader = Self.shader(origin: float2(70, 50), time: time)
      let reference = try Self.render(shader, image, lanes: lanes, tileSize: 64, threads: 1)
      for tileSize in [nil, 1, 7, 64, 256] as [Int?] {
        for threads in [1, 2] {
          let other = try Self.render(
            shader, image, lanes: lanes, tileSize: tileSize, threads: threads)
          #expect(
            Self.bits(other) == Self.bits(reference),
            "t \(time), tile \(tileSize.map(String.init) ?? "bands"), \(threads) threads, lanes \(lanes)"
          )
        }
      }
    }
  }

  /// The ripple's formula in the order of operations ``Ripple/shade(position:layer:)``
  /// documents (`d × (1 / speed)`, one `1 / d`, the lanes' damped sine), with no test for the
  /// wave front: what the kernel must equal bit for bit where it returns early.
  static func fullFormula(
    _ ripple: Ripple, _ position: Vector2<FloatLanes16>, _ layer: Layer
  ) -> Vector4<FloatLanes16> {
    typealias F = FloatLanes16
    let offset = position - Vector2<F>(ripple.origin)
    let distance = length(offset)
    let elapsed = max(0, F(ripple.time) - distance * F(1 / ripple.speed))
    let wave = Ripple.dampedSine(F(ripple.frequency) * elapsed, -F(ripple.decay) * elapsed)
    let stretch = wave * select(0, 1 / distance, distance > 0) * F(ripple.amplitude)
    var color = layer.sample(position + stretch * offset)
    color.rgb += select(0, 0.3 * wave, F(ripple.amplitude) != 0) * color.a
    return color
  }

  @Test(
    "before the wave front the lane form returns early and keeps the formula's bits",
    arguments: [(Float(15), Float(12)), (-15, 12), (15, -12), (0, 12)])
  func skippingKeepsBits(frequency: Float, amplitude: Float) {
    // Red and green −0 at even columns of even rows, −0.25 elsewhere: a sample at such a pixel's
    // centre blends −0 with −0 × 0 and is −0, where the sign of a zero shading shows
    // (−0 + +0 = +0). Blue 0.5; alpha in sevenths, and −0.5 and +∞ here and there, where
    // +0 × alpha is −0 and NaN.
    let pixels = (0..<(96 * 20)).map { index in
      let zero = index % 2 == 0 && (index / 96) % 2 == 0
      let rg: Float = zero ? -0.0 : -0.25
      let alpha: Float = index % 11 == 0 ? -0.5 : index % 13 == 0 ? .infinity : Float(index % 7) / 6
      return half4(rg, rg, 0.5, alpha)
    }
    let layer = Layer(
      Image(width: 96, height: 20, pixels: pixels), maxSampleOffset: float2(repeating: 12))
    var ripple = Ripple()
    // The front 36 points from the tap at x = 0: batches wholly before it, across it, behind it.
    (ripple.origin, ripple.time, ripple.frequency, ripple.amplitude) =
      (float2(0.5, 10.5), 0.03, frequency, amplitude)
    for row in [0, 10, 19] {
      for start in stride(from: 0, to: 96, by: 16) {
        // Row 19's last batch has an infinite position, whose direction is NaN.
        var xs = (0..<16).map { Float(start + $0) + 0.5 }
        if row == 19 && start == 80 { xs[15] = .infinity }
        let position = Vector2(
          FloatLanes16(
            low: FloatLanes8(SIMD8(xs[0..<8])), high: FloatLanes8(SIMD8(xs[8..<16]))),
          FloatLanes16(Float(row) + 0.5))
        let skipped = ripple.shade(position: position, layer: layer)
        let full = Self.fullFormula(ripple, position, layer)
        for lane in 0..<16 {
          for (a, b) in [
            (skipped.x, full.x), (skipped.y, full.y), (skipped.z, full.z), (skipped.w, full.w),
          ] {
            #expect(
              a[lane: lane].bitPattern == b[lane: lane].bitPattern,
              "pixel (\(start + lane), \(row)): \(a[lane: lane]) against \(b[lane: lane])")
          }
        }
      }
    }
  }

  @Test("checking sample bounds does not change the lane form's output")
  func checkingKeepsOutput() throws {
    let image = Image.testCard(width: 67, height: 45)
    let prepared = try Self.shader(origin: float2(30, 20)).prepared(
      for: .layer, sizeInPoints: image.sizeInPoints)
    #expect(prepared.maxSampleOffset == float2(12, 12))
    let layer = Layer(image, maxSampleOffset: float2(12, 12))
    let plain = Renderer().render(RenderRequest(prepared, source: .layer(layer))).image
    let checked = Renderer().render(
      RenderRequest(prepared, source: .layer(layer), checksSampleBounds: true))
    #expect(checked.image.pixels == plain.pixels)
    #expect(checked.report?.pixelCount == 67 * 45)
    #expect(checked.report?.declaredOffset == float2(12, 12))
    #expect(checked.report?.violationCount == 0)
  }

  @Test("the kernel called directly at eight lanes agrees with one lane within 1 code value")
  func directLanesMatchScalar() {
    let image = Image.testCard(width: 64, height: 40)
    let layer = Layer(image, maxSampleOffset: float2(12, 12))
    var ripple = Ripple()
    ripple.origin = float2(20.5, 15.5)
    ripple.time = 0.2
    for row in [0, 15, 39] {
      for start in stride(from: 0, to: 64, by: 8) {
        let xs = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7) + Float(start) + 0.5
        let batch = ripple.shade(
          position: Vector2(FloatLanes8(xs), FloatLanes8(Float(row) + 0.5)), layer: layer)
        for lane in 0..<8 {
          let one = ripple.shade(
            position: Vector2<Float>(float2(xs[lane], Float(row) + 0.5)), layer: layer)
          let lanes = half4(
            batch.x[lane: lane], batch.y[lane: lane], batch.z[lane: lane], batch.w[lane: lane])
          #expect(
            Self.maxCodeDifference([lanes], [one.simd]) <= 1, "pixel (\(start + lane), \(row))")
        }
      }
    }
  }
}
