import LayerFX
import LayerFXComposition
import LayerFXMath

extension RenderOptions {
  /// Refuses a layer whose padding would make it, or a padded output, larger than the pixel
  /// limit; call it before rendering (a padded output allocates the padded size).
  ///
  /// The layer is the image padded by `⌈maxSampleOffset × scale⌉` pixels on every side
  /// (Documentation/Semantics.md §4); the size is computed in `Double`, so a huge or infinite padding is
  /// refused rather than converted to `Int`.
  ///
  /// - Throws: ``CLIError/limitExceeded(_:)`` naming the padded size, the limit, and the
  ///   options that change them.
  func checkPaddedSize(of image: Image, maxSampleOffset: float2) throws {
    let pad = SIMD2<Double>(
      (Double(maxSampleOffset.x) * Double(image.scale)).rounded(.up),
      (Double(maxSampleOffset.y) * Double(image.scale)).rounded(.up))
    let width = Double(image.width) + 2 * pad.x
    let height = Double(image.height) + 2 * pad.y
    guard width * height <= Double(pixelLimit) else {
      throw CLIError.limitExceeded(
        "a maxSampleOffset of \(maxSampleOffset.x), \(maxSampleOffset.y) points pads the "
          + "\(image.width) × \(image.height) image to \(Self.count(width)) × "
          + "\(Self.count(height)) pixels, more than the limit of \(pixelLimit); lower the "
          + "amplitude (or --max-sample-offset) or raise --max-pixels")
    }
    let side = Double(ChainRenderer.maxPaddedSide)
    guard width <= side, height <= side else {
      throw CLIError.limitExceeded(
        "the \(image.width) × \(image.height) image padded by a maxSampleOffset of "
          + "\(maxSampleOffset.x), \(maxSampleOffset.y) points is \(Self.count(width)) × "
          + "\(Self.count(height)) pixels; a layer effect takes at most "
          + "\(ChainRenderer.maxPaddedSide) pixels a side")
    }
  }

  private static func count(_ value: Double) -> String {
    value < 1e15 ? "\(Int(value))" : "\(value)"
  }
}
