import LayerFX
import LayerFXMath
import Testing

@Suite("Image's description")
struct ImageDescriptionTests {
  // The synthesised description listed all 240,000 pixels of this image.
  @Test("an image prints as its size and scale, not its pixels")
  func sizeAndScale() {
    let image = Image(width: 600, height: 400, scale: 2, color: half4(1, 0, 0, 1))
    #expect("\(image)" == "Image(600 × 400 pixels, scale 2.0)")
    #expect(
      String(describing: Image.testCard(width: 3, height: 1)) == "Image(3 × 1 pixels, scale 1.0)")
  }
}
