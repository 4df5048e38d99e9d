import Foundation
import LayerFX
import LayerFXMath

/// An image as the PNG encoder stores it: straight-alpha RGBA codes at 8 or 16 bits per
/// sample, one `SIMD4` per pixel, row-major, top row first.
///
/// A render can write these codes tile by tile through ``eightBitStore`` or ``sixteenBitStore``
/// (`Renderer.render(_:storing:into:)`), so a frame on its way to a
/// PNG never exists as a premultiplied `Float` image (16 bytes per pixel): 4 or 8 bytes per
/// pixel instead. The codes are those ``PNGEncoder`` stores for the same pixels.
///
/// Source: Documentation/Semantics.md §3 (the final store).
public struct PNGSamples: Sendable {
  /// The codes at one of the two bit depths.
  enum Codes: Sendable {
    case eight([SIMD4<UInt8>])
    case sixteen([SIMD4<UInt16>])
  }

  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  let codes: Codes

  /// The store that writes 8-bit codes (0–255): premultiplied clamp, un-premultiply, round
  /// (Documentation/Semantics.md §3).
  public static let eightBitStore = PixelStore<SIMD4<UInt8>> { pixels, codes in
    RGBASamples.store(pixels, into: codes)
  }

  /// The store that writes 16-bit codes (0–65535), as ``eightBitStore`` does at 8 bits.
  public static let sixteenBitStore = PixelStore<SIMD4<UInt16>> { pixels, codes in
    RGBASamples.store(pixels, into: codes)
  }

  /// Creates samples from 8-bit codes that ``eightBitStore`` wrote.
  ///
  /// - Parameters:
  ///   - width: The width in pixels, ≥ 1.
  ///   - height: The height in pixels, ≥ 1.
  ///   - codes: `width × height` straight RGBA codes, row-major.
  /// - Precondition: `codes.count == width × height`, sides ≥ 1 (checked in release builds).
  public init(width: Int, height: Int, codes: [SIMD4<UInt8>]) {
    self.init(width: width, height: height, count: codes.count, .eight(codes))
  }

  /// Creates samples from 16-bit codes that ``sixteenBitStore`` wrote.
  ///
  /// - Parameters: As for ``init(width:height:codes:)-(_,_,[SIMD4<UInt8>])``.
  /// - Precondition: `codes.count == width × height`, sides ≥ 1 (checked in release builds).
  public init(width: Int, height: Int, codes: [SIMD4<UInt16>]) {
    self.init(width: width, height: height, count: codes.count, .sixteen(codes))
  }

  /// Converts every pixel of `image` at `bitDepth`.
  ///
  /// - Parameters:
  ///   - image: Premultiplied RGBA.
  ///   - bitDepth: Bits per sample.
  /// - Complexity: O(width × height); allocates 4 or 8 bytes per pixel.
  public init(_ image: Image, bitDepth: PNGEncoder.BitDepth) {
    switch bitDepth {
    case .eight:
      self.init(
        width: image.width, height: image.height,
        codes: Self.eightBitStore.elements(of: image))
    case .sixteen:
      self.init(
        width: image.width, height: image.height,
        codes: Self.sixteenBitStore.elements(of: image))
    }
  }

  private init(width: Int, height: Int, count: Int, _ codes: Codes) {
    precondition(width >= 1 && height >= 1, "samples have at least one pixel on each side")
    precondition(count == width * height, "sample count must be width × height")
    self.width = width
    self.height = height
    self.codes = codes
  }

  /// The 8-bit codes, handed back to store another frame of the same size into
  /// (`Renderer.render(_:storing:into:)` reuses an array of the right count); empty for 16-bit
  /// samples.
  public consuming func eightBitCodes() -> [SIMD4<UInt8>] {
    if case .eight(let codes) = codes { codes } else { [] }
  }

  /// The 16-bit codes, handed back as ``eightBitCodes()`` hands back 8-bit ones; empty for
  /// 8-bit samples.
  public consuming func sixteenBitCodes() -> [SIMD4<UInt16>] {
    if case .sixteen(let codes) = codes { codes } else { [] }
  }

  /// Whether these are exactly the samples ``init(_:bitDepth:)`` stores for `image`: the same
  /// size and every code equal, compared row by row against `image`'s rows stored one at a
  /// time, so it stops at the first row that differs and allocates one row.
  ///
  /// Equal samples encode to the same file, so a sink can reuse the file of `image` for them.
  ///
  /// - Parameter image: Premultiplied RGBA.
  /// - Returns: `true` when the sizes agree and every code equals the store's.
  /// - Complexity: O(width × height) at most, one row's store and comparison per row.
  public func areStored(from image: Image) -> Bool {
    guard image.width == width, image.height == height else { return false }
    switch codes {
    case .eight(let codes): return Self.rows(of: codes, areStoredFrom: image, Self.eightBitStore)
    case .sixteen(let codes):
      return Self.rows(of: codes, areStoredFrom: image, Self.sixteenBitStore)
    }
  }

  /// Whether each row of `codes` is `store` applied to the same row of `image`.
  private static func rows<Element: BitwiseCopyable>(
    of codes: [Element], areStoredFrom image: Image, _ store: PixelStore<Element>
  ) -> Bool {
    let width = image.width
    let row = UnsafeMutableBufferPointer<Element>.allocate(capacity: width)
    defer { row.deallocate() }
    return image.pixels.withUnsafeBufferPointer { pixels in
      codes.withUnsafeBufferPointer { codes in
        guard let made = row.baseAddress, let first = codes.baseAddress else { return false }
        let rowBytes = width * MemoryLayout<Element>.stride
        for start in stride(from: 0, to: codes.count, by: width) {
          store.convert(UnsafeBufferPointer(rebasing: pixels[start..<start + width]), row)
          guard memcmp(made, first + start, rowBytes) == 0 else { return false }
        }
        return true
      }
    }
  }

  /// The bits per sample.
  public var bitDepth: PNGEncoder.BitDepth {
    switch codes {
    case .eight: .eight
    case .sixteen: .sixteen
    }
  }

  /// Calls `body` with the codes' bytes, row-major RGBA (native-endian `UInt16` at 16 bits),
  /// and the bytes per row (`width × 4` or `width × 8`); the buffer must not escape `body`.
  ///
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer, Int) throws -> Result)
    rethrows
    -> Result
  {
    switch codes {
    case .eight(let codes): try codes.withUnsafeBytes { try body($0, width * 4) }
    case .sixteen(let codes): try codes.withUnsafeBytes { try body($0, width * 8) }
    }
  }
}
