import LayerFX
import LayerFXComposition
import LayerFXMath
import LayerFXPNG

extension InputImage {
  /// Loads a debug config's `input` as ``load(_:scale:render:)`` does, with no file path.
  ///
  /// - Throws: As ``load(_:scale:render:)``.
  init(_ input: DebugConfig.Input, scale: Float, render: RenderOptions) throws {
    let loaded = try Self.load(input, scale: scale, render: render)
    image = loaded.image
    metadata = loaded.metadata
    path = input.path
  }

  /// Loads a debug config's `input`: a PNG file or the test card as INPUT on the command line
  /// reads them, or a fill drawn at its size (a view-size parameter left out is the image's size
  /// in points, as `layerfx render` passes it).
  ///
  /// - Parameters:
  ///   - input: The config's input.
  ///   - scale: Pixels per point.
  ///   - render: The renderer and pixel limit.
  /// - Returns: The image (premultiplied RGBA at `scale`) and the PNG's metadata (empty for the
  ///   test card and a fill).
  /// - Throws: As ``init(_:scale:pixelLimit:)``; ``CLIError`` for a fill over the pixel limit;
  ///   ``ShaderArgumentError`` for a fill argument that does not fit.
  static func load(_ input: DebugConfig.Input, scale: Float, render: RenderOptions) throws
    -> (image: Image, metadata: PNGMetadata)
  {
    guard case .fill(let function, let arguments, let width, let height, _) = input,
      input.commandLineText == nil
    else {
      let loaded = try InputImage(
        input.commandLineText ?? "", scale: scale, pixelLimit: render.pixelLimit)
      return (loaded.image, loaded.metadata)
    }
    guard width * height <= render.pixelLimit else {
      throw CLIError.limitExceeded(
        "a \(width) × \(height) fill has more than the limit of \(render.pixelLimit) pixels")
    }
    let sizeInPoints = float2(Float(width), Float(height)) / scale
    let named = function.withViewArguments(arguments, sizeInPoints: sizeInPoints)
    let prepared = try Shader(function: function, namedArguments: named)
      .prepared(for: .fill, sizeInPoints: sizeInPoints)
    let image = render.renderer.render(fill: prepared, width: width, height: height, scale: scale)
    return (image, PNGMetadata())
  }
}
