import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTestSupport
import Testing

/// `colorPlanes` against the selected channel repeated, alpha kept.
@Suite struct ColorPlanesTests {
  static func reference(channel: Int) -> (GoldenHarness.Color) -> GoldenHarness.Color {
    { SIMD4($0[channel], $0[channel], $0[channel], $0.w) }
  }

  @Test("shows the selected plane", arguments: [0, 1, 2])
  func showsPlane(channel: Int) throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.colorPlanes(.float(Float(channel))),
      reference: Self.reference(channel: channel))
  }

  @Test(
    "shows the red plane of a photo at the default",
    .enabled(if: GoldenHarness.photo != nil, GoldenHarness.photoMissingMessage))
  func photo() throws {
    try GoldenHarness.checkColorEffect(
      ShaderFunction.colorPlanes(), reference: Self.reference(channel: 0), photo: true)
  }
}
