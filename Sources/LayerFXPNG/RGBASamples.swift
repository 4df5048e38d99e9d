import LayerFX
import LayerFXMath

/// Conversions between straight-alpha RGBA integer samples (8- or 16-bit codes, as libpng reads
/// and writes them) and LayerFX's premultiplied `Float` pixels.
enum RGBASamples {
  /// Returns the premultiplied image of `width × height` straight RGBA samples.
  ///
  /// Each channel is `code / (2^depth − 1)` (depth = the bit width of `Sample`); the colour
  /// channels are then multiplied by alpha.
  ///
  /// Source: PNG Specification (Second Edition) §13.12 "Sample depth rescaling" (a code of
  /// depth d stands for `code / (2^d − 1)`); semantics.md §3 (decoding premultiplies).
  static func image<Sample: FixedWidthInteger & UnsignedInteger>(
    samples: UnsafeBufferPointer<Sample>, width: Int, height: Int
  ) -> Image {
    let count = width * height
    precondition(samples.count >= count * 4, "need width × height × 4 samples")
    let maxCode = Float(Sample.max)
    let pixels = [half4](unsafeUninitializedCapacity: count) { pixels, initialized in
      for index in 0..<count {
        let base = index * 4
        let straight =
          SIMD4<Float>(
            Float(samples[base]), Float(samples[base + 1]), Float(samples[base + 2]),
            Float(samples[base + 3])) / maxCode
        let alpha = straight.w
        pixels.initializeElement(
          at: index,
          to: half4(straight.x * alpha, straight.y * alpha, straight.z * alpha, alpha))
      }
      initialized = count
    }
    return Image(width: width, height: height, pixels: pixels)
  }

  /// Returns `x` (each lane in [0, 65535]) rounded to the nearest whole number, halves up.
  ///
  /// Adding and subtracting 2²³ rounds a `Float` in [0, 2²²) to the nearest whole number, ties
  /// to even (IEEE 754 round-to-nearest-even on the addition); a tie that went down is then
  /// moved up. Plain adds and compares, so it vectorises, where `rounded(_:)` calls `roundf`
  /// once per lane (15 % of an end-to-end animation render in a profile).
  ///
  /// Source: IEEE 754-2019 §4.3.1; the 2²³ "magic number" rounding of single-precision floats.
  static func roundedHalfUp(_ x: SIMD4<Float>) -> SIMD4<Float> {
    let magic = SIMD4<Float>(repeating: 8_388_608)
    var nearest = (x + magic) - magic
    nearest.replace(with: nearest + 1, where: x - nearest .== 0.5)
    return nearest
  }

  /// Returns the straight RGBA codes of `image`'s pixels, four per pixel, row-major.
  ///
  /// A pixel whose alpha is not greater than 0 (0, negative or NaN) stores as all zeros.
  /// Otherwise colour = premultiplied colour / alpha; then each channel maps NaN to 0, clamps
  /// to [0, 1] and rounds `value × (2^depth − 1)` to the nearest code (halves away from zero).
  ///
  /// Source: semantics.md §3 (the final store un-premultiplies, clamps, rounds, NaN → 0).
  static func codes<Sample: FixedWidthInteger & UnsignedInteger>(
    of image: Image, as _: Sample.Type
  ) -> [Sample] {
    let maxCode = Float(Sample.max)
    let count = image.pixels.count
    return [Sample](unsafeUninitializedCapacity: count * 4) { codes, initialized in
      for (index, pixel) in image.pixels.enumerated() {
        let alpha = pixel.w
        var straight = alpha > 0 ? pixel / alpha : .zero
        straight.w = alpha
        // `!(x >= 0)` also catches NaN, which stores as 0.
        straight.replace(with: 0, where: .!(straight .>= 0))
        straight.replace(with: 1, where: straight .> 1)
        let rounded = Self.roundedHalfUp(straight * maxCode)
        for channel in 0..<4 {
          // A concrete `UInt32(Float)` compiles to one instruction; the generic `Sample(Float)`
          // takes Swift's slow generic path (measured 5× slower on a 6 Mpixel encode).
          codes.initializeElement(
            at: index * 4 + channel, to: Sample(truncatingIfNeeded: UInt32(rounded[channel])))
        }
      }
      initialized = count * 4
    }
  }
}
