import LayerFX
import LayerFXFiles
import LayerFXPNG

/// One prepared shader over an image, stored straight into the PNG encoder's samples (no
/// `Float` output image): the still a front end renders off the clock, optionally grown by the
/// layer's padding on every side.
///
/// ``check(_:)`` refuses, before anything renders, a padded layer or output too large, or a
/// memory estimate over the budget; ``run(_:into:events:)`` renders, asks the front end about
/// faults, writes and reports the bounds. One image is not checked against the free space: a
/// disk that fills during the write fails it with nothing half-written.
///
/// Source: `Documentation/Semantics.md` §4 (padding, `maxSampleOffset`), §3 (the store).
public struct ShaderStill: Sendable {
  /// The shader, its arguments checked.
  public var shader: PreparedShader
  /// Whether the output is grown by the padding on every side (a layer or distortion effect).
  public var isPadded: Bool
  /// Whether every sample is checked against `maxSampleOffset`.
  public var checksBounds: Bool
  /// The destination and its encoding.
  public var output: RenderJob.Output
  /// The pixel and memory limits, and the renderer.
  public var limits: RenderJob.Limits

  /// Creates a still; see the properties.
  public init(
    _ shader: PreparedShader, isPadded: Bool = false, checksBounds: Bool = false,
    output: RenderJob.Output, limits: RenderJob.Limits
  ) {
    self.shader = shader
    self.isPadded = isPadded
    self.checksBounds = checksBounds
    self.output = output
    self.limits = limits
  }

  /// The padding the output is grown by on each side, pixels: the layer's for a padded layer
  /// or distortion effect, else none.
  public func outputPadding(of image: Image) -> SIMD2<Int> {
    isPadded && shader.kind != .color
      ? Layer(image, maxSampleOffset: shader.maxSampleOffset).padding : .zero
  }

  /// Refuses the still over `input` before it renders: a padded layer over the pixel limit,
  /// a padded output wider or taller than a PNG can be (`PNGEncoder.maxSide`), or a
  /// memory estimate over the budget.
  ///
  /// - Throws: ``CompositionError/limitExceeded(_:)`` for the sizes,
  ///   ``CompositionError/outOfMemory(_:)``.
  public func check(_ input: RenderJob.Input) throws {
    let function = shader.function
    let image = input.image
    let pad = outputPadding(of: image)
    let (width, height) = (image.width + 2 * pad.x, image.height + 2 * pad.y)
    if function.kind != .color {
      try input.naming {
        try ChainRenderer.checkPaddedSize(
          of: image, maxSampleOffset: shader.maxSampleOffset, function: function.name,
          storesPadding: shader.storesPadding || isPadded, pixelLimit: limits.pixelLimit)
      }
      if isPadded && max(width, height) > PNGEncoder.maxSide {
        throw CompositionError.limitExceeded(
          "\(output.path): padded by \(function.name)'s maxSampleOffset, the output would be "
            + "\(width) × \(height) pixels; a PNG is at most \(PNGEncoder.maxSide) pixels a side")
      }
    }
    try limits.memoryBudget(holding: RenderMemory.floatPixelBytes * Double(image.pixels.count))?
      .check(memory(over: image).peakBytes, path: output.path)
  }

  /// The memory estimate of the still over `image`, stored into samples; a padded output is
  /// counted at its padded size throughout (the input too, so the estimate errs high).
  public func memory(over image: Image) -> RenderMemory {
    let pad = outputPadding(of: image)
    return RenderMemory(
      width: image.width + 2 * pad.x, height: image.height + 2 * pad.y,
      bitDepth: output.encoder.bitDepth.rawValue, output: .samples, passCount: 1,
      workingImages: shader.workingImageCount,
      storedPaddingTexels: ChainRenderer.storedPaddingTexels(of: [shader], image: image),
      threadCount: limits.threadCount, tileSize: limits.tileSize)
  }

  /// Renders the still over `input`, asks `events` about faults (``RenderJobCheckpoint/still(time:)``
  /// off the clock), writes it into `file` and reports the bounds (``RenderJobEvents/boundsReport``).
  ///
  /// - Parameters:
  ///   - input: The image; its `Float` pixels are dropped before the encoder's output grows.
  ///   - file: The output opened before the render (``RenderJob/Output/open(protecting:)``);
  ///     `nil` for standard output.
  ///   - events: The front end's fault check, bounds report and standard output.
  /// - Returns: Whether every sample lay within `maxSampleOffset` (true without the check).
  /// - Throws: What `events.checkFaults` throws, `PNGError` when encoding fails,
  ///   `AtomicFileError` when writing the file does.
  public func run(
    _ input: consuming RenderJob.Input, into file: PreparedFile?, events: RenderJobEvents
  )
    throws -> Bool
  {
    let result = limits.renderer.samples(
      RenderRequest(
        shader, source: .image(input.image), bounds: isPadded ? .padded : .source,
        checksSampleBounds: checksBounds), bitDepth: output.encoder.bitDepth)
    try events.checkFaults(.still(time: nil))
    let metadata = input.metadata
    // Nothing reads the input's Float pixels now: they go before the encoder's output grows.
    _ = consume input
    try output.write(result.samples, into: file, metadata: metadata, events: events)
    guard let report = result.report else { return true }
    events.boundsReport("\(report)")
    return report.isWithinBounds
  }
}
