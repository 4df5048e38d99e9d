import LayerFX
import LayerFXMath
import Testing

@Suite("Image's description and its refusals")
struct ImageDescriptionTests {
  // The synthesised description listed all 240,000 pixels of this image.
  @Test("an image prints as its size and scale, not its pixels")
  func sizeAndScale() {
    let image = Image(width: 600, height: 400, scale: 2, color: half4(1, 0, 0, 1))
    #expect("\(image)" == "Image(600 × 400 pixels, scale 2.0)")
    #expect(
      String(describing: Image.testCard(width: 3, height: 1)) == "Image(3 × 1 pixels, scale 1.0)")
  }

  // precondition's message is dropped in an optimised build, and the engine builds with -O
  // even in debug builds: Image(width: 0, …) said only "precondition failure".
  @Test("an image of no pixels, or a bad scale, stops naming the problem and the values")
  func invalidSizesNameThemselves() async {
    let empty = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Image.testCard(width: 0, height: 0)
    }
    let emptyText = String(decoding: empty?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      emptyText.contains("an image has at least one pixel on each side, got 0 × 0"),
      "stderr: \(emptyText)")
    let negative = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Image(width: -3, height: 2, color: half4(1, 1, 1, 1))
    }
    let negativeText = String(decoding: negative?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      negativeText.contains("an image has at least one pixel on each side, got -3 × 2"),
      "stderr: \(negativeText)")
    let scale = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Image(width: 1, height: 1, scale: .nan)
    }
    let scaleText = String(decoding: scale?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      scaleText.contains("scale must be finite and positive, got nan"), "stderr: \(scaleText)")
  }
}
