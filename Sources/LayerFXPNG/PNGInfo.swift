/// The header of a PNG file and the types of its chunks, in file order.
///
/// Source: PNG Specification (Second Edition, ISO/IEC 15948:2003) §11.2.2 "IHDR Image header".
public struct PNGInfo: Sendable, Equatable {
  /// The PNG colour type: how samples make up a pixel.
  ///
  /// Source: PNG Specification (Second Edition) §6.1 "Colour types and values".
  public enum ColorType: Int, Sendable {
    /// Colour type 0: one grey sample per pixel.
    case grayscale = 0
    /// Colour type 2: red, green and blue samples.
    case truecolor = 2
    /// Colour type 3: a palette index per pixel.
    case indexedColor = 3
    /// Colour type 4: grey and alpha samples.
    case grayscaleAlpha = 4
    /// Colour type 6: red, green, blue and alpha samples.
    case truecolorAlpha = 6
  }

  /// The PNG interlace method.
  ///
  /// Source: PNG Specification (Second Edition) §8 "Interlacing and pass extraction".
  public enum InterlaceMethod: Int, Sendable {
    /// Interlace method 0: rows in order.
    case none = 0
    /// Interlace method 1: Adam7, seven passes.
    case adam7 = 1
  }

  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int
  /// The bit depth: bits per sample (per palette index for ``ColorType/indexedColor``):
  /// 1, 2, 4, 8 or 16.
  public var bitDepth: Int
  /// The colour type.
  public var colorType: ColorType
  /// The interlace method.
  public var interlaceMethod: InterlaceMethod
  /// The chunk types in file order, from `IHDR` to `IEND`.
  public var chunkNames: [String]
  /// The animation an APNG declares in its `acTL` and `fcTL` chunks; `nil` for a still PNG.
  public var animation: PNGAnimation?
  /// What is wrong but not fatal, as decoding warns: an ancillary chunk's bad CRC, bytes after
  /// `IEND`, a palette index past `PLTE`, an `acTL` or `fcTL` ignored; empty for a sound file.
  public var warnings: [String]

  /// Creates header information.
  ///
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - bitDepth: Bits per sample: 1, 2, 4, 8 or 16.
  ///   - colorType: The colour type.
  ///   - interlaceMethod: The interlace method.
  ///   - chunkNames: The chunk types in file order.
  ///   - animation: The animation an APNG declares; none by default.
  ///   - warnings: What is wrong but not fatal; none by default.
  public init(
    width: Int, height: Int, bitDepth: Int, colorType: ColorType,
    interlaceMethod: InterlaceMethod, chunkNames: [String], animation: PNGAnimation? = nil,
    warnings: [String] = []
  ) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colorType = colorType
    self.interlaceMethod = interlaceMethod
    self.chunkNames = chunkNames
    self.animation = animation
    self.warnings = warnings
  }
}
