/// An error reading or writing a PNG file.
///
/// Every case names the file (or the name given for in-memory data) and carries the facts;
/// ``description`` is one line such as `photo.png: not a PNG file (bad signature)`. Where libpng
/// reported a message, it appears verbatim after `libpng:`.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file does not exist.
  case fileNotFound(path: String)
  /// The file exists but cannot be read; `reason` is the system's text for `errno`.
  case unreadable(path: String, reason: String)
  /// The file is larger than ``PNGDecoder/maxFileByteCount``; found from its size before it
  /// is read (`byteCount` is `nil` for standard input, which is read until it passes `limit`).
  case fileTooLarge(path: String, byteCount: Int?, limit: Int)
  /// Reading the file failed part way with an I/O error (`EIO`); `reason` is the system's text.
  case readFailed(path: String, reason: String)
  /// The file or stream holds no bytes at all.
  case empty(path: String)
  /// The data does not start with the 8-byte PNG signature; `message` is libpng's.
  ///
  /// Source: PNG Specification (Second Edition) §5.2 "PNG signature".
  case notPNG(path: String, message: String)
  /// libpng rejected the data: a CRC error, an invalid IHDR, a zlib error…; `message` is
  /// libpng's.
  case corrupt(path: String, message: String)
  /// The data ends before the PNG does; `byteCount` is the size of the data.
  case truncated(path: String, byteCount: Int)
  /// IHDR declares more pixels than the decoder's limit allows.
  ///
  /// Raise ``PNGDecoder/maxPixelCount`` to decode such an image.
  case tooLarge(path: String, width: Int, height: Int, limit: Int)
  /// IHDR declares a width or height above ``PNGDecoder/maxSide`` (`limit`), more than
  /// ``PNGEncoder`` can write.
  case sideTooLong(path: String, width: Int, height: Int, limit: Int)
  /// The IDAT chunks hold `byteCount` bytes, too few to inflate to a `width × height` image
  /// even at deflate's largest ratio (1032:1); found before any pixel buffer is allocated.
  ///
  /// Source: zlib technical details, "Maximum compression ratio".
  case imageDataTooShort(path: String, byteCount: Int, width: Int, height: Int)
  /// The image cannot be encoded (for example a width of 0, or a chunk that is not a colour
  /// chunk); `message` starts with `libpng:` when it is libpng's.
  case cannotEncode(path: String, message: String)
  /// The file cannot be written; `reason` is the system's text for `errno`.
  case cannotWrite(path: String, reason: String)

  /// A one-line message naming the file and the problem.
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      return "\(path): no such file"
    case .unreadable(let path, let reason):
      return "\(path): cannot read file (\(reason))"
    case .fileTooLarge(let path, let byteCount, let limit):
      let size = byteCount.map { "\($0) bytes" } ?? "more bytes"
      return
        "\(path): file too large for a PNG within the pixel limit (\(size), limit \(limit)); "
        + "raise the pixel limit (--max-pixels) to read it"
    case .readFailed(let path, let reason):
      return "\(path): read error (\(reason))"
    case .empty(let path):
      return "\(path): empty file (0 bytes), not a PNG"
    case .notPNG(let path, let message):
      let detail = message.isEmpty ? "" : "; libpng: \(message)"
      return "\(path): not a PNG file (bad signature\(detail))"
    case .corrupt(let path, let message):
      return "\(path): corrupt PNG data (libpng: \(message))"
    case .truncated(let path, let byteCount):
      return "\(path): truncated PNG file (the data ends after \(byteCount) bytes)"
    case .tooLarge(let path, let width, let height, let limit):
      let pixels = width.multipliedReportingOverflow(by: height)
      let count = pixels.overflow ? "more than \(Int.max)" : "\(pixels.partialValue)"
      return
        "\(path): image too large (\(width) × \(height) = \(count) pixels, limit \(limit)); "
        + "raise PNGDecoder.maxPixelCount to decode it"
    case .sideTooLong(let path, let width, let height, let limit):
      return
        "\(path): image too wide or tall (\(width) × \(height) pixels; at most \(limit) per "
        + "side, the most a PNG encoder writes)"
    case .imageDataTooShort(let path, let byteCount, let width, let height):
      return
        "\(path): image data too short (\(byteCount) bytes of IDAT cannot hold \(width) × "
        + "\(height) pixels; deflate expands at most 1032:1)"
    case .cannotEncode(let path, let message):
      return "\(path): cannot encode PNG (\(message))"
    case .cannotWrite(let path, let reason):
      return "\(path): cannot write file (\(reason))"
    }
  }
}
