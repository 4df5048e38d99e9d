import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `posterize` against the W3C discrete transfer with the table `0, 1/(n − 1), …, 1`, in float64.
@Suite struct PosterizeTests {
  static func reference(levels n: Double) -> (GoldenHarness.Color) -> GoldenHarness.Color {
    {
      GoldenHarness.straight($0) { c in
        SIMD3(
          min((c.x * n).rounded(.down), n - 1), min((c.y * n).rounded(.down), n - 1),
          min((c.z * n).rounded(.down), n - 1)) / (n - 1)
      }
    }
  }

  /// Whether a channel sits within rounding of a step (`c · n` near a whole number).
  static func isAmbiguous(levels n: Double) -> (GoldenHarness.Color) -> Bool {
    { color in
      guard color.w > 0 else { return false }
      return (0..<3).contains { channel in
        let x = color[channel] / color.w * n
        return abs(x - x.rounded()) < 1e-4
      }
    }
  }

  @Test("matches the W3C discrete transfer", arguments: [4.0, 2, 7, 16])
  func matchesTransfer(levels: Double) throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.posterize(.float(Float(levels))), reference: Self.reference(levels: levels),
      isAmbiguous: Self.isAmbiguous(levels: levels))
  }

  @Test(
    "matches the W3C discrete transfer on a photo at the default",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.posterize(), reference: Self.reference(levels: 4), photo: true,
      isAmbiguous: Self.isAmbiguous(levels: 4))
  }

  @Test("four levels take 0.3 to 1/3 and 0.9 to 1 (hand calculation)")
  func handValues() throws {
    let image = Image(width: 1, height: 1, color: half4(0.3, 0.9, 0.6, 1))
    let out = try GoldenHarness.render(ShaderFunction.posterize(.float(4)), image, kind: .color)
    // floor(1.2) = 1 → 1/3; floor(3.6) = 3 → 1; floor(2.4) = 2 → 2/3.
    let expected: [Float] = [1.0 / 3, 1, 2.0 / 3]
    for c in 0..<3 { #expect(abs(out.pixels[0][c] - expected[c]) <= 1e-6) }
  }
}
