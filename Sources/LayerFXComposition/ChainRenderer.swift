import LayerFX
import LayerFXMath
import LayerFXPNG

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
  /// - Throws: `ShaderArgumentError` for an argument (such as a keyframed value) that does not
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
    var output = image
    let reports = renderPasses(passes) { last in
      output = buffers.take(0)
      return renderer.render(last, into: &output)
    }
    buffers.store(output, at: 0)
    return (output, reports)
  }

  /// Runs `passes` over the input with the last pass writing straight into `destination`'s
  /// elements through `store` (the encoder's samples): no `Float` image of the output exists.
  ///
  /// The elements are `store` applied to what ``render(_:)`` returns, for every tiling and
  /// thread count. A single pass allocates nothing but the elements (and one scratch tile per
  /// worker); each pass before the last writes one of the two reused `Float` buffers.
  ///
  /// - Parameters:
  ///   - passes: Prepared shaders, in order.
  ///   - store: Converts rendered pixels into elements (`LayerFXPNG.PNGSamples.eightBitStore`).
  ///   - destination: On return, `width × height` elements, row-major; reused when it has
  ///     that count.
  /// - Returns: One report per pass when checking.
  @discardableResult
  public func render<Element>(
    _ passes: [PreparedShader], storing store: PixelStore<Element>,
    into destination: inout [Element]
  ) -> [SampleBoundsReport] {
    guard !passes.isEmpty else {
      destination = store.elements(of: image)
      return []
    }
    return renderPasses(passes) { last in
      renderer.render(last, storing: store, into: &destination)
    }
  }

  /// Returns the frame of `passes` as the PNG encoder's samples at `bitDepth`, rendered
  /// through ``render(_:storing:into:)``.
  ///
  /// - Parameters:
  ///   - passes: Prepared shaders, in order.
  ///   - bitDepth: Bits per sample.
  ///   - spare: An earlier frame's samples nothing else holds, whose memory the new ones take
  ///     when their size and depth agree (an animation's frames then fault no fresh pages).
  /// - Returns: The samples (the input's size) and one report per pass when checking.
  public func samples(
    _ passes: [PreparedShader], bitDepth: PNGEncoder.BitDepth,
    reusing spare: consuming PNGSamples? = nil
  ) -> (samples: PNGSamples, reports: [SampleBoundsReport]) {
    switch bitDepth {
    case .eight:
      var codes = (consume spare)?.eightBitCodes() ?? []
      let reports = render(passes, storing: PNGSamples.eightBitStore, into: &codes)
      return (PNGSamples(width: image.width, height: image.height, codes: codes), reports)
    case .sixteen:
      var codes = (consume spare)?.sixteenBitCodes() ?? []
      let reports = render(passes, storing: PNGSamples.sixteenBitStore, into: &codes)
      return (PNGSamples(width: image.width, height: image.height, codes: codes), reports)
    }
  }

  /// Runs every pass but the last into the reused buffers, each output clamped for the next
  /// pass, then `last` with the last pass's request; returns the reports in pass order.
  private func renderPasses(
    _ passes: [PreparedShader], last: (RenderRequest) -> SampleBoundsReport?
  ) -> [SampleBoundsReport] {
    guard let first = passes.first, let final = passes.last else { return [] }
    var source: RenderRequest.Source =
      first.kind == .color
      ? .image(image) : .layer(buffers.inputLayer(image, maxSampleOffset: first.maxSampleOffset))
    var reports: [SampleBoundsReport] = []
    do {
      var output = buffers.take(0)
      var spare = buffers.take(1)
      for pass in passes.dropLast() {
        let report = renderer.render(
          RenderRequest(pass, source: source, checksSampleBounds: checksSampleBounds),
          into: &output)
        if let report { reports.append(report) }
        output.clampPremultiplied()
        swap(&output, &spare)
        source = .image(spare)
      }
      // Back before the last pass, which may take buffer 0 (not the one it reads) to render
      // into; the scope ends here so that no second reference makes writing it copy it.
      buffers.store(output, at: 0)
      buffers.store(spare, at: 1)
    }
    let request = RenderRequest(final, source: source, checksSampleBounds: checksSampleBounds)
    if let report = last(request) { reports.append(report) }
    return reports
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
