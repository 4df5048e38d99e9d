import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXMetal

/// A frame on its way to stored samples (PNG codes) is shaded by the worker straight into the
/// render's scratch tiles, which are shared memory (`SharedTexels.destinationAllocator`): each
/// pixel must land where the renderer stores it from, for every tile layout and thread count.
@Suite("sandboxed shaders write the render's scratch tiles")
struct SandboxedScratchTileTests {
  // Every pixel says where it is: red = column / 255, green = row / 255 (pixel (x, y) sits at
  // (x + 0.5, y + 0.5) points at scale 1, Semantics.md §2), blue from the colour it was given.
  static let source = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 coordinates(float2 position) {
      return half4(half(floor(position.x)) / 255.0h, half(floor(position.y)) / 255.0h, 0.0h, 1.0h);
    }
    [[ stitchable ]] half4 blueFromRed(float2 position, half4 color) {
      return half4(half(floor(position.x)) / 255.0h, half(floor(position.y)) / 255.0h, color.r, 1.0h);
    }
    """

  /// A store that copies each pixel.
  static let copy = PixelStore<half4> { pixels, elements in
    for index in pixels.indices { elements[index] = pixels[index] }
  }

  /// The 0…255 code of a channel.
  static func code(_ value: Float) -> Int { Int((value * 255).rounded()) }

  @Test(
    "every pixel of a fill and of a colour effect lands at its place",
    arguments: [nil, 7, 64] as [Int?], [1, 2])
  func pixelsLandInPlace(tileSize: Int?, threads: Int) throws {
    let library = try MetalLibrary(
      source: Self.source, path: "scratch.metal", options: MetalTestSupport.options)
    // 97 × 61, prime by prime: tiles of 7 and 64 leave ragged right and bottom tiles.
    var input = Image(width: 97, height: 61, color: half4(0, 0, 0, 1))
    input.modifyPixels { pixels in
      for index in pixels.indices {
        pixels[index] = half4(Float(index % 97 % 50) / 255, 0, 0, 1)
      }
    }
    let renderer = Renderer(tileSize: tileSize, threadCount: threads)
    for name in ["coordinates", "blueFromRed"] {
      let shader = try library.library.function(named: name)()
        .prepared(sizeInPoints: float2(97, 61))
      var elements: [half4] = []
      renderer.render(
        RenderRequest(shader, source: .image(input)), storing: Self.copy, into: &elements)
      var image = Image(width: 1, height: 1, color: .zero)
      renderer.render(RenderRequest(shader, source: .image(input)), into: &image)
      #expect(elements == image.pixels, "\(name): the stored path equals the image path")
      var misplaced = 0
      for y in 0..<61 {
        for x in 0..<97 {
          let pixel = elements[y * 97 + x]
          let blue = name == "blueFromRed" ? x % 50 : 0
          if Self.code(pixel.x) != x || Self.code(pixel.y) != y || Self.code(pixel.z) != blue {
            misplaced += 1
          }
        }
      }
      #expect(misplaced == 0, "\(name), tile \(String(describing: tileSize)), \(threads) threads")
    }
  }

  @Test("a scratch tile is found from any pointer inside it, a layer's texels only at their start")
  func lookup() throws {
    let (scratchPointer, scratchOwner) = try #require(SharedTexels.destinationAllocator(4096))
    let (texelPointer, texelOwner) = try #require(SharedTexels.allocator(4096))
    try withExtendedLifetime((scratchOwner, texelOwner)) {
      let scratch = try #require(SharedTexels.containing(scratchPointer + 1024, byteCount: 3072))
      #expect(scratch.isWritable && scratch.pointer == scratchPointer)
      // One byte past the end is not inside.
      let last = scratchPointer + scratch.byteCount - 16
      #expect(SharedTexels.containing(last, byteCount: 16)?.id == scratch.id)
      #expect(SharedTexels.containing(last, byteCount: 17)?.id != scratch.id)
      let texels = try #require(SharedTexels.containing(texelPointer, byteCount: 16))
      #expect(!texels.isWritable)
    }
  }
}
