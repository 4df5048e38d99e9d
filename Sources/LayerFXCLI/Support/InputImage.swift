import Foundation
import LayerFX
import LayerFXComposition
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
  /// Before any pixel buffer is allocated, the image's own memory is checked against the
  /// budget (``MemoryBudget``), unless `checksMemory` is off: the test card's `Float` pixels
  /// (16 bytes each), or a PNG's file, libpng's samples and the `Float` image
  /// (``RenderMemory/decodeBytes(width:height:sampleBytes:fileBytes:)``, with 16-bit samples,
  /// since the bit depth is read with the pixels).
  ///
  /// - Throws: ``UsageError`` for a malformed `testcard:` size, ``PNGError`` for a file that is
  ///   missing, unreadable, corrupt or over `pixelLimit`, ``CompositionError/outOfMemory(_:)``
  ///   for an image the memory cannot hold.
  init(_ argument: String, scale: Float, pixelLimit: Int, checksMemory: Bool = true) throws {
    let budget = checksMemory ? MemoryBudget.current() : nil
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
      try budget?.check(
        RenderMemory.decodeBytes(width: size.x, height: size.y, sampleBytes: 0), path: argument)
      image = .testCard(width: size.x, height: size.y, scale: scale)
      metadata = PNGMetadata()
      path = nil
    } else {
      let decoded = try Self.decode(argument, pixelLimit: pixelLimit, budget: budget)
      Console().warn(decoded.warnings, file: argument)
      image = decoded.image
      image.scale = scale
      metadata = decoded.metadata
      path = argument == "-" ? nil : argument
    }
  }

  /// Decodes the PNG `argument` names, refusing from its header one whose decode the memory
  /// `budget` cannot hold: the decoder's pixel limit is lowered to the pixels the budget holds,
  /// 24 bytes each besides the file.
  static func decode(_ argument: String, pixelLimit: Int, budget: MemoryBudget?) throws
    -> PNGDecoded
  {
    let fileBytes =
      (try? FileManager.default.attributesOfItem(atPath: argument)[.size] as? Int) ?? 0
    var decoderLimit = pixelLimit
    if let budget {
      decoderLimit = Int(max(0, min(Double(pixelLimit), (budget.bytes - Double(fileBytes)) / 24)))
    }
    // `-` is standard input; InputFile checks the file type and size before reading.
    let result = Result { () throws(PNGError) in
      try PNGDecoder(maxPixelCount: decoderLimit).decode(contentsOf: argument)
    }
    switch result {
    case .success(let decoded): return decoded
    case .failure(.tooLarge(let name, let width, let height, let limit)):
      throw tooLarge(
        name, width: width, height: height, decoderLimit: limit, pixelLimit: pixelLimit,
        budget: budget, fileBytes: fileBytes)
    case .failure(let error): throw error
    }
  }

  /// The error for a PNG of `width × height` pixels that the decoder refused at `decoderLimit`:
  /// over the memory `budget` when within `pixelLimit` (the budget lowered the decoder's
  /// limit), else over the pixel limit.
  static func tooLarge(
    _ name: String, width: Int, height: Int, decoderLimit: Int, pixelLimit: Int,
    budget: MemoryBudget?, fileBytes: Int
  ) -> any Error {
    if let budget, decoderLimit < pixelLimit, width * height <= pixelLimit {
      do {
        try budget.check(
          RenderMemory.decodeBytes(
            width: width, height: height, sampleBytes: 8, fileBytes: fileBytes), path: name)
      } catch {
        return error
      }
    }
    return CLIError.limitExceeded(
      "\(name): \(width) × \(height) exceeds the limit of \(pixelLimit) pixels "
        + "(raise it with --max-pixels)")
  }
}
