import LayerFX
import LayerFXMath
import LayerFXTestSupport
import Testing

// Layer.sample per Documentation/Semantics.md §4: q = p · s − 0.5, clamp q to [−pad, W − 1 + pad] per axis,
// bilinear blend of the four neighbours of the padded image (transparent black padding).
// The fixture is 2 × 2 with texels A = (1, 0, 0, 1), B = (0, 1, 0, 1) on top and
// C = (0, 0, 1, 1), D = (0.25, 0.25, 0.25, 0.5) below; all blends below are exact in binary32.

private let a = Fixtures.topLeft
private let b = Fixtures.topRight
private let c = Fixtures.bottomLeft
private let d = Fixtures.bottomRight

@Suite("Layer")
struct LayerTests {
  @Test("a sample at a pixel centre returns that texel exactly")
  func pixelCentres() {
    let layer = Layer(Fixtures.twoByTwo)
    #expect(layer.sample(float2(0.5, 0.5)) == a)
    #expect(layer.sample(float2(1.5, 0.5)) == b)
    #expect(layer.sample(float2(0.5, 1.5)) == c)
    #expect(layer.sample(float2(1.5, 1.5)) == d)
  }

  @Test("samples between texels blend bilinearly")
  func interior() {
    let layer = Layer(Fixtures.twoByTwo)
    // p = (1, 1): q = (0.5, 0.5), the mean of all four:
    // ((1 + 0 + 0 + 0.25) / 4, (0 + 1 + 0 + 0.25) / 4, (0 + 0 + 1 + 0.25) / 4, (1 + 1 + 1 + 0.5) / 4)
    #expect(layer.sample(float2(1, 1)) == half4(0.3125, 0.3125, 0.3125, 0.875))
    // p = (1, 0.5): q = (0.5, 0), (A + B) / 2
    #expect(layer.sample(float2(1, 0.5)) == half4(0.5, 0.5, 0, 1))
    // p = (0.75, 0.5): q = (0.25, 0), 0.75 A + 0.25 B
    #expect(layer.sample(float2(0.75, 0.5)) == half4(0.75, 0.25, 0, 1))
    // p = (0.5, 1.25): q = (0, 0.75), 0.25 A + 0.75 C
    #expect(layer.sample(float2(0.5, 1.25)) == half4(0.25, 0, 0.75, 1))
    // p = (1.25, 1.25): q = (0.75, 0.75): top = 0.25 A + 0.75 B = (0.25, 0.75, 0, 1),
    // bottom = 0.25 C + 0.75 D = (0.1875, 0.1875, 0.4375, 0.625),
    // 0.25 top + 0.75 bottom = (0.203125, 0.328125, 0.328125, 0.71875)
    #expect(layer.sample(float2(1.25, 1.25)) == half4(0.203125, 0.328125, 0.328125, 0.71875))
  }

  @Test("with maxSampleOffset 0, samples outside the image repeat its edge pixels")
  func edgesWithoutPadding() {
    let layer = Layer(Fixtures.twoByTwo)
    #expect(layer.padding == SIMD2(0, 0))
    #expect(layer.sample(float2(-3, 0.5)) == a)  // q.x = −3.5 → 0
    #expect(layer.sample(float2(5, 1.5)) == d)  // q.x = 4.5 → 1
    #expect(layer.sample(float2(-3, -3)) == a)
    #expect(layer.sample(float2(10, 10)) == d)
    #expect(layer.sample(float2(1, -7)) == half4(0.5, 0.5, 0, 1))  // q = (0.5, 0): (A + B) / 2
    #expect(layer.sample(float2(0, 0)) == a)  // q = (−0.5, −0.5) → (0, 0)
    #expect(layer.sample(float2(2, 1.5)) == d)  // q.x = 1.5 → 1
  }

  @Test("with maxSampleOffset > 0, samples in the padding blend toward transparent black")
  func padding() {
    let layer = Layer(Fixtures.twoByTwo, maxSampleOffset: float2(2, 2))
    #expect(layer.padding == SIMD2(2, 2))
    #expect(layer.sample(float2(0, 0.5)) == a * 0.5)  // q.x = −0.5: ½ transparent + ½ A
    #expect(layer.sample(float2(2, 0.5)) == b * 0.5)  // q.x = 1.5: ½ B + ½ transparent
    #expect(layer.sample(float2(0.5, 2)) == c * 0.5)  // q.y = 1.5
    #expect(layer.sample(float2(0, 0)) == a * 0.25)  // q = (−0.5, −0.5): one of four is A
    #expect(layer.sample(float2(-0.25, 0.5)) == a * 0.25)  // q.x = −0.75: ¼ A
    #expect(layer.sample(float2(-1, 0.5)) == .zero)  // q.x = −1.5: both neighbours padding
    // Inside the image the padding changes nothing.
    #expect(layer.sample(float2(1, 1)) == half4(0.3125, 0.3125, 0.3125, 0.875))
  }

  @Test("beyond the padding a sample is constant: the padding's own transparent edge")
  func beyondPadding() {
    let layer = Layer(Fixtures.twoByTwo, maxSampleOffset: float2(1, 1))
    for p in [float2(-1, 0.5), float2(-50, 1), float2(3, 1.5), float2(1e6, -1e6)] {
      #expect(layer.sample(p) == .zero)
    }
    // Padding 1 on x only: far to the left is transparent, far above repeats the top row.
    let wide = Layer(Fixtures.twoByTwo, maxSampleOffset: float2(1, 0))
    #expect(wide.padding == SIMD2(1, 0))
    #expect(wide.sample(float2(-20, 0.5)) == .zero)
    #expect(wide.sample(float2(0.5, -20)) == a)
  }

  @Test("padding is ceil(maxSampleOffset × scale) pixels per axis")
  func paddingRoundsUp() {
    let image = Image(width: 3, height: 2, scale: 2, color: half4(1, 1, 1, 1))
    // 0.3 · 2 = 0.6 → 1; 1 · 2 = 2; 1.25 · 2 = 2.5 → 3
    #expect(Layer(image, maxSampleOffset: float2(0.3, 1)).padding == SIMD2(1, 2))
    #expect(Layer(image, maxSampleOffset: float2(1.25, 0)).padding == SIMD2(3, 0))
    let layer = Layer(image, maxSampleOffset: float2(1, 1))
    #expect(layer.width == 3 && layer.height == 2 && layer.scale == 2)
  }

  @Test("at scale 2 a position maps to pixel q = p × 2 − 0.5")
  func scaleTwo() {
    // 3 × 2 image at scale 2 with red = column / 4 and green = row / 2.
    let image = Image(
      width: 3, height: 2, scale: 2,
      pixels: [
        half4(0, 0, 0, 1), half4(0.25, 0, 0, 1), half4(0.5, 0, 0, 1),
        half4(0, 0.5, 0, 1), half4(0.25, 0.5, 0, 1), half4(0.5, 0.5, 0, 1),
      ])
    let layer = Layer(image)
    #expect(layer.sample(float2(0.25, 0.25)) == image[0, 0])  // q = (0, 0)
    #expect(layer.sample(float2(1.25, 0.75)) == image[2, 1])  // q = (2, 1)
    #expect(layer.sample(float2(0.5, 0.25)) == half4(0.125, 0, 0, 1))  // q = (0.5, 0)
    #expect(layer.sample(float2(1, 0.5)) == half4(0.375, 0.25, 0, 1))  // q = (1.5, 0.5)
    // With maxSampleOffset 1 point the padding is 2 pixels.
    let padded = Layer(image, maxSampleOffset: float2(1, 1))
    #expect(padded.sample(float2(0, 0.25)) == image[0, 0] * 0.5)  // q.x = −0.5
    #expect(padded.sample(float2(-0.5, 0.25)) == .zero)  // q.x = −1.5
    #expect(padded.sample(float2(1.5, 0.75)) == image[2, 1] * 0.5)  // q = (2.5, 1)
  }

  @Test("NaN reads as the lower bound of its axis and infinity as the clamp bound, without a trap")
  func nonFinite() {
    let layer = Layer(Fixtures.twoByTwo)
    #expect(layer.sample(float2(.nan, 1.5)) == c)  // q = (0, 1)
    #expect(layer.sample(float2(1.5, .nan)) == b)  // q = (1, 0)
    #expect(layer.sample(float2(.nan, .nan)) == a)
    #expect(layer.sample(float2(.infinity, -.infinity)) == b)  // q = (1, 0)
    let padded = Layer(Fixtures.twoByTwo, maxSampleOffset: float2(2, 2))
    #expect(padded.sample(float2(.nan, 0.5)) == .zero)  // q.x = −2, in the padding
  }
}

@Suite("Layer preconditions")
struct LayerPreconditionTests {
  /// Checks that an exit test stopped at the check on `maxSampleOffset` rather than by a crash
  /// elsewhere; its message is printed in every build, optimised or not.
  private func expectOffsetMessage(
    _ result: ExitTest.Result?, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      stderr.contains("maxSampleOffset must be finite and at least 0"), "stderr: \(stderr)",
      sourceLocation: sourceLocation)
  }

  @Test("a negative maxSampleOffset stops at a precondition instead of corrupting memory")
  func negativeOffset() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      // Without a check, pad = −1 makes the padded copy write before its buffer.
      let image = Image(width: 10, height: 10, color: half4(1, 1, 1, 1))
      _ = Layer(image, maxSampleOffset: float2(-1, -1)).sample(float2(5, 5))
    }
    expectOffsetMessage(result)
  }

  @Test("a NaN or infinite maxSampleOffset stops at a precondition")
  func nonFiniteOffset() async {
    let nan = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Layer(Fixtures.twoByTwo, maxSampleOffset: float2(0, .nan))
    }
    expectOffsetMessage(nan)
    let infinite = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Layer(Fixtures.twoByTwo, maxSampleOffset: float2(.infinity, 0))
    }
    expectOffsetMessage(infinite)
  }
}
