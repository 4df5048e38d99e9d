import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `hueRotation` against the W3C `hue-rotate()` matrix (`feColorMatrix type="hueRotate"`), the
/// spec's sum of three matrices written here in float64.
@Suite struct HueRotationTests {
  static func reference(degrees: Double) -> (GoldenHarness.Color) -> GoldenHarness.Color {
    let theta = degrees * Double.pi / 180
    let base = [[0.213, 0.715, 0.072], [0.213, 0.715, 0.072], [0.213, 0.715, 0.072]]
    let cosine = [[0.787, -0.715, -0.072], [-0.213, 0.285, -0.072], [-0.213, -0.715, 0.928]]
    let sine = [[-0.213, -0.715, 0.928], [0.143, 0.140, -0.283], [-0.787, 0.715, 0.072]]
    let matrix = (0..<3).map { i in
      (0..<3).map { j in base[i][j] + cos(theta) * cosine[i][j] + sin(theta) * sine[i][j] }
    }
    return { GoldenHarness.straight($0) { GoldenHarness.apply(matrix, $0) } }
  }

  @Test("matches the W3C matrix", arguments: [30.0, 90, 180, 270, -45])
  func matchesW3CMatrix(degrees: Double) throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.hueRotation(.float(Float(degrees))),
      reference: Self.reference(degrees: degrees))
  }

  @Test("0° and 360° leave the image unchanged", arguments: [0.0, 360])
  func fullTurnIsIdentity(degrees: Double) throws {
    try GoldenHarness.checkColorEffect(ShaderFunction.hueRotation(.float(Float(degrees)))) { $0 }
  }

  @Test(
    "matches the W3C matrix on a photo at the default",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.hueRotation(), reference: Self.reference(degrees: 90), photo: true)
  }
}
