import LayerFX
import LayerFXMath

extension Renderer {
  /// Renders `request` straight into the PNG encoder's samples at `bitDepth`
  /// (``PNGSamples/eightBitStore`` or ``PNGSamples/sixteenBitStore``): the samples the encoder
  /// stores for the image ``Renderer/render(_:)`` returns, with no `Float` image of the
  /// destination.
  ///
  /// - Parameters:
  ///   - request: The shader, its source, the destination's extent (the source's size, or grown
  ///     by twice the layer's padding, `⌈maxSampleOffset × scale⌉` pixels a side, for a layer or
  ///     distortion effect) and whether to check sample bounds.
  ///   - bitDepth: Bits per sample.
  /// - Returns: The samples (``RenderRequest/destinationSize`` pixels) and, when checking, the
  ///   bounds report.
  /// - Complexity: O(width × height × kernel cost); allocates 4 or 8 bytes per destination
  ///   pixel and one scratch tile per worker.
  public func samples(_ request: RenderRequest, bitDepth: PNGEncoder.BitDepth)
    -> (samples: PNGSamples, report: SampleBoundsReport?)
  {
    let size = request.destinationSize
    /// Renders through `store` and wraps the codes with `make`.
    func stored<Sample>(
      _ store: PixelStore<SIMD4<Sample>>, _ make: ([SIMD4<Sample>]) -> PNGSamples
    ) -> (samples: PNGSamples, report: SampleBoundsReport?) {
      var codes: [SIMD4<Sample>] = []
      let report = render(request, storing: store, into: &codes)
      return (make(codes), report)
    }
    switch bitDepth {
    case .eight:
      return stored(PNGSamples.eightBitStore) {
        PNGSamples(width: size.x, height: size.y, codes: $0)
      }
    case .sixteen:
      return stored(PNGSamples.sixteenBitStore) {
        PNGSamples(width: size.x, height: size.y, codes: $0)
      }
    }
  }
}
