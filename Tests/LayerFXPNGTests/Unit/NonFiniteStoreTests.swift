import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXPNG

@Suite("A kernel's NaN output never reaches a file as garbage")
struct NonFiniteStoreTests {
  @Test(
    "NaN pixels from a kernel store as transparent black at 8 and 16 bits",
    arguments: [
      PNGEncoder.BitDepth.eight, .sixteen,
    ])
  func nanPixelsStoreAsZero(depth: PNGEncoder.BitDepth) throws {
    // Pixel 0: every channel NaN; pixel 1: NaN colour, opaque; pixel 2: a finite colour.
    let outputs = [half4(.nan, .nan, .nan, .nan), half4(.nan, .nan, .nan, 1), half4(0, 0.5, 0, 1)]
    let kernel = PreparedShader(.color { position, _ in outputs[Int(position.x)] })
    let rendered = Renderer().render(
      RenderRequest(kernel, source: .image(Image(width: 3, height: 1)))
    ).image
    let decoded = try PNGDecoder().decode(PNGEncoder(bitDepth: depth).encode(rendered))
    // Documentation/Semantics.md §3: NaN stores as 0; alpha NaN → the pixel is all zeros (PNGEncoder docs).
    #expect(decoded.image.pixels[0] == half4(0, 0, 0, 0))
    #expect(decoded.image.pixels[1] == half4(0, 0, 0, 1))
    // 0.5 → round(127.5) = 128 of 255, or round(32767.5) = 32768 of 65535.
    let green: Float = depth == .eight ? 128 / 255 : 32768 / 65535
    #expect(decoded.image.pixels[2] == half4(0, green, 0, 1))
  }
}
