import LayerFXTestSupport

/// PNG files the encoder under test refuses to write (a width over libpng's user limit), built
/// from ``LayerFXTestSupport/RawPNG``'s chunks and stored deflate blocks.
///
/// Source: PNG Specification (Second Edition) §11.2.2 "IHDR", §7.2 (a filter byte per row).
enum PNGBuilder {
  /// A one-row, 1-bit greyscale, all-black PNG `width` pixels wide.
  static func blackGrey1Bit(width: Int) -> [UInt8] {
    // Filter byte 0, then one bit per pixel.
    let row = [UInt8](repeating: 0, count: 1 + (width + 7) / 8)
    let header = RawPNG.ihdrData(width: UInt32(width), height: 1, bitDepth: 1, colorType: 0)
    return RawPNG.signature + RawPNG.chunk("IHDR", header)
      + RawPNG.chunk("IDAT", RawPNG.storedZlib(row)) + RawPNG.chunk("IEND", [])
  }
}
