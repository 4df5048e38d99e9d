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
  /// depth d stands for `code / (2^d − 1)`); Documentation/Semantics.md §3 (decoding premultiplies).
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

  /// Returns `x` (each lane in [0, 65535]) rounded to the nearest whole number, halves up, as
  /// integers.
  ///
  /// Adding 2²³ rounds a `Float` in [0, 2²²) to the nearest whole number, ties to even (IEEE 754
  /// round-to-nearest-even on the addition), and leaves that number in the low mantissa bits of
  /// the sum (whose bit pattern is `0x4B00_0000 + n`); a tie that went down is then moved up.
  /// Plain adds, compares and integer subtractions: no `roundf` call and no trapping float to
  /// integer conversion per lane.
  ///
  /// Source: IEEE 754-2019 §4.3.1 and §3.4 (binary32's layout); the 2²³ "magic number" rounding
  /// of single-precision floats.
  static func roundedHalfUp(_ x: SIMD4<Float>) -> SIMD4<UInt32> {
    let magic = SIMD4<Float>(repeating: 8_388_608)
    let biased = x + magic
    let nearest = unsafeBitCast(biased, to: SIMD4<UInt32>.self) &- 0x4B00_0000
    let tieWentDown = x - (biased - magic) .== 0.5
    return nearest &+ SIMD4<UInt32>(repeating: 0).replacing(with: 1, where: tieWentDown)
  }

  /// Returns the straight RGBA codes of `image`'s pixels, four per pixel, row-major, as
  /// ``store(_:into:)`` converts them.
  ///
  /// - Complexity: O(width × height); allocates 4 samples per pixel.
  static func codes<Sample: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
    of image: Image, as _: Sample.Type
  ) -> [Sample] {
    let count = image.pixels.count
    return [Sample](unsafeUninitializedCapacity: count * 4) { codes, initialized in
      guard let base = codes.baseAddress else { return }
      base.withMemoryRebound(to: SIMD4<Sample>.self, capacity: count) { stored in
        image.pixels.withUnsafeBufferPointer { pixels in
          store(pixels, into: UnsafeMutableBufferPointer(start: stored, count: count))
        }
      }
      initialized = count * 4
    }
  }

  /// Writes the straight RGBA codes of `pixels` into `codes`, one `SIMD4` per pixel.
  ///
  /// The store of a GPU writing a premultiplied unorm render target, then un-premultiplied:
  /// 1. each premultiplied channel maps NaN to 0 and clamps to [0, 1], so a kernel's
  ///    (3, 3, 3, 6) becomes opaque white (1, 1, 1, 1);
  /// 2. colour = clamped colour / clamped alpha, clamped again to [0, 1]; alpha 0 gives colour 0
  ///    (so a pixel whose alpha was 0, negative or NaN stores as all zeros);
  /// 3. each channel rounds `value × (2^depth − 1)` to the nearest code, halves up.
  ///
  /// Colour is never divided by an unclamped alpha. Where alpha ≤ 1 (or NaN) the result equals
  /// dividing first and clamping after, whatever the colour (rgb > a, negative, NaN); only
  /// alpha > 1 tells the two orders apart. Each code depends on its own pixel alone, so a
  /// render that stores its tiles row by row (``PNGSamples``) writes the codes that converting
  /// the whole image writes.
  ///
  /// Source: Documentation/Semantics.md §3 (the final store: clamp premultiplied, then un-premultiply, then
  /// round); PNG Specification (Second Edition) §13.12 (a code of depth d stands for
  /// `code / (2^d − 1)`).
  ///
  /// - Parameters:
  ///   - pixels: Premultiplied RGBA.
  ///   - codes: As many elements as `pixels`; each is written, none is read.
  /// - Complexity: O(pixels). Per pixel: SIMD compares, selects and one vector division, with no
  ///   branch (42 instructions per pixel, against 93 when each channel was converted to an
  ///   integer on its own, callgrind, a 1080p frame).
  static func store<Sample: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
    _ pixels: UnsafeBufferPointer<half4>, into codes: UnsafeMutableBufferPointer<SIMD4<Sample>>
  ) {
    assert(codes.count == pixels.count, "one code per pixel")
    guard let stored = codes.baseAddress else { return }
    let maxCode = Float(Sample.max)
    for index in 0..<pixels.count {
      // Step 1, the render target's clamp (NaN stores as 0).
      let premultiplied = pixels[index].premultipliedClamped()
      // Step 2: colour / alpha, alpha / 1. Alpha 0 divides by +∞ instead, so its colour
      // (now in [0, 1]) becomes 0 with no 0 / 0; otherwise the quotient lies in [0, +∞],
      // never NaN, and only the upper clamp is needed. Whole-vector selects against
      // constants compile to SSE masks and `minps` with no jump; `alpha > 0 ? … : .zero`,
      // or a select between `.w` and the colour lanes, compiled to jumps (x86-64
      // assembly, Swift 6.3, -O).
      let alpha = premultiplied.w
      var divisor = SIMD4<Float>(alpha, alpha, alpha, 1)
      divisor.replace(with: .infinity, where: divisor .== 0)
      var straight = premultiplied / divisor
      straight.replace(with: 1, where: straight .> 1)
      // Step 3; each lane is at most 65535, so the narrowing keeps every bit.
      (stored + index).initialize(
        to: SIMD4<Sample>(truncatingIfNeeded: Self.roundedHalfUp(straight * maxCode)))
    }
  }
}
