import LayerFX
import LayerFXMath

/// Renders the frames of an ``EffectChain`` over one input image.
///
/// At time `t` the chain's passes run in order. The first reads the input's layer (which shares
/// the input's pixels and stores no padding; kept while the padding stays the same); each later pass
/// reads the previous pass's output with every premultiplied channel clamped to [0, 1] (NaN
/// becoming 0) but not rounded, padded by its own `maxSampleOffset`: each SwiftUI effect renders
/// into its own target, and a normalised target holds [0, 1] (SwiftUI does not document its
/// intermediate format, so not rounding is LayerFX's decision). Passes write into two reused
/// buffers. With no pass the frame is the input itself, bit for bit.
///
/// Source: `Documentation/Semantics.md` §3 (the premultiplied clamp between stacked effects and
/// at the store), §4 (padding by `maxSampleOffset`).
public struct ChainRenderer {
  /// The input, premultiplied RGBA.
  public let image: Image
  /// The effects.
  public let chain: EffectChain
  /// Tiles and threads; the output does not depend on them.
  public var renderer: Renderer
  /// Whether each pass records its samples against its `maxSampleOffset`.
  public var checksSampleBounds: Bool
  private let buffers = Buffers()

  /// Creates a renderer of `chain` over `image`.
  ///
  /// - Parameters:
  ///   - image: The input, premultiplied RGBA.
  ///   - chain: The effects.
  ///   - renderer: Tiles and threads.
  ///   - checksSampleBounds: Whether to check every pass's samples.
  public init(
    image: Image, chain: EffectChain, renderer: Renderer = Renderer(),
    checksSampleBounds: Bool = false
  ) {
    self.image = image
    self.chain = chain
    self.renderer = renderer
    self.checksSampleBounds = checksSampleBounds
  }

  /// Returns the frame at `time`, with one bounds report per pass when checking.
  ///
  /// - Parameter time: Seconds on the chain's clock.
  /// - Returns: An image of the input's size and scale, premultiplied RGBA, and the reports.
  /// - Throws: ``ShaderArgumentError`` for an argument (such as a keyframed value) that does not
  ///   fit its function.
  /// - Complexity: O(width × height) per pass; allocates no layer (a layer shares its image's
  ///   pixels), and the two frame buffers only when they do not have the input's size.
  public func frame(at time: Double) throws(ShaderArgumentError) -> (
    image: Image, reports: [SampleBoundsReport]
  ) {
    try render(chain.passes(at: time, sizeInPoints: image.sizeInPoints))
  }

  /// Runs `passes` over the input, as ``frame(at:)`` does.
  ///
  /// - Parameter passes: Prepared shaders, in order.
  /// - Returns: The output and, when checking, one report per pass.
  public func render(_ passes: [PreparedShader]) -> (image: Image, reports: [SampleBoundsReport]) {
    guard !passes.isEmpty else { return (image, []) }
    var output = buffers.take(0)
    var spare = buffers.take(1)
    var reports: [SampleBoundsReport] = []
    for (index, pass) in passes.enumerated() {
      let report: SampleBoundsReport?
      if index == 0 {
        if pass.kind == .color {
          report = renderer.render(
            pass, image, checksSampleBounds: checksSampleBounds, into: &output)
        } else {
          report = renderer.render(
            pass, buffers.inputLayer(image, maxSampleOffset: pass.maxSampleOffset),
            checksSampleBounds: checksSampleBounds, into: &output)
        }
      } else {
        Self.clampBetweenPasses(&output.pixels)
        swap(&output, &spare)
        report = renderer.render(
          pass, spare, checksSampleBounds: checksSampleBounds, into: &output)
      }
      if let report { reports.append(report) }
    }
    buffers.store(spare, at: 1)
    buffers.store(output, at: 0)
    return (output, reports)
  }

  /// Clamps each premultiplied channel to [0, 1], NaN becoming 0, in place: how a normalised
  /// render target stores a pass's output for the next.
  ///
  /// Source: `Documentation/Semantics.md` §3.
  static func clampBetweenPasses(_ pixels: inout [half4]) {
    for index in pixels.indices { pixels[index] = pixels[index].premultipliedClamped() }
  }
}

/// The frame buffers and the input's last layer, shared by the frames of one renderer.
private final class Buffers {
  private var images = [
    Image(width: 1, height: 1),
    Image(width: 1, height: 1),
  ]
  private var layer: (offset: float2, layer: Layer)?

  /// Moves buffer `index` out (leaving a 1 × 1 image), so writing it copies nothing.
  func take(_ index: Int) -> Image {
    var image = Image(width: 1, height: 1)
    swap(&image, &images[index])
    return image
  }

  func store(_ image: Image, at index: Int) { images[index] = image }

  func inputLayer(_ image: Image, maxSampleOffset: float2) -> Layer {
    if let layer, layer.offset == maxSampleOffset { return layer.layer }
    let made = Layer(image, maxSampleOffset: maxSampleOffset)
    layer = (maxSampleOffset, made)
    return made
  }
}
