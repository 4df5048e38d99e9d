import Foundation
import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

/// The golden and bounds checks of the distortion effects: the kernel's output against a
/// float64 reference (the distortion's formula written in the test, then the padded bilinear
/// sample of Documentation/Semantics.md §4 re-implemented here), and the bounds checker over the test card
/// and a photo.
enum DistortionHarness {
  /// A point in float64, points.
  typealias Point = SIMD2<Double>

  /// The test card and the photo (when available) for the bounds checker.
  static var boundsInputs: [(name: String, image: Image)] {
    var inputs = [("test card 203×117", Image.testCard(width: 203, height: 117))]
    if let photo = GoldenHarness.photo { inputs.append(("photo coffee", photo)) }
    return inputs
  }

  /// The centre of `image`, points: where the tests put a twirl, bulge or kaleidoscope.
  static func center(of image: Image) -> float2 { image.sizeInPoints / 2 }

  /// Checks a distortion effect made for each image by `makeShader` against `reference`, the
  /// source position (float64) each position reads, on every synthetic input (and the photo, if
  /// `photo`), in both forms, and checks determinism over tilings and threads.
  static func check(
    _ makeShader: (Image) -> Shader, reference: (Image) -> (Point) -> Point,
    photo includesPhoto: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var cases = GoldenHarness.inputs
    if includesPhoto, let photo = GoldenHarness.photo { cases.append(("photo coffee", photo)) }
    for (name, image) in cases {
      let shader = makeShader(image)
      let prepared = try shader.prepared(for: .distortion, sizeInPoints: image.sizeInPoints)
      let expected = render(image, maxSampleOffset: prepared.maxSampleOffset, reference(image))
      for lanes in [true, false] {
        let actual = try GoldenHarness.render(shader, image, kind: .distortion, lanes: lanes)
        GoldenHarness.expectMatches(
          actual, expected, "\(name), \(lanes ? "lanes" : "closures")",
          sourceLocation: sourceLocation)
      }
    }
    try GoldenHarness.expectDeterministic(
      makeShader(GoldenHarness.inputs[0].image), kind: .distortion,
      sourceLocation: sourceLocation)
  }

  /// Expects no sample beyond the kernel's own `maxSampleOffset` (and no NaN) on the test card
  /// and the photo, for the shader `makeShader` gives each image.
  static func expectWithinBounds(
    _ makeShader: (Image) -> Shader, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for (name, image) in boundsInputs {
      let prepared = try makeShader(image).prepared(
        for: .distortion, sizeInPoints: image.sizeInPoints)
      let report = Renderer().render(
        RenderRequest(prepared, source: .image(image), checksSampleBounds: true)
      ).report
      #expect(
        report?.violationCount == 0, "\(label), \(name): \(String(describing: report))",
        sourceLocation: sourceLocation)
      #expect(
        report?.nonFiniteSampleCount == 0, "\(label), \(name)",
        sourceLocation: sourceLocation)
    }
  }

  /// The reference output: every pixel centre (Documentation/Semantics.md §2) mapped by `source`, then
  /// sampled from the image padded by `ceil(maxSampleOffset × scale)` transparent pixels.
  static func render(
    _ image: Image, maxSampleOffset: float2, _ source: (Point) -> Point
  ) -> [GoldenHarness.Color] {
    let scale = Double(image.scale)
    let pad = SIMD2(
      Int((Double(maxSampleOffset.x) * scale).rounded(.up)),
      Int((Double(maxSampleOffset.y) * scale).rounded(.up)))
    var pixels: [GoldenHarness.Color] = []
    pixels.reserveCapacity(image.width * image.height)
    for j in 0..<image.height {
      for i in 0..<image.width {
        let position = Point((Double(i) + 0.5) / scale, (Double(j) + 0.5) / scale)
        pixels.append(sample(image, at: source(position), pad: pad))
      }
    }
    return pixels
  }

  /// §4: q = p · s − 0.5, clamped to the padded region, bilinear over the padded image.
  static func sample(_ image: Image, at p: Point, pad: SIMD2<Int>) -> GoldenHarness.Color {
    let scale = Double(image.scale)
    let qx = min(max(p.x * scale - 0.5, Double(-pad.x)), Double(image.width - 1 + pad.x))
    let qy = min(max(p.y * scale - 0.5, Double(-pad.y)), Double(image.height - 1 + pad.y))
    let (x0, y0) = (qx.rounded(.down), qy.rounded(.down))
    let (wx, wy) = (qx - x0, qy - y0)
    let (ix, iy) = (Int(x0), Int(y0))
    func texel(_ x: Int, _ y: Int) -> GoldenHarness.Color {
      guard x >= 0, x < image.width, y >= 0, y < image.height else { return .zero }
      return GoldenHarness.Color(image[x, y])
    }
    let top = texel(ix, iy) * (1 - wx) + texel(ix + 1, iy) * wx
    let bottom = texel(ix, iy + 1) * (1 - wx) + texel(ix + 1, iy + 1) * wx
    return top * (1 - wy) + bottom * wy
  }
}
