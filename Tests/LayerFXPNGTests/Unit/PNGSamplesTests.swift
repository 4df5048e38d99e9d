import Foundation
import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXPNG

@Suite struct PNGSamplesTests {
  /// Every hand-computed case of the store rule, side by side in one row.
  let row = Image(
    width: StoreRuleTests.cases.count, height: 1, pixels: StoreRuleTests.cases.map(\.pixel))

  @Test("the 8- and 16-bit sample stores write the hand-computed codes of the store rule")
  func storesHandComputedCodes() {
    let eight = PNGSamples(row, bitDepth: .eight)
    let sixteen = PNGSamples(row, bitDepth: .sixteen)
    guard case .eight(let codes8) = eight.codes, case .sixteen(let codes16) = sixteen.codes else {
      Issue.record("samples stored at the wrong bit depth")
      return
    }
    #expect(
      codes8.flatMap { code in (0..<4).map { Int(code[$0]) } }
        == StoreRuleTests.cases.flatMap(\.codes8))
    #expect(
      codes16.flatMap { code in (0..<4).map { Int(code[$0]) } }
        == StoreRuleTests.cases.flatMap(\.codes16))
    #expect(eight.bitDepth == .eight && sixteen.bitDepth == .sixteen)
  }

  @Test("samples are the store of an image exactly when every code is")
  func areStoredComparesEveryCode() {
    // Opaque pixels k / 255 store as the codes k (k × 255 / 255 rounds to k); a nudge of a
    // tenth of a code stores the same codes.
    let width = 5
    let height = 4
    let codes: [SIMD4<UInt8>] = (0..<(width * height)).map { (index: Int) -> SIMD4<UInt8> in
      let red = UInt8(index * 12)
      let green = UInt8(255 - index)
      let blue = UInt8(index % 3)
      return SIMD4<UInt8>(red, green, blue, 255)
    }
    func image(nudge: Float) -> Image {
      Image(
        width: width, height: height,
        pixels: codes.map { code -> half4 in
          let red = (Float(code.x) + nudge) / 255
          return half4(red, Float(code.y) / 255, Float(code.z) / 255, 1)
        })
    }
    let samples = PNGSamples(width: width, height: height, codes: codes)
    #expect(samples.areStored(from: image(nudge: 0)))
    #expect(samples.areStored(from: image(nudge: 0.1)))
    #expect(!samples.areStored(from: image(nudge: 0.6)), "0.6 of a code rounds to the next")
    for changed in [0, width * height - 1] {
      var other = codes
      other[changed].w = 254
      let differing = PNGSamples(width: width, height: height, codes: other)
      #expect(!differing.areStored(from: image(nudge: 0)), "pixel \(changed) differs")
    }
    let sideways = PNGSamples(width: height, height: width, codes: codes)
    #expect(!sideways.areStored(from: image(nudge: 0)), "same codes, other size")
    let deep = PNGSamples(image(nudge: 0), bitDepth: .sixteen)
    #expect(deep.areStored(from: image(nudge: 0)) && !deep.areStored(from: image(nudge: 0.1)))
  }

  @Test("a row stored in runs of three pixels gives the codes of the whole row")
  func runsEqualWholeRow() {
    let whole = PNGSamples.eightBitStore.elements(of: row)
    var pieces = [SIMD4<UInt8>](repeating: SIMD4(repeating: 7), count: row.width)
    row.pixels.withUnsafeBufferPointer { pixels in
      pieces.withUnsafeMutableBufferPointer { codes in
        for start in stride(from: 0, to: row.width, by: 3) {
          let end = min(start + 3, row.width)
          PNGSamples.eightBitStore.convert(
            UnsafeBufferPointer(rebasing: pixels[start..<end]),
            UnsafeMutableBufferPointer(rebasing: codes[start..<end]))
        }
      }
    }
    #expect(pieces == whole)
  }

  @Test(
    "a render stored straight into samples encodes to the PNG of the rendered image",
    arguments: [PNGEncoder.BitDepth.eight, .sixteen])
  func renderedSamplesEncodeAsImage(depth: PNGEncoder.BitDepth) throws {
    let shader = PreparedShader(
      .distortion { position in position + float2(2 * sinf(position.y / 3), 0) },
      maxSampleOffset: float2(2, 0))
    let card = Image.testCard(width: 53, height: 29)
    let encoder = PNGEncoder(bitDepth: depth)
    // The second route: the whole Float image, then the encoder's own conversion.
    let expected = try encoder.encode(
      Renderer(threadCount: 1).render(RenderRequest(shader, source: .image(card))).image)
    for renderer in [Renderer(tileSize: 7, threadCount: 3), Renderer(threadCount: 2)] {
      let samples: PNGSamples
      switch depth {
      case .eight:
        var codes: [SIMD4<UInt8>] = []
        renderer.render(
          RenderRequest(shader, source: .image(card)), storing: PNGSamples.eightBitStore,
          into: &codes)
        samples = PNGSamples(width: card.width, height: card.height, codes: codes)
      case .sixteen:
        var codes: [SIMD4<UInt16>] = []
        renderer.render(
          RenderRequest(shader, source: .image(card)), storing: PNGSamples.sixteenBitStore,
          into: &codes)
        samples = PNGSamples(width: card.width, height: card.height, codes: codes)
      }
      #expect(try encoder.encode(samples) == expected)
    }
  }

  @Test(
    "Renderer.samples gives the padded size and the PNG of the padded image render",
    arguments: [PNGEncoder.BitDepth.eight, .sixteen])
  func rendererSamplesPadded(depth: PNGEncoder.BitDepth) throws {
    let shader = PreparedShader(
      .distortion { position in position + float2(0, 1.5 * cosf(position.x / 4)) },
      maxSampleOffset: float2(0, 1.5))
    let card = Image.testCard(width: 31, height: 17, scale: 2)
    let encoder = PNGEncoder(bitDepth: depth)
    let expected = try encoder.encode(
      Renderer(threadCount: 1).render(RenderRequest(shader, source: .image(card), bounds: .padded))
        .image)
    let rendered = Renderer(tileSize: 5, threadCount: 3).samples(
      RenderRequest(shader, source: .image(card), bounds: .padded), bitDepth: depth)
    // ⌈1.5 points × 2⌉ = 3 pixels above and below; none left and right.
    #expect(rendered.samples.width == 31 && rendered.samples.height == 17 + 2 * 3)
    #expect(try encoder.encode(rendered.samples) == expected)
  }
}
