import CReference
import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// The ripple's lane form against its closure form and against the C reference
/// (Benchmarks/CReference), on the same input: outputs stored as 8-bit codes agree within 1.
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
    return renderer.render(prepared, image).image
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
    let shader = Self.shader(origin: float2(70, 50))
    let reference = try Self.render(shader, image, lanes: lanes, tileSize: 64, threads: 1)
    for tileSize in [nil, 1, 7, 64, 256] as [Int?] {
      for threads in [1, 2] {
        let other = try Self.render(
          shader, image, lanes: lanes, tileSize: tileSize, threads: threads)
        #expect(
          other.pixels == reference.pixels,
          "tile \(tileSize.map(String.init) ?? "bands"), \(threads) threads, lanes \(lanes)")
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
    let plain = Renderer().render(prepared, layer).image
    let checked = Renderer().render(prepared, layer, checksSampleBounds: true)
    #expect(checked.image.pixels == plain.pixels)
    #expect(checked.report?.pixelCount == 67 * 45)
    #expect(checked.report?.declaredOffset == float2(12, 12))
    #expect(checked.report?.violationCount == 0)
  }

  @Test("the Swift lane form agrees with the C reference within 1 code value")
  func swiftMatchesCReference() throws {
    let image = Image.testCard(width: 203, height: 117)
    let origin = float2(80.5, 40.5)
    let swift = try Self.render(Self.shader(origin: origin), image, lanes: true, tileSize: nil)
    var layer = lfx_layer()
    let status = image.pixels.withUnsafeBufferPointer { pixels in
      pixels.withMemoryRebound(to: Float.self) { floats in
        lfx_layer_init(&layer, floats.baseAddress, 203, 117, 1, 12, 12)
      }
    }
    try #require(status == 0)
    defer { lfx_layer_destroy(&layer) }
    var output = [half4](repeating: .zero, count: 203 * 117)
    output.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: Float.self) { floats in
        lfx_ripple(&layer, floats.baseAddress, origin.x, origin.y, 0.25, 12, 15, 8, 1200, 2)
      }
    }
    #expect(Self.maxCodeDifference(swift.pixels, output) <= 1)
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
