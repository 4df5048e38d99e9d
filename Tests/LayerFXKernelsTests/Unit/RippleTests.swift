import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

// The ripple (Documentation/Semantics.md §5) on a linear gradient: pixel (i, j) = (i / 32, j / 32, 0.5, 1), so a
// bilinear sample at pixel-space q inside the image is exactly (q.x / 32, q.y / 32, 0.5, 1).
// Parameters are chosen so the wave term is a round number: with the wave front arriving after
// d / speed = 1 s and time = 2 s, elapsed = 1 s, and sin(frequency · 1) is 1 for frequency = π/2,
// −1 for 3π/2, 0.5 for π/6; exp(−decay · 1) is 1 for decay 0 and 0.5 for decay ln 2.

@Suite("ripple")
struct RippleTests {
  let gradient = Fixtures.linearGradient(width: 33, height: 33, step: 1.0 / 32)
  /// Floating-point noise from binary32 sin, exp and the 0.6 / 0.8 direction (each ~1e-7).
  let tolerance: Float = 1e-5

  private func ripple(
    _ image: Image, origin: float2, time: Float, amplitude: Float = 5, frequency: Float,
    decay: Float = 0, speed: Float = 20
  ) throws -> Image {
    let shader = ShaderLibrary.default.ripple(
      .float2(origin), .float(time), .float(amplitude), .float(frequency), .float(decay),
      .float(speed))
    let offset = try shader.prepared(sizeInPoints: image.sizeInPoints).maxSampleOffset
    return try image.layerEffect(shader, maxSampleOffset: offset)
  }

  private func expectColor(
    _ actual: half4, _ expected: half4, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      abs(actual - expected).max() <= tolerance, "\(actual) vs \(expected)",
      sourceLocation: sourceLocation)
  }

  // Pixel (12, 16) at (12.5, 16.5), origin (0.5, 0.5): position − origin = (12, 16), d = 20,
  // n = (0.6, 0.8); with speed 20 the front arrives at 1 s.

  @Test("on a crest the pixel reads amplitude points outward and is lightened by 0.3")
  func crest() throws {
    let output = try ripple(gradient, origin: float2(0.5, 0.5), time: 2, frequency: .pi / 2)
    // amount = 5 · sin(π/2) · exp(0) = 5; sample at (12.5, 16.5) + 5 (0.6, 0.8) = (15.5, 20.5),
    // q = (15, 20) → (15/32, 20/32, 0.5, 1) = (0.46875, 0.625, 0.5, 1); shade 0.3 · (5/5) · 1
    expectColor(output[12, 16], half4(0.768_75, 0.925, 0.8, 1))
  }

  @Test("the kernel called directly gives the crest's colour, one pixel or eight at a time")
  func directCall() {
    var kernel = Ripple()
    kernel.origin = float2(0.5, 0.5)
    kernel.time = 2
    kernel.amplitude = 5
    kernel.frequency = .pi / 2
    kernel.decay = 0
    kernel.speed = 20
    let layer = Layer(gradient, maxSampleOffset: float2(5, 5))
    // As on the crest above: pixel (12, 16) at (12.5, 16.5) reads q = (15, 20), shaded by 0.3.
    let color = kernel.shade(position: Vector2<Float>(float2(12.5, 16.5)), layer: layer)
    expectColor(color.simd, half4(0.768_75, 0.925, 0.8, 1))
    let lanes = kernel.shade(
      position: Vector2(FloatLanes8(12.5), FloatLanes8(16.5)), layer: layer)
    for lane in 0..<8 {
      expectColor(
        half4(lanes.x[lane: lane], lanes.y[lane: lane], lanes.z[lane: lane], lanes.w[lane: lane]),
        half4(0.768_75, 0.925, 0.8, 1))
    }
  }

  @Test("decay scales the displacement and the shading")
  func decay() throws {
    let output = try ripple(
      gradient, origin: float2(0.5, 0.5), time: 2, frequency: .pi / 2, decay: logf(2))
    // amount = 5 · 1 · 0.5 = 2.5; sample (12.5, 16.5) + (1.5, 2) → q = (13.5, 18):
    // (0.421875, 0.5625, 0.5, 1); shade 0.3 · 0.5 = 0.15
    expectColor(output[12, 16], half4(0.571_875, 0.712_5, 0.65, 1))
  }

  @Test("in a trough the pixel reads inward and is darkened")
  func trough() throws {
    let output = try ripple(gradient, origin: float2(0.5, 0.5), time: 2, frequency: 3 * .pi / 2)
    // amount = 5 · sin(3π/2) = −5; sample (12.5, 16.5) − (3, 4) → q = (9, 12):
    // (0.28125, 0.375, 0.5, 1); shade −0.3
    expectColor(output[12, 16], half4(-0.018_75, 0.075, 0.2, 1))
  }

  @Test("a fractional displacement is read bilinearly")
  func fractionalDisplacement() throws {
    let output = try ripple(
      gradient, origin: float2(0.5, 0.5), time: 2, frequency: .pi / 6, decay: logf(2))
    // amount = 5 · 0.5 · 0.5 = 1.25; sample (12.5, 16.5) + (0.75, 1) → q = (12.75, 17):
    // (0.3984375, 0.53125, 0.5, 1); shade 0.3 · 0.25 = 0.075
    expectColor(output[12, 16], half4(0.473_437_5, 0.606_25, 0.575, 1))
  }

  @Test("at scale 2 origin, amplitude and speed are in points")
  func scaleTwo() throws {
    let image = Fixtures.linearGradient(width: 33, height: 33, step: 1.0 / 32, scale: 2)
    // Pixel (12, 16) at (6.25, 8.25) pt; origin (0.25, 0.25): (6, 8), d = 10 pt, arrival 1 s at
    // 10 pt/s; amount = 2.5 pt; sample (6.25, 8.25) + (1.5, 2) = (7.75, 10.25) pt,
    // q = 2 p − 0.5 = (15, 20): the same colour as on the crest at scale 1.
    let output = try ripple(
      image, origin: float2(0.25, 0.25), time: 2, amplitude: 2.5, frequency: .pi / 2, speed: 10)
    expectColor(output[12, 16], half4(0.768_75, 0.925, 0.8, 1))
  }

  @Test("pixels the wave front has not reached (time ≤ d / speed) are unchanged")
  func beforeTheFront() throws {
    let origin = float2(0.5, 0.5)
    let output = try ripple(gradient, origin: origin, time: 0.5, frequency: .pi / 2)
    var reached = 0
    for j in 0..<33 {
      for i in 0..<33 {
        let d = (Double(i) * Double(i) + Double(j) * Double(j)).squareRoot()
        if d / 20 > 0.5 + 1e-3 {
          // elapsed = 0: no displacement, no shading, the texel exactly.
          #expect(output[i, j] == gradient[i, j], "pixel (\(i), \(j))")
        } else if d / 20 < 0.5 - 1e-3 && d > 0 {
          reached += 1
          #expect(output[i, j] != gradient[i, j], "pixel (\(i), \(j))")
        }
      }
    }
    #expect(reached > 50)  // d < 10: about a quarter disc of radius 10
  }

  @Test("at the origin (d = 0) there is no displacement and no NaN, only the shading")
  func atTheOrigin() throws {
    let output = try ripple(gradient, origin: float2(12.5, 16.5), time: 1, frequency: .pi / 2)
    // elapsed = 1, amount = 5, n = 0: own texel (12/32, 16/32, 0.5, 1) + 0.3
    expectColor(output[12, 16], half4(0.675, 0.8, 0.8, 1))
    #expect(output.pixels.allSatisfy { !$0.x.isNaN && !$0.y.isNaN && !$0.z.isNaN && !$0.w.isNaN })
  }

  @Test("amplitude 0 returns the input unchanged")
  func zeroAmplitude() throws {
    let card = Image.testCard(width: 64, height: 48)
    for time: Float in [0.01, 0.1, 1] {
      let output = try ripple(
        card, origin: float2(20, 30), time: time, amplitude: 0, frequency: 15, decay: 8,
        speed: 1200)
      #expect(output == card)
    }
  }

  @Test("a premultiplied colour is darkened by shade × alpha in a trough")
  func premultipliedTrough() throws {
    let image = Image(width: 33, height: 33, color: half4(0.25, 0.125, 0.375, 0.5))
    let output = try ripple(image, origin: float2(0.5, 0.5), time: 2, frequency: 3 * .pi / 2)
    // Uniform interior, so the sample is the colour itself; rgb += −0.3 · 0.5 = −0.15
    expectColor(output[12, 16], half4(0.1, -0.025, 0.225, 0.5))
  }

  @Test("where shading is negative, rgb stays at most alpha on an image with varying alpha")
  func premultipliedStaysValid() throws {
    let image = Fixtures.radialAlpha(width: 37, height: 23)
    let origin = float2(10, 7)
    // Troughs need frequency · elapsed in (π, 2π), i.e. elapsed > π / 15 ≈ 0.21 s.
    for time: Float in [0.25, 0.3, 0.4] {
      let output = try ripple(
        image, origin: origin, time: time, amplitude: 4, frequency: 15, decay: 4, speed: 100)
      var darkened = 0
      for j in 0..<23 {
        for i in 0..<37 {
          // The sign of sin(frequency · elapsed), from §5 in float64.
          let d = hypot(Double(i) + 0.5 - 10, Double(j) + 0.5 - 7)
          let wave = Foundation.sin(15 * max(0, Double(time) - d / 100))
          guard wave < -1e-3 else { continue }
          darkened += 1
          let pixel = output[i, j]
          #expect(pixel.r <= pixel.a && pixel.g <= pixel.a && pixel.b <= pixel.a)
        }
      }
      #expect(darkened > 0)
    }
  }

  @Test("the built-in library has the ripple with maxSampleOffset (|amplitude|, |amplitude|)")
  func libraryEntry() throws {
    let function = try ShaderLibrary.default.function(named: "ripple")
    #expect(function.kind == .layer)
    #expect(
      function.parameters.map(\.name) == [
        "origin", "time", "amplitude", "frequency", "decay", "speed",
      ])
    #expect(function.parameters.map(\.type) == [.float2, .float, .float, .float, .float, .float])
    // Defaults from Documentation/Semantics.md §5.
    #expect(
      function.parameters.map(\.defaultValue) == [
        nil, .float(0), .float(12), .float(15), .float(8), .float(1200),
      ])
    // Units from Documentation/Semantics.md §5; speed must be > 0 (it divides the distance), time ≥ 0.
    #expect(
      function.parameters.map(\.unit) == [
        .points, .seconds, .points, .radiansPerSecond, .perSecond, .pointsPerSecond,
      ])
    #expect(function.parameters[5].validRange == .greaterThan(0))
    #expect(function.parameters[1].validRange == .atLeast(0))
    #expect(function.parameters[4].validRange == .atLeast(0))
    // The taps drive origin and time.
    #expect(function.parameters[0].role == .position)
    #expect(function.parameters[1].role == .timeSinceTrigger)
    let size = float2(10, 10)
    let shader = function(.float2(.zero), .float(0), .float(-7), .float(15), .float(8), .float(1))
    let prepared = try shader.prepared(sizeInPoints: size)
    #expect(prepared.maxSampleOffset == float2(7, 7))
    #expect(prepared.hasLaneForm)
  }
}
