import LayerFXMath

/// Converts rendered pixels into a destination's own elements, one run of a row at a time: how
/// a render whose destination is not an ``Image`` (an encoder's 8- or 16-bit samples) receives
/// its pixels without a full-size premultiplied `Float` image ever existing.
///
/// ``Renderer`` shades each tile into a scratch tile of its worker, then hands every row of the
/// tile to ``convert``; the pixels it passes are exactly those an ``Image`` destination would
/// hold, so a conversion that is a pure function of each pixel gives the same elements as
/// converting the whole image afterwards, for every tile size and thread count.
public struct PixelStore<Element: BitwiseCopyable>: Sendable {
  /// The conversion: writes `elements[i]` from `pixels[i]` (premultiplied RGBA) for every `i`.
  ///
  /// Both hold the same count. Called from several threads at once, each with its own run;
  /// the pointers must not escape the call.
  public let convert:
    @Sendable (
      _ pixels: UnsafeBufferPointer<half4>, _ elements: UnsafeMutableBufferPointer<Element>
    )
      -> Void

  /// Creates a store from a conversion of runs of pixels.
  ///
  /// - Parameter convert: Writes each element from the pixel at the same index; a pure
  ///   function of that pixel, so the result does not depend on how rows are cut into runs.
  public init(
    _ convert:
      @escaping @Sendable (
        _ pixels: UnsafeBufferPointer<half4>, _ elements: UnsafeMutableBufferPointer<Element>
      ) -> Void
  ) {
    self.convert = convert
  }

  /// Returns the elements of every pixel of `image`, row-major, without rendering: the store of
  /// a frame that no effect changed.
  ///
  /// - Parameter image: Premultiplied RGBA.
  /// - Returns: `width × height` elements, row-major.
  /// - Complexity: O(width × height); allocates the elements only.
  public func elements(of image: Image) -> [Element] {
    let count = image.pixels.count
    return [Element](unsafeUninitializedCapacity: count) { elements, initialized in
      image.pixels.withUnsafeBufferPointer { convert($0, elements) }
      initialized = count
    }
  }
}
