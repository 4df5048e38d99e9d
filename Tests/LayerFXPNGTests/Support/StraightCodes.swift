import LayerFX

/// Straight-alpha integer codes of a decoded image, for comparison with references that a
/// second decoder produced.
///
/// A premultiplied pixel `(r·a, g·a, b·a, a)` maps back to `round(c / a × max)`; a pixel with
/// alpha 0 maps to all zeros, since its colour does not survive premultiplication.
enum StraightCodes {
  /// The codes of every pixel, four per pixel, row-major; `maxCode` is 255 or 65535.
  static func codes(of image: Image, maxCode: Int) -> [Int] {
    let scale = Float(maxCode)
    return image.pixels.flatMap { pixel -> [Int] in
      guard pixel.w > 0 else { return [0, 0, 0, 0] }
      return [pixel.x / pixel.w, pixel.y / pixel.w, pixel.z / pixel.w, pixel.w].map {
        Int(($0 * scale).rounded())
      }
    }
  }

  /// The bytes that `Scripts/png-reference-digests.py` hashes: one byte per 8-bit code, two
  /// big-endian bytes per 16-bit code.
  static func bytes(_ codes: [Int], maxCode: Int) -> [UInt8] {
    maxCode == 255
      ? codes.map { UInt8($0) } : codes.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  }

  /// The reference decode with the colour of fully transparent pixels set to zero.
  static func zeroingTransparent(_ reference: [Int]) -> [Int] {
    stride(from: 0, to: reference.count, by: 4).flatMap { index in
      reference[index + 3] == 0 ? [0, 0, 0, 0] : Array(reference[index..<index + 4])
    }
  }
}
