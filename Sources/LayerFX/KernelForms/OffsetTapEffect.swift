import LayerFXMath

/// A layer effect that samples only at fixed offsets from each pixel, the same offsets for every
/// pixel, and has a second lane form that shares the texels those samples read between
/// neighbouring pixels: emboss's three samples, for one.
///
/// The renderer's lane path gives it the runs of a row where every tap's four texels lie inside
/// the image, each tap reading the pixel grid translated (pixel `p + 1`'s cell one texel right
/// of pixel `p`'s); there ``OffsetTapRun/sample(_:at:)`` is the bilinear sample of
/// `Documentation/Semantics.md` §4.2 bit for bit: the same weights from the same positions, the
/// same operations in the same order, on the texels transposed into channel planes once per run
/// instead of once per sample. The rest of a row, near the image's edges, takes the bilinear
/// lanes; the per-pixel closure, the bounds checker's record and a padded destination run
/// ``LayerEffect/shade(position:layer:)``. ``shadeOffsetTaps(_:)`` must store what the body
/// would, bit for bit: the same operations in the same order on the same samples.
///
/// Source: `Documentation/Semantics.md` §4.2, §8.3.
public protocol OffsetTapEffect: LayerEffect {
  /// Where the body samples, points from each pixel's position (`layer.sample(position + tap)`,
  /// which is also what `position − d` computes for the tap `−d`), when these are the same for
  /// every pixel; `nil` when they are not (then the body always runs). At most eight, finite.
  var tapOffsets: [float2]? { get }
  /// Shades every pixel of `run` from its taps' samples.
  ///
  /// - Parameter run: At least eight pixels of a row whose taps read the layer's interior.
  func shadeOffsetTaps(_ run: OffsetTapRun)
}
