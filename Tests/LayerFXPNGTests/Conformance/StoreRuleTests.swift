import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXPNG

/// Checks the final store of Documentation/Semantics.md §3.
///
/// The rule: clamp each premultiplied channel to [0, 1] (NaN → 0), then un-premultiply
/// (rgb / a, clamped again; a = 0 gives rgb 0), then round to nearest. Every expected code
/// below is worked out by hand in the comment beside it.
@Suite("The store clamps premultiplied channels before it un-premultiplies")
struct StoreRuleTests {
  /// One premultiplied kernel output and the straight codes it must store as.
  struct Case: Sendable, CustomTestStringConvertible {
    var pixel: half4
    var codes8: [Int]
    var codes16: [Int]
    var testDescription: String { "\(pixel)" }
  }

  static let cases: [Case] = [
    // Clamp: (1, 1, 1, 1), opaque white. Dividing first would give 3 / 6 = 0.5, grey.
    Case(
      pixel: half4(3, 3, 3, 6), codes8: [255, 255, 255, 255],
      codes16: [65535, 65535, 65535, 65535]),
    // No clamp needed; 0.9 / 0.5 = 1.8 → 1 → 255; 0.3 / 0.5 = 0.6, 0.6 × 255 = 153,
    // 0.6 × 65535 = 39321; alpha 0.5 × 255 = 127.5 → 128, × 65535 = 32767.5 → 32768.
    Case(
      pixel: half4(0.9, 0.3, 0.3, 0.5), codes8: [255, 153, 153, 128],
      codes16: [65535, 39321, 39321, 32768]),
    // Alpha 2 clamps to 1, colour stays (0.5, 0.25, 0): 127.5 → 128, 63.75 → 64, 0;
    // 16-bit: 32767.5 → 32768, 16383.75 → 16384. Dividing first would halve the colour.
    Case(
      pixel: half4(0.5, 0.25, 0, 2), codes8: [128, 64, 0, 255], codes16: [32768, 16384, 0, 65535]),
    // Alpha 6 clamps to 1, colour clamps to (1, 0.5, 0): 255, 128, 0 (32768 at 16 bits).
    Case(
      pixel: half4(3, 0.5, -2, 6), codes8: [255, 128, 0, 255], codes16: [65535, 32768, 0, 65535]),
    // NaN → 0 and −0.5 → 0; 0.4 / 0.8 = 0.5 → 128 (32768); alpha 0.8 × 255 = 204,
    // 0.8 × 65535 = 52428.
    Case(
      pixel: half4(.nan, -0.5, 0.4, 0.8), codes8: [0, 0, 128, 204], codes16: [0, 0, 32768, 52428]),
    // Alpha +∞ clamps to 1: colour (0.25, 0.5, 1) → 63.75 → 64, 127.5 → 128, 255;
    // 16-bit: 16383.75 → 16384, 32768, 65535.
    Case(
      pixel: half4(0.25, 0.5, 1, .infinity), codes8: [64, 128, 255, 255],
      codes16: [16384, 32768, 65535, 65535]),
    // Alpha 0, negative or NaN clamps to 0, and a = 0 gives rgb 0: all zeros.
    Case(pixel: half4(0.5, 0.5, 0.5, 0), codes8: [0, 0, 0, 0], codes16: [0, 0, 0, 0]),
    Case(pixel: half4(0.2, 0.2, 0.2, -1), codes8: [0, 0, 0, 0], codes16: [0, 0, 0, 0]),
    Case(pixel: half4(0.5, 2, 0.5, .nan), codes8: [0, 0, 0, 0], codes16: [0, 0, 0, 0]),
  ]

  @Test("a kernel output stores as the hand-computed 8- and 16-bit codes", arguments: cases)
  func storesHandComputedCodes(_ c: Case) {
    let image = Image(width: 1, height: 1, pixels: [c.pixel])
    #expect(RGBASamples.codes(of: image, as: UInt8.self).map(Int.init) == c.codes8)
    #expect(RGBASamples.codes(of: image, as: UInt16.self).map(Int.init) == c.codes16)
  }

  @Test("with alpha at most 1 the store equals dividing first and clamping after")
  func alphaAtMostOneIsUnchanged() {
    // Colours inside and outside [0, 1], above alpha, NaN and ∞; alphas in [0, 1] and below.
    let colors: [Float] = [-0.5, 0, 0.1, 0.3, 0.5, 0.75, 0.9, 1, 1.3, .nan, .infinity]
    let alphas: [Float] = [.nan, -1, 0, 0.004, 0.25, 0.5, 0.8, 1]
    var pixels: [half4] = []
    for alpha in alphas {
      for (index, color) in colors.enumerated() {
        pixels.append(half4(color, colors[(index + 3) % colors.count], 0.3 * alpha, alpha))
      }
    }
    let image = Image(width: pixels.count, height: 1, pixels: pixels)
    for maxCode in [Float(255), 65535] {
      // The divide-first rule, one scalar at a time: a ≤ 0 or NaN → zeros; else c / a; then
      // NaN → 0, clamp to [0, 1], round halves away from zero.
      let expected = pixels.flatMap { pixel -> [Int] in
        guard pixel.w > 0 else { return [0, 0, 0, 0] }
        return [pixel.x / pixel.w, pixel.y / pixel.w, pixel.z / pixel.w, pixel.w].map { value in
          let clamped = value.isNaN ? 0 : min(max(value, 0), 1)
          return Int((clamped * maxCode).rounded(.toNearestOrAwayFromZero))
        }
      }
      let actual =
        maxCode == 255
        ? RGBASamples.codes(of: image, as: UInt8.self).map(Int.init)
        : RGBASamples.codes(of: image, as: UInt16.self).map(Int.init)
      #expect(actual == expected, "at maximum code \(maxCode)")
    }
  }

  @Test(
    "a colorEffect returning (3, 3, 3, 6) encodes and decodes as opaque white",
    arguments: [PNGEncoder.BitDepth.eight, .sixteen])
  func colorEffectStoresOpaqueWhite(depth: PNGEncoder.BitDepth) throws {
    let overdriven = ShaderFunction(name: "overdriven", kind: .color, parameters: []) { _ in
      .color { _, _ in half4(3, 3, 3, 6) }
    }
    let source = Image(width: 3, height: 2, color: half4(0.25, 0.5, 0.25, 0.5))
    let rendered = try source.colorEffect(overdriven())
    let decoded = try PNGDecoder().decode(PNGEncoder(bitDepth: depth).encode(rendered))
    // Every sample is the maximum code, which decodes to exactly 1: premultiplied (1, 1, 1, 1).
    #expect(decoded.image.pixels == [half4](repeating: half4(1, 1, 1, 1), count: 6))
  }
}
