import LayerFX
import LayerFXMath
import LayerFXPNG

/// An image named on the command line: a PNG file, or `testcard:WxH` for the built-in test card.
struct InputImage {
  /// How usage errors name the argument.
  static let usageName = "INPUT (a PNG file, - for standard input, or testcard:WxH)"

  /// The decoded image, premultiplied RGBA.
  var image: Image
  /// The PNG's colour chunks to copy to outputs; empty for the test card.
  var metadata: PNGMetadata
  /// The file path, or `nil` for the test card.
  var path: String?

  /// Loads `argument` at `scale` pixels per point; libpng's warnings about the file go to
  /// standard error as `layerfx: warning: FILE: …`.
  ///
  /// - Throws: ``UsageError`` for a malformed `testcard:` size, ``PNGError`` for a file that is
  ///   missing, unreadable, corrupt or over `pixelLimit`.
  init(_ argument: String, scale: Float, pixelLimit: Int) throws {
    if argument.hasPrefix("testcard:") {
      let text = String(argument.dropFirst("testcard:".count))
      guard let size = ValueType<SIMD2<Int>>.size.parse(text) else {
        throw UsageError.invalid(
          "invalid INPUT '\(argument)': expected testcard:WxH with sides from 1 to 65535, "
            + "e.g. testcard:1280x720")
      }
      guard size.x * size.y <= pixelLimit else {
        throw CLIError.limitExceeded(
          "\(argument): \(size.x) × \(size.y) exceeds the limit of \(pixelLimit) pixels "
            + "(raise it with --max-pixels)")
      }
      image = .testCard(width: size.x, height: size.y, scale: scale)
      metadata = PNGMetadata()
      path = nil
    } else {
      let decoded: PNGDecoded
      do {
        // `-` is standard input; InputFile checks the file type and size before reading.
        decoded = try PNGDecoder(maxPixelCount: pixelLimit).decode(contentsOf: argument)
      } catch .tooLarge(let name, let width, let height, let limit) {
        throw CLIError.limitExceeded(
          "\(name): \(width) × \(height) exceeds the limit of \(limit) pixels "
            + "(raise it with --max-pixels)")
      }
      Console().warn(decoded.warnings, file: argument)
      image = decoded.image
      image.scale = scale
      metadata = decoded.metadata
      path = argument == "-" ? nil : argument
    }
  }
}
