import Foundation
import LayerFX
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// `layerfx ripple` on real files against the float64 reference of Documentation/Semantics.md §5, compared as
/// the 8-bit straight-alpha codes a user gets in the output file.
@Suite(.enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
struct RippleAccuracyTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var file: String
    var origin: SIMD2<Double>
    var time: Double
    var testDescription: String { "\(file) at \(time) s from (\(origin.x), \(origin.y))" }
  }

  static let cases = [
    // A greyscale photo, a colour photo, an RGBA image with real alpha, odd-sized palette
    // images, and an interlaced RGBA file; origins off-centre, one outside the image.
    Case(file: "photos/camera.png", origin: [200.5, 300], time: 0.05),
    Case(file: "photos/coffee.png", origin: [450, 120.25], time: 0.3),
    Case(file: "pngsuite/basn6a08.png", origin: [10, 20], time: 0.004),
    Case(file: "pngsuite/s39n3p04.png", origin: [-5, 17], time: 0.01),
    Case(file: "pngsuite/s35i3p04.png", origin: [17.5, 17.5], time: 0.002),
    Case(file: "pngsuite/basi6a16.png", origin: [3, 29], time: 0.006),
  ]

  @Test(
    "the output is within 1 code of the reference on 99.9 % of samples and 3 everywhere",
    arguments: cases)
  func matchesReference(_ c: Case) throws {
    let directory = try TemporaryDirectory()
    let input = TestData.path(c.file)
    let result = try LayerFXTool.run([
      "ripple", input, "--time", "\(c.time)", "--origin", "\(c.origin.x),\(c.origin.y)", "-o",
      directory.path("out.png"),
    ])
    try #require(result.status == 0, "\(result.standardError)")
    let source = try PNGDecoder().decode(contentsOf: input).image
    let expected = straightCodes(
      RippleReference(image: source, origin: c.origin, time: c.time).render())
    let actual = straightCodes(try PNGDecoder().decode(contentsOf: directory.path("out.png")).image)
    #expect(actual.count == expected.count)
    let errors = zip(actual, expected).map { abs($0 - $1) }
    // The ripple must really move something, or agreement would prove nothing.
    let unchanged = straightCodes(source)
    #expect(zip(unchanged, expected).contains { abs($0 - $1) > 3 })
    // Tolerance from Documentation/Semantics.md §3.
    let overOne = errors.filter { $0 > 1 }.count
    #expect(Double(overOne) <= 0.001 * Double(errors.count), "\(overOne) samples off by > 1")
    #expect(errors.max() ?? 0 <= 3)
  }

  /// The 8-bit straight-alpha codes of premultiplied pixels.
  ///
  /// Un-premultiply, clamp to [0, 1], round to nearest (Documentation/Semantics.md §3), computed in Double. A pixel whose alpha code is 0 is
  /// invisible and its colour unrecoverable after decoding, so it compares as all zeros.
  func straightCodes(_ image: Image) -> [Int] {
    image.pixels.flatMap { pixel -> [Int] in
      let alpha = Double(pixel.w)
      guard alpha > 0 else { return [0, 0, 0, 0] }
      let channels = [
        Double(pixel.x) / alpha, Double(pixel.y) / alpha, Double(pixel.z) / alpha, alpha,
      ]
      let codes = channels.map { Int((min(max($0, 0), 1) * 255).rounded()) }
      return codes[3] == 0 ? [0, 0, 0, 0] : codes
    }
  }
}
