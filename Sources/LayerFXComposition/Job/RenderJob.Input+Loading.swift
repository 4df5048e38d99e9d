import Foundation
import LayerFX
import LayerFXMath
import LayerFXPNG

extension RenderJob.Input {
  /// Loads `source` at `scale` pixels per point: a PNG file, the test card, or a fill drawn at
  /// its size (a view-size parameter left out is the image's size in points, as
  /// `ShaderFunction.withViewArguments(_:sizeInPoints:)` supplies it; Semantics.md §1.5).
  ///
  /// Before any pixel buffer of a file or the test card is allocated, its memory is checked
  /// against the budget (``RenderJob/Limits/memoryBudget(holding:)``) when
  /// `limits.memoryCheck` is not `.off`: the test card's `Float` pixels (16 bytes each), or a PNG's
  /// file, libpng's samples and the `Float` image
  /// (``RenderMemory/decodeBytes(width:height:sampleBytes:fileBytes:)``, with 16-bit samples,
  /// since the bit depth is read with the pixels).
  ///
  /// - Parameters:
  ///   - source: The input: ``DebugConfig/Input/file(_:)`` (`-` is standard input),
  ///     ``DebugConfig/Input/testCard(width:height:)`` or a fill.
  ///   - name: How messages name the input (the text the user wrote); by default
  ///     ``DebugConfig/Input/commandLineText``.
  ///   - scale: Pixels per point, > 0.
  ///   - limits: The pixel limit, whether memory is checked, and the renderer a fill is drawn
  ///     with.
  ///   - warn: Receives libpng's warnings about a file (at most 32, in order), with `name`.
  /// - Throws: `PNGError` for a file that is missing, unreadable, corrupt or over the pixel
  ///   limit; ``CompositionError/limitExceeded(_:)`` for a test card or fill over the pixel
  ///   limit (naming `--max-pixels`), ``CompositionError/outOfMemory(_:)`` for an image the
  ///   memory cannot hold; `ShaderArgumentError` for a fill argument that does not fit.
  public init(
    loading source: DebugConfig.Input, named name: String? = nil, scale: Float,
    limits: RenderJob.Limits, warn: (_ name: String, _ warnings: [String]) -> Void = { _, _ in }
  ) throws {
    let name = name ?? source.commandLineText ?? ""
    let budget = limits.memoryBudget()
    switch source {
    case .testCard(let width, let height):
      guard width * height <= limits.pixelLimit else {
        // --max-pixels goes up to Int32.max; past that, raising it is no way out.
        throw CompositionError.limitExceeded(
          "\(name): \(width) × \(height) exceeds the limit of \(limits.pixelLimit) pixels "
            + RenderJob.Limits.advice(pixels: Double(width * height)))
      }
      try budget?.check(
        RenderMemory.decodeBytes(width: width, height: height, sampleBytes: 0), path: name)
      self.init(.testCard(width: width, height: height, scale: scale))
    case .file(let path):
      let decoded = try Self.decode(path, pixelLimit: limits.pixelLimit, budget: budget)
      warn(name, decoded.warnings)
      var image = decoded.image
      image.scale = scale
      self.init(image, metadata: decoded.metadata, path: path)
    case .fill(let function, let arguments, let width, let height, _, _):
      guard width * height <= limits.pixelLimit else {
        throw CompositionError.limitExceeded(
          "a \(width) × \(height) fill has more than the limit of \(limits.pixelLimit) pixels")
      }
      let sizeInPoints = float2(Float(width), Float(height)) / scale
      let named = function.withViewArguments(arguments, sizeInPoints: sizeInPoints)
      let prepared = try Shader(function: function, namedArguments: named)
        .prepared(for: .fill, sizeInPoints: sizeInPoints)
      self.init(
        limits.renderer.render(
          RenderRequest(prepared, source: .fill(width: width, height: height, scale: scale))
        ).image)
    }
  }

  /// Decodes the PNG at `path`, refusing from its header one whose decode the memory `budget`
  /// cannot hold: the decoder's pixel limit is lowered to the pixels the budget holds, 24 bytes
  /// each besides the file.
  private static func decode(_ path: String, pixelLimit: Int, budget: MemoryBudget?) throws
    -> PNGDecoded
  {
    let fileBytes =
      (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    var decoderLimit = pixelLimit
    if let budget {
      decoderLimit = Int(max(0, min(Double(pixelLimit), (budget.bytes - Double(fileBytes)) / 24)))
    }
    // `-` is standard input; InputFile checks the file type and size before reading.
    let result = Result { () throws(PNGError) in
      try PNGDecoder(maxPixelCount: decoderLimit).decode(contentsOf: path)
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
  private static func tooLarge(
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
    return CompositionError.limitExceeded(
      "\(name): \(width) × \(height) exceeds the limit of \(pixelLimit) pixels "
        + RenderJob.Limits.advice(pixels: Double(width * height)))
  }
}
