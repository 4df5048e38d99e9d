import LayerFX
import LayerFXMath

/// Applies a W3C Filter Effects colour matrix at `amount`, blended toward the identity: the
/// step ``Grayscale`` and ``Sepia`` share.
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// M     = mix(T, I, 1 − amount)                        row by row: T at 1, the identity at 0
/// color = (saturate(M · rgb) · color.a, color.a)       premultiplied again
/// ```
/// `mix(T, I, s) = T + s (I − T)` is the spec's matrix written out: grayscale's first row
/// `0.2126 + 0.7874 s` is `0.2126 + s (1 − 0.2126)`. The matrix applies to the image's own
/// encoding (sRGB values are not linearised), as SwiftUI's non-linear working space does.
///
/// - Parameters:
///   - full: The rows of `T`, the matrix at amount 1.
///   - amount: 0 (unchanged) … 1 (`T`).
///   - color: Premultiplied RGBA.
/// - Returns: Premultiplied RGBA, each channel in [0, 1].
///
/// Source: W3C Filter Effects Module Level 1, "Filter Functions", the `feColorMatrix`
/// equivalents of `grayscale()` and `sepia()`
/// (https://www.w3.org/TR/filter-effects-1/#grayscaleEquivalent, #sepiaEquivalent).
@inlinable @inline(__always)
func _colorMatrixBlend<F: PixelLanes>(
  _ full: (float3, float3, float3), amount: Float, color: Vector4<F>
) -> Vector4<F> {
  // The W3C matrix works on straight colour; a transparent pixel has none.
  let alpha = color.a
  let rgb = color.rgb * select(0, 1 / alpha, alpha > 0)
  // Each row moves from the identity's row toward T's by amount.
  let s = 1 - amount
  let row0 = mix(full.0, float3(1, 0, 0), s)
  let row1 = mix(full.1, float3(0, 1, 0), s)
  let row2 = mix(full.2, float3(0, 0, 1), s)
  let result = Vector3(
    dot(Vector3<F>(row0), rgb), dot(Vector3<F>(row1), rgb), dot(Vector3<F>(row2), rgb))
  // The filter result is clamped to [0, 1], then premultiplied again.
  return Vector4(saturate(result) * alpha, alpha)
}
