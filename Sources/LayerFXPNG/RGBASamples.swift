import CPNGShim
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

  /// Returns the straight 8-bit RGBA codes of `image`'s pixels, four per pixel, row-major, as
  /// ``store(_:into:)-(_,UnsafeMutableBufferPointer<SIMD4<UInt8>>)`` converts them.
  ///
  /// - Complexity: O(width × height); allocates 4 bytes per pixel.
  static func codes(of image: Image, as _: UInt8.Type) -> [UInt8] {
    codes(of: image, lfx_store_straight_rgba8)
  }

  /// Returns the straight 16-bit RGBA codes of `image`'s pixels, as
  /// ``codes(of:as:)-(_,UInt8.Type)`` does at 8 bits.
  ///
  /// - Complexity: O(width × height); allocates 8 bytes per pixel.
  static func codes(of image: Image, as _: UInt16.Type) -> [UInt16] {
    codes(of: image, lfx_store_straight_rgba16)
  }

  /// Writes the straight 8-bit RGBA codes of `pixels` into `codes`, one `SIMD4` per pixel.
  ///
  /// The store of a GPU writing a premultiplied unorm render target, then un-premultiplied:
  /// 1. each premultiplied channel maps NaN to 0 and clamps to [0, 1], so a kernel's
  ///    (3, 3, 3, 6) becomes opaque white (1, 1, 1, 1);
  /// 2. colour = clamped colour / clamped alpha, clamped again to [0, 1]; alpha 0 gives colour 0
  ///    (so a pixel whose alpha was 0, negative or NaN stores as all zeros);
  /// 3. each channel rounds `value × (2^depth − 1)` (a single-precision product) to the nearest
  ///    code, halves up.
  ///
  /// Colour is never divided by an unclamped alpha. Where alpha ≤ 1 (or NaN) the result equals
  /// dividing first and clamping after, whatever the colour (rgb > a, negative, NaN); only
  /// alpha > 1 tells the two orders apart. Each code depends on its own pixel alone, so a
  /// render that stores its tiles row by row (``PNGSamples``) writes the codes that converting
  /// the whole image writes.
  ///
  /// Source: Documentation/Semantics.md §3.5 (the final store: clamp premultiplied, then
  /// un-premultiply, then round); PNG Specification (Second Edition) §13.12 (a code of depth d
  /// stands for `code / (2^d − 1)`).
  ///
  /// - Parameters:
  ///   - pixels: Premultiplied RGBA.
  ///   - codes: As many elements as `pixels`; each is written, none is read.
  /// - Complexity: O(pixels), in C (`lfx_store_straight_rgba8`), vectorised across pixels: 8
  ///   pixels an iteration with AVX2 or AVX-512, 68 instructions per 8 pixels (x86-64
  ///   assembly, clang 21 -O2), against 25–42 when each pixel was one `SIMD4` in Swift.
  static func store(
    _ pixels: UnsafeBufferPointer<half4>, into codes: UnsafeMutableBufferPointer<SIMD4<UInt8>>
  ) {
    store(pixels, into: codes, lfx_store_straight_rgba8)
  }

  /// Writes the straight 16-bit RGBA codes of `pixels` into `codes`, as
  /// ``store(_:into:)-(_,UnsafeMutableBufferPointer<SIMD4<UInt8>>)`` does at 8 bits.
  static func store(
    _ pixels: UnsafeBufferPointer<half4>, into codes: UnsafeMutableBufferPointer<SIMD4<UInt16>>
  ) {
    store(pixels, into: codes, lfx_store_straight_rgba16)
  }

  /// Calls the C store `convert` on `pixels` (four `Float`s each) and `codes` (four samples each).
  private static func store<Sample>(
    _ pixels: UnsafeBufferPointer<half4>, into codes: UnsafeMutableBufferPointer<SIMD4<Sample>>,
    _ convert: (UnsafePointer<Float>?, UnsafeMutablePointer<Sample>?, Int) -> Void
  ) {
    precondition(codes.count == pixels.count, "one code per pixel")
    pixels.withMemoryRebound(to: Float.self) { floats in
      codes.withMemoryRebound(to: Sample.self) { samples in
        convert(floats.baseAddress, samples.baseAddress, pixels.count)
      }
    }
  }

  /// Returns the codes `convert` stores for every pixel of `image`, four per pixel.
  private static func codes<Sample>(
    of image: Image, _ convert: (UnsafePointer<Float>?, UnsafeMutablePointer<Sample>?, Int) -> Void
  ) -> [Sample] {
    let count = image.pixels.count
    return [Sample](unsafeUninitializedCapacity: count * 4) { codes, initialized in
      image.pixels.withUnsafeBufferPointer { pixels in
        pixels.withMemoryRebound(to: Float.self) { floats in
          convert(floats.baseAddress, codes.baseAddress, count)
        }
      }
      initialized = count * 4
    }
  }
}
