import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXPNG
import LayerFXTestSupport
import Testing

/// The layer effects of the kernel library on a real photo: every sample within the declared
/// maxSampleOffset at the defaults and at the suggested-range extremes (on a crop, to keep the
/// debug build's per-pixel bounds checker quick), and `layerfx apply` at the defaults on the
/// whole photo and on a 1 × 1 image.
@Suite(.enabled(if: TestData.isAvailable, Comment(rawValue: TestData.notFoundMessage)))
struct BuiltInLayerEffectsPhotoTests {
  /// Each kernel with its argument sets: the defaults (none) and the suggested extremes.
  static let cases: [(kernel: String, arguments: [[String: Float]])] = [
    ("boxBlur", [[:], ["radius": 1], ["radius": 10]]),
    ("gaussianBlur", [[:], ["radius": 0.5], ["radius": 6]]),
    (
      "chromaticAberration",
      [[:], ["amount": 1, "angle": 6.2831855], ["amount": 12, "angle": 0.7]]
    ),
    ("emboss", [[:], ["distance": 0.5, "strength": 8], ["distance": 4, "angle": 2]]),
    ("sobelEdges", [[:], ["distance": 0.5], ["distance": 4]]),
    ("bloom", [[:], ["radius": 1, "threshold": 0.3], ["radius": 10, "threshold": 0.9]]),
    ("shimmer", [["time": 0.3], ["width": 10], ["time": 3, "width": 200, "speed": 1500]]),
  ]

  /// A 96 × 64 crop from the middle of the coffee photo (premultiplied, as decoded).
  static func crop() throws -> Image {
    let photo = try PNGDecoder().decode(contentsOf: TestData.path("photos/coffee.png")).image
    let (x0, y0) = (photo.width / 2 - 48, photo.height / 2 - 32)
    var pixels: [half4] = []
    for y in y0..<(y0 + 64) {
      for x in x0..<(x0 + 96) { pixels.append(photo[x, y]) }
    }
    return Image(width: 96, height: 64, pixels: pixels)
  }

  @Test(
    "every sample lies within maxSampleOffset on a photo, at the defaults and the extremes",
    arguments: cases.map(\.kernel))
  func withinBoundsOnPhoto(kernel: String) throws {
    let image = try Self.crop()
    let function = try ShaderLibrary.default.function(named: kernel)
    for set in Self.cases.first(where: { $0.kernel == kernel })?.arguments ?? [] {
      let shader = Shader(
        function: function,
        namedArguments: set.sorted { $0.key < $1.key }.map { ($0.key, .float($0.value)) })
      let prepared = try shader.prepared(sizeInPoints: image.sizeInPoints)
      let checked = Renderer().render(
        RenderRequest(prepared, source: .image(image), checksSampleBounds: true))
      let report = try #require(checked.report)
      #expect(report.isWithinBounds, "\(kernel) \(set): \(report)")
    }
  }

  @Test(
    "layerfx apply runs every layer effect at its defaults on the whole photo and on 1 × 1",
    arguments: cases.map(\.kernel))
  func cliRuns(kernel: String) throws {
    let directory = try TemporaryDirectory()
    for input in [TestData.path("photos/coffee.png"), "testcard:1x1"] {
      let result = try LayerFXTool.run([
        "apply", kernel, input, "-o", directory.path("out.png"),
      ])
      #expect(result.status == 0, "\(kernel) \(input): \(result.standardError)")
      let image = try PNGDecoder().decode(contentsOf: directory.path("out.png")).image
      #expect(image.width == (input.hasPrefix("testcard") ? 1 : 600))
    }
  }
}
