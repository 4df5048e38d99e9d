import Foundation
import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

/// A layer kernel that samples twice at offsets up to 3 points that vary with the position and
/// blends the two: enough to show any tiling or threading mistake.
private let wobbleKernel = EffectKernel.layer { position, layer in
  let offset = float2(3 * sinf(position.y / 7), 2 * cosf(position.x / 5))
  return mix(layer.sample(position + offset), layer.sample(position - offset), 0.25)
}

/// A distortion kernel that reads up to 2.5 points away.
private let swirlKernel = EffectKernel.distortion { position in
  position + float2(2.5 * sinf(position.x / 9 + position.y / 11), 1.5 * cosf(position.y / 4))
}

/// A colour kernel that mixes the colour with the position.
private let tintKernel = EffectKernel.color { position, color in
  var tinted = color
  tinted.rgb = mix(color.rgb, half3(fract(position.x / 13), fract(position.y / 17), 0.5), 0.5)
  return tinted
}

@Suite("Renderer")
struct RendererTests {
  // 97 × 61 is prime by prime, so tiles of 7 and 64 leave ragged right and bottom tiles.
  let card = Image.testCard(width: 97, height: 61)

  @Test(
    "output is identical for bands and tile sizes 1, 7, 64, on 1 or 4 threads",
    arguments: [("layer", wobbleKernel), ("distortion", swirlKernel), ("color", tintKernel)])
  func tilingIndependence(name: String, kernel: EffectKernel) {
    let shader = PreparedShader(kernel, maxSampleOffset: float2(3, 3))
    let layer = Layer(card, maxSampleOffset: float2(3, 3))
    for bounds in [RenderRequest.OutputBounds.source, .padded] {
      let reference = Renderer(tileSize: 64, threadCount: 1).render(
        RenderRequest(shader, source: .layer(layer), bounds: bounds)
      )
      .image
      // The kernel really changes the image, so equality below is not trivial.
      #expect(reference.pixels.count != card.pixels.count || reference.pixels != card.pixels)
      for renderer in Renderer.tilingMatrix {
        let image = renderer.render(RenderRequest(shader, source: .layer(layer), bounds: bounds))
          .image
        #expect(
          image.pixels == reference.pixels, "\(name) \(bounds): \(renderer.tilingDescription)")
        // From the image, the renderer builds the same layer (padded by the shader's offset).
        let fromImage = renderer.render(RenderRequest(shader, source: .image(card), bounds: bounds))
          .image
        #expect(
          fromImage.pixels == reference.pixels,
          "\(name) \(bounds) from the image: \(renderer.tilingDescription)")
        // Through a store (a destination of other elements), each tile goes via a scratch tile.
        var stored: [half4] = []
        renderer.render(
          RenderRequest(shader, source: .image(card), bounds: bounds),
          storing: RendererStoringTests.copy, into: &stored)
        #expect(
          stored == reference.pixels, "\(name) \(bounds) stored: \(renderer.tilingDescription)")
      }
    }
  }

  @Test("a colour kernel receives the pixel's own colour")
  func colorKernelReceivesOwnColor() {
    let identity = PreparedShader(.color { _, color in color })
    for image in [card, Fixtures.radialAlpha(width: 37, height: 23)] {
      for renderer in Renderer.tilingMatrix {
        // Read in place from the image, and through a layer.
        #expect(
          renderer.render(RenderRequest(identity, source: .image(image))).image == image,
          "\(renderer.tilingDescription)")
        #expect(
          renderer.render(RenderRequest(identity, source: .layer(Layer(image)))).image == image,
          "\(renderer.tilingDescription)")
      }
    }
  }

  @Test("every kernel kind sees pixel centres ((i + 0.5) / s, (j + 0.5) / s) in points")
  func positionsAtPixelCentres() {
    let image = Image(width: 5, height: 3, scale: 2, color: half4(1, 1, 1, 1))
    let color = EffectKernel.color { position, _ in half4(position.x, position.y, 0, 1) }
    let layer = EffectKernel.layer { position, _ in half4(position.x, position.y, 0, 1) }
    for kernel in [color, layer] {
      let output = Renderer(tileSize: 2, threadCount: 2).render(
        RenderRequest(PreparedShader(kernel), source: .image(image))
      ).image
      #expect(output.width == 5 && output.height == 3 && output.scale == 2)
      for j in 0..<3 {
        for i in 0..<5 {
          // e.g. pixel (4, 2): ((4 + 0.5) / 2, (2 + 0.5) / 2) = (2.25, 1.25); exact in binary32
          let expected = half4((Float(i) + 0.5) / 2, (Float(j) + 0.5) / 2, 0, 1)
          #expect(output[i, j] == expected, "pixel (\(i), \(j))")
        }
      }
    }
  }

  @Test("an identity distortion reproduces the image; a shift by one point moves it one pixel")
  func distortionReadsReturnedPosition() {
    let image = Image.testCard(width: 40, height: 9)
    let identity = Renderer(tileSize: 7, threadCount: 2).render(
      RenderRequest(PreparedShader(.distortion { $0 }), source: .layer(Layer(image)))
    ).image
    #expect(identity == image)
    // Reading one point to the right: pixel i shows pixel i + 1; the last column repeats the
    // edge with maxSampleOffset 0 and is transparent with maxSampleOffset 1 (q = 40 → padding).
    let shift = EffectKernel.distortion { $0 + float2(1, 0) }
    let clamped = Renderer().render(RenderRequest(PreparedShader(shift), source: .image(image)))
      .image
    let padded = Renderer().render(
      RenderRequest(PreparedShader(shift, maxSampleOffset: float2(1, 1)), source: .image(image))
    )
    .image
    for j in 0..<9 {
      for i in 0..<39 {
        #expect(clamped[i, j] == image[i + 1, j])
        #expect(padded[i, j] == image[i + 1, j])
      }
      #expect(clamped[39, j] == image[39, j])
      #expect(padded[39, j] == .zero)
    }
  }

  @Test("padded bounds grow the output by the padding and shift positions by it")
  func paddedBounds() {
    let opaque = half4(0.5, 0.5, 0.5, 1)
    let probe = EffectKernel.layer { position, layer in
      half4(position.x, position.y, layer.sample(position).a, 1)
    }
    // Scale 1, maxSampleOffset (2, 1): padding (2, 1), output (3 + 4) × (2 + 2) = 7 × 4.
    let image = Image(width: 3, height: 2, color: opaque)
    let layer = Layer(image, maxSampleOffset: float2(2, 1))
    let output = Renderer(tileSize: 3, threadCount: 2).render(
      RenderRequest(PreparedShader(probe), source: .layer(layer), bounds: .padded)
    ).image
    #expect(output.width == 7 && output.height == 4)
    for j in 0..<4 {
      for i in 0..<7 {
        // Pixel (i, j) sits at (i − 2 + 0.5, j − 1 + 0.5); alpha 1 over the source, else padding.
        let inside = (2..<5).contains(i) && (1..<3).contains(j)
        let expected = half4(Float(i) - 1.5, Float(j) - 0.5, inside ? 1 : 0, 1)
        #expect(output[i, j] == expected, "pixel (\(i), \(j))")
      }
    }
    // Scale 2, maxSampleOffset 1.25 points: padding ceil(2.5) = 3 pixels, output 9 × 8 at scale 2.
    let retina = Image(width: 3, height: 2, scale: 2, color: opaque)
    let big = Renderer().render(
      RenderRequest(
        PreparedShader(probe, maxSampleOffset: float2(1.25, 1.25)), source: .image(retina),
        bounds: .padded)
    ).image
    #expect(big.width == 9 && big.height == 8 && big.scale == 2)
    #expect(big[0, 0] == half4(-1.25, -1.25, 0, 1))  // ((0 − 3 + 0.5) / 2, …)
    #expect(big[3, 3] == half4(0.25, 0.25, 1, 1))  // the source's pixel (0, 0)
    #expect(big[8, 7] == half4(2.75, 2.25, 0, 1))  // ((8 − 3 + 0.5) / 2, (7 − 3 + 0.5) / 2)
  }

  @Test("a colour effect has no padding: padded bounds give the source's size and colours")
  func paddedColorKernel() {
    // SwiftUI's colorEffect takes no maxSampleOffset, so there is nothing to grow by
    // (RenderRequest.OutputBounds.padded: "colour effects have no padding").
    let image = Image.testCard(width: 4, height: 3)
    let identity = PreparedShader(.color { _, color in color }, maxSampleOffset: float2(1, 2))
    let throughLayer = Renderer().render(
      RenderRequest(
        identity, source: .layer(Layer(image, maxSampleOffset: float2(1, 2))), bounds: .padded)
    ).image
    let inPlace = Renderer().render(RenderRequest(identity, source: .image(image), bounds: .padded))
      .image
    #expect(throughLayer == image)
    #expect(inPlace == image)
  }

  @Test("rendering into a destination gives the same image whatever the destination held")
  func renderInto() {
    let shaders = [
      PreparedShader(wobbleKernel, maxSampleOffset: float2(3, 3)),
      PreparedShader(tintKernel),
    ]
    for shader in shaders {
      let expected = Renderer().render(RenderRequest(shader, source: .image(card))).image
      for renderer in Renderer.tilingMatrix {
        // A destination of the right size full of NaN, one of another size, and one image
        // reused for a second frame: every pixel is written each time.
        var sameSize = Image(width: 97, height: 61, scale: 3, color: half4(repeating: .nan))
        var otherSize = Image(width: 5, height: 5)
        renderer.render(RenderRequest(shader, source: .image(card)), into: &sameSize)
        renderer.render(RenderRequest(shader, source: .image(card)), into: &otherSize)
        #expect(sameSize == expected, "\(renderer.tilingDescription)")
        #expect(otherSize == expected, "\(renderer.tilingDescription)")
        renderer.render(RenderRequest(shader, source: .image(Fixtures.twoByTwo)), into: &sameSize)
        renderer.render(RenderRequest(shader, source: .image(card)), into: &sameSize)
        #expect(sameSize == expected, "second frame: \(renderer.tilingDescription)")
      }
    }
  }

  @Test("a colour effect may render into its own source image")
  func colorEffectInPlace() {
    let shader = PreparedShader(tintKernel)
    let expected = Renderer().render(RenderRequest(shader, source: .image(card))).image
    for renderer in Renderer.tilingMatrix {
      var image = card
      renderer.render(RenderRequest(shader, source: .image(image)), into: &image)
      #expect(image == expected, "\(renderer.tilingDescription)")
    }
  }
}
