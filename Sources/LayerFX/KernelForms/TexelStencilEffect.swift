import LayerFXMath

/// A layer effect that samples only at whole multiples of one spacing from each pixel, and has
/// a second lane form for the runs where those taps land on texel centres: a stencil, such as
/// Sobel's 3 × 3 neighbourhood.
///
/// On such a run (the scale a power of two ≥ 1, `tapSpacing × scale` a whole number of texels,
/// every tap and its right and lower neighbours inside the image, and their channels finite,
/// at most 2¹²⁶ in magnitude and none −0), each bilinear sample is its texel bit for bit
/// (`Documentation/Semantics.md` §4.2 with weights 0), so the effect may read the texels in
/// place through ``TexelRun`` and share work between neighbouring pixels. The renderer's lane
/// path gives it those runs (the rest of a row, near the image's edges, takes the bilinear
/// lanes); the per-pixel closure, the bounds checker's record and a padded destination run
/// ``LayerEffect/shade(position:layer:)``. ``shadeTexels(_:)`` must store what the body would,
/// bit for bit: the same operations in the same order on the same values.
///
/// Source: `Documentation/Semantics.md` §4.2, §8.3.
public protocol TexelStencilEffect: LayerEffect {
  /// Points between neighbouring taps along either axis (finite, ≥ 0) when the body samples
  /// only at `position + (i, j) × tapSpacing` for whole `i` and `j`, with these arguments; `nil`
  /// when its taps lie off such a grid (then the body always runs).
  var tapSpacing: Float? { get }
  /// The largest `|i|` (x) and `|j|` (y) of a tap.
  var tapReach: SIMD2<Int> { get }
  /// Shades every pixel of `run` from its taps' texels.
  ///
  /// - Parameter run: At least eight pixels of a row whose taps land on texel centres.
  func shadeTexels(_ run: TexelRun)
}
