import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import Testing

/// The shimmer against a float64 evaluation of its doc formula.
@Suite struct ShimmerTests {
  struct Arguments: Sendable {
    var time = 0.0, speed = 400.0, angle = 0.5235988, width = 60.0, spacing = 400.0
    var intensity = 0.6
  }

  static func reference(_ a: Arguments) -> (SIMD2<Double>, ReferenceLayer) -> SIMD4<Double> {
    { position, layer in
      let u =
        position.x * Foundation.cos(a.angle) + position.y * Foundation.sin(a.angle) - a.speed
        * a.time
      let x = u - a.spacing * (u / a.spacing).rounded(.down)
      // smoothstep(0, w/2, d) as MSL §6.5: t = clamp(d / (w/2), 0, 1), t²(3 − 2t).
      let t = min(max(abs(x - a.spacing / 2) / (a.width / 2), 0), 1)
      let band = 1 - t * t * (3 - 2 * t)
      var c = layer.sample(position)
      let m = a.intensity * band
      c.x += (c.w - c.x) * m
      c.y += (c.w - c.y) * m
      c.z += (c.w - c.z) * m
      return c
    }
  }

  static func shader(_ a: Arguments) -> Shader {
    ShaderFunction.shimmer(
      .float(Float(a.time)), .float(Float(a.speed)), .float(Float(a.angle)),
      .float(Float(a.width)), .float(Float(a.spacing)), .float(Float(a.intensity)))
  }

  static let cases: [Arguments] = [
    Arguments(),
    Arguments(time: 0.3),
    Arguments(time: 1.7, speed: 100, angle: 2, width: 10, spacing: 100, intensity: 0.9),
    Arguments(time: 3, speed: 1500, angle: 4, width: 200, spacing: 1000, intensity: 0.2),
  ]

  @Test(
    "both forms are within 1/255 of a float64 reference on 99.9 % of pixels, 3/255 on all",
    arguments: cases.indices)
  func matchesReference(index: Int) throws {
    let a = Self.cases[index]
    try LayerEffectGolden.expectMatchesReference(
      Self.shader(a), maxSampleOffset: .zero, Self.reference(a))
  }

  @Test("the band's centre is mixed toward white by the intensity, and far from it nothing changes")
  func handCalculation() throws {
    // angle 0, time 0: u = x; the band centre is at x = spacing / 2 = 50 (pixel 49.5 + 0.5).
    let image = Image(width: 100, height: 1, color: half4(0.2, 0.2, 0.2, 1))
    let shader = ShaderFunction.shimmer(
      .float(0), .float(0), .float(0), .float(20), .float(100), .float(0.5))
    let out = try LayerEffectGolden.render(shader, image, lanes: true)
    // Pixel 49 is at x = 49.5, 0.5 from the centre: t = 0.05, band = 1 − 0.0025 · 2.9.
    let band: Float = 1 - 0.0025 * 2.9
    #expect(abs(out[49, 0].x - (0.2 + 0.8 * 0.5 * band)) <= 1e-5)
    #expect(abs(out[10, 0] - half4(0.2, 0.2, 0.2, 1)).max() <= 1e-6)
  }

  @Test("output is identical for every tiling and thread count")
  func deterministic() throws {
    try LayerEffectGolden.expectDeterministic(Self.shader(Arguments(time: 0.2)))
  }

  @Test("it reads only the pixel itself")
  func withinBounds() throws {
    for a in Self.cases { try LayerEffectGolden.expectWithinBounds(Self.shader(a)) }
  }
}
