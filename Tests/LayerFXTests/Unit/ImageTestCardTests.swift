import LayerFX
import LayerFXMath
import Testing

// Expected pixels follow the drawing rules in the doc comment of Image.testCard, worked by hand
// for a 256 × 192 card: pixel centre p = (x + 0.5, y + 0.5), (u, v) = p / (256, 192);
// background (0.8 u + 0.1, 0.8 v + 0.1, 0.8 (1 − (u + v) / 2) + 0.1); rings of 16-pixel bands
// within min(256, 192) / 3 = 64 pixels of the centre (128, 96), light (0.95, 0.85, 0.2) for even
// band numbers and dark (0.1, 0.1, 0.3) for odd; a grey ramp (u, u, u) where v > 7 / 8; and a
// 0.97 grey grid where x or y is a multiple of 32, drawn over everything.

@Suite("Image.testCard")
struct ImageTestCardTests {
  let card = Image.testCard(width: 256, height: 192)
  let tolerance: Float = 1e-6  // binary32 rounding of the affine background formula

  private func expectPixel(
    _ x: Int, _ y: Int, _ rgb: float3, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let pixel = card[x, y]
    #expect(
      abs(pixel - half4(rgb.x, rgb.y, rgb.z, 1)).max() <= tolerance,
      "pixel (\(x), \(y)) is \(pixel)", sourceLocation: sourceLocation)
  }

  @Test("the card has the requested size and scale and is opaque everywhere")
  func sizeAndOpacity() {
    #expect(card.width == 256 && card.height == 192 && card.scale == 1)
    #expect(card.pixels.count == 256 * 192)
    #expect(card.pixels.allSatisfy { $0.a == 1 })
    let retina = Image.testCard(width: 37, height: 23, scale: 2)
    #expect(retina.width == 37 && retina.height == 23 && retina.scale == 2)
    #expect(retina.pixels.allSatisfy { $0.a == 1 })
  }

  @Test("grid lines every 32 pixels are 0.97 grey, over rings and ramp too")
  func grid() {
    let grey = float3(repeating: 0.97)
    expectPixel(0, 5, grey)  // x = 0
    expectPixel(32, 77, grey)  // x = 32
    expectPixel(5, 32, grey)  // y = 32
    expectPixel(128, 100, grey)  // x = 128 inside the rings
    expectPixel(100, 160, grey)  // y = 160
    expectPixel(96, 180, grey)  // x = 96 inside the bottom ramp
  }

  @Test("the background rises in red to the right, green downward, blue along the anti-diagonal")
  func background() {
    // (10, 10): (u, v) = (10.5 / 256, 10.5 / 192) = (0.041015625, 0.0546875);
    // r = 0.0328125 + 0.1 = 0.1328125, g = 0.04375 + 0.1 = 0.14375,
    // b = 0.8 · (1 − 0.0478515625) + 0.1 = 0.76171875 + 0.1 = 0.86171875
    expectPixel(10, 10, float3(0.132_812_5, 0.143_75, 0.861_718_75))
    // (250, 150): (u, v) = (250.5 / 256, 150.5 / 192) = (0.978515625, 0.7838541666…);
    // r = 0.7828125 + 0.1 = 0.8828125, g = 0.6270833… + 0.1 = 0.7270833…,
    // b = 0.8 · (1 − 0.8811848958…) + 0.1 = 0.0950520833… + 0.1 = 0.1950520833…
    expectPixel(250, 150, float3(0.882_812_5, 0.727_083_33, 0.195_052_08))
  }

  @Test("rings alternate light and dark bands 16 pixels wide around the centre")
  func rings() {
    // (130, 100): p − c = (2.5, 4.5), d = √26.5 ≈ 5.15, band 0 → light
    expectPixel(130, 100, float3(0.95, 0.85, 0.2))
    // (150, 100): p − c = (22.5, 4.5), d = √526.5 ≈ 22.9, band 1 → dark
    expectPixel(150, 100, float3(0.1, 0.1, 0.3))
    // (129, 130): p − c = (1, 34.5), d ≈ 34.5, band 2 → light
    expectPixel(129, 130, float3(0.95, 0.85, 0.2))
    // (190, 97): p − c = (62.5, 1.5), d ≈ 62.52 < 64, band 3 → dark
    expectPixel(190, 97, float3(0.1, 0.1, 0.3))
    // (193, 97): p − c = (65.5, 1.5), d ≈ 65.5 ≥ 64, background:
    // (u, v) = (193.5 / 256, 97.5 / 192) = (0.755859375, 0.5078125);
    // r = 0.7046875, g = 0.50625, b = 0.8 · (1 − 0.6318359375) + 0.1 = 0.39453125
    expectPixel(193, 97, float3(0.704_687_5, 0.506_25, 0.394_531_25))
  }

  @Test("the bottom eighth is a grey ramp of u, replacing background and rings")
  func ramp() {
    // y = 168: v = 168.5 / 192 ≈ 0.8776 > 0.875. (100, 180): u = 100.5 / 256 = 0.392578125
    expectPixel(100, 180, float3(repeating: 0.392_578_125))
    expectPixel(1, 191, float3(repeating: 1.5 / 256))
    expectPixel(255, 168, float3(repeating: 255.5 / 256))
    // y = 167: v = 167.5 / 192 ≈ 0.8724 < 0.875, still background: (u, v) = (1.5 / 256,
    // 167.5 / 192); r = 0.0046875 + 0.1, g = 0.69791666… + 0.1, b = 0.8 · (1 − 0.4391276…) + 0.1
    expectPixel(1, 167, float3(0.104_687_5, 0.797_916_67, 0.548_697_92))
  }
}
