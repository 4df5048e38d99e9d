import LayerFX
import LayerFXMath

extension Renderer {
  /// Renders `shader` over `image` straight into the PNG encoder's samples at `bitDepth`
  /// (``PNGSamples/eightBitStore`` or ``PNGSamples/sixteenBitStore``): the samples the encoder
  /// stores for the image ``render(_:_:bounds:checksSampleBounds:)-(_,Image,_,_)`` returns,
  /// with no `Float` image of the destination.
  ///
  /// - Parameters:
  ///   - shader: The prepared shader.
  ///   - image: The source, premultiplied RGBA.
  ///   - bounds: The destination's extent: the image's size, or grown by twice the layer's
  ///     padding (`⌈maxSampleOffset × scale⌉` pixels a side) for a layer or distortion effect.
  ///   - checksSampleBounds: Whether to record every sample against `maxSampleOffset`.
  ///   - bitDepth: Bits per sample.
  /// - Returns: The samples and, when checking, the bounds report.
  /// - Complexity: O(width × height × kernel cost); allocates 4 or 8 bytes per destination
  ///   pixel and one scratch tile per worker.
  public func samples(
    _ shader: PreparedShader, _ image: Image, bounds: OutputBounds = .source,
    checksSampleBounds: Bool = false, bitDepth: PNGEncoder.BitDepth
  ) -> (samples: PNGSamples, report: SampleBoundsReport?) {
    let margin =
      bounds == .padded && shader.kind != .color
      ? Layer(image, maxSampleOffset: shader.maxSampleOffset).padding : .zero
    let (width, height) = (image.width + 2 * margin.x, image.height + 2 * margin.y)
    /// Renders through `store` and wraps the codes with `make`.
    func stored<Sample>(
      _ store: PixelStore<SIMD4<Sample>>, _ make: ([SIMD4<Sample>]) -> PNGSamples
    ) -> (samples: PNGSamples, report: SampleBoundsReport?) {
      var codes: [SIMD4<Sample>] = []
      let report = render(
        shader, image, bounds: bounds, checksSampleBounds: checksSampleBounds, storing: store,
        into: &codes)
      return (make(codes), report)
    }
    switch bitDepth {
    case .eight:
      return stored(PNGSamples.eightBitStore) {
        PNGSamples(width: width, height: height, codes: $0)
      }
    case .sixteen:
      return stored(PNGSamples.sixteenBitStore) {
        PNGSamples(width: width, height: height, codes: $0)
      }
    }
  }
}
