import LayerFX
import LayerFXMath

extension MeshGradient {
  /// The cell coordinates `(u, v)` of `p` and whether they lie in `[0, 1]²`, as ``_invert``
  /// computes them, bit for bit, for a cell whose corners make an exact parallelogram
  /// (`g = a − b + c − d` is zero in both components, as in every cell of a regular grid); `nil`
  /// for any other cell, or where `|e × f|` is outside `[2⁻⁶⁰, 2⁶⁰]`.
  ///
  /// ```
  /// e = b − a, f = d − a, h = p − a       as _invert
  /// v = k0 / (−(e × f)),  k0 = h × e      _invert's first root, q = −(e × f) in every lane
  /// u = (h.x − f.x v) / e.x  if |e.x| ≥ |e.y|,  else (h.y − f.y v) / e.y
  /// ```
  /// Why the bits are `_invert`'s: with `g = ±0` and `h` finite, `h × g` is ±0, so
  /// `k1 = e × f` in every lane; `k2 = g × f` is ±0, so `k1² − 4 k2 k0` is the binary32 square
  /// `fl(k1²)`, a normal number in this range, and `√fl(k1²) = |k1|` exactly (checked for every
  /// binary32 `k1` with `2⁻⁶⁰ ≤ |k1| ≤ 2⁶⁰`; a known property of radix-2 rounding to nearest):
  /// `q = −0.5 (k1 + sign(k1) |k1|) = −k1`, and the second root is skipped there too. For a
  /// finite `v`, `e + v g` is `e` (a zero `e.x` stays `+0`; a zero divisor gives ±∞ or NaN
  /// either way, outside the cell), so `_u` picks the same component and divides the same
  /// numerator by it. Where `k0` is not finite, both give a `v` of ±∞ or NaN: outside, and a
  /// lane outside never uses its `(u, v)`. What is saved per cell and lane: the square root, the
  /// sign pick, `e + v g` and its comparison; and where no lane's `v` can be in `[0, 1]`, the
  /// two divisions.
  ///
  /// Source: the algorithm of `Shaders/Fills/MeshGradient.metal` (``MeshGradient``); √(x²) = |x|
  /// in binary floating point: S. Boldo, "Stupid is as stupid does: taking the square root of
  /// the square of a floating-point number", Electronic Notes in Theoretical Computer Science
  /// (2015), doi:10.1016/j.entcs.2015.10.004.
  @inlinable @inline(__always)
  static func _invertParallelogram<F: PixelLanes>(
    _ p: Vector2<F>, _ a: float2, _ b: float2, _ c: float2, _ d: float2
  ) -> (u: F, v: F, inside: F.Mask)? {
    let e = b - a
    let f = d - a
    let g = a - b + c - d
    let k1 = e.x * f.y - e.y * f.x
    guard g.x == 0, g.y == 0, k1.magnitude >= 0x1p-60, k1.magnitude <= 0x1p60 else { return nil }
    let h = p - Vector2<F>(a)
    let k0 = _cross(h, Vector2<F>(e))
    // A batch none of whose lanes can be in the cell skips both divisions: fl(k0 × fl(1 / −k1))
    // differs from v = fl(k0 / −k1) by less than 2⁻²² of v (three roundings; |1 / k1| ≤ 2⁶⁰),
    // so where v is in [−1e-4, 1 + 1e-4] the estimate is in [−0.002, 1.002]; NaN and ±∞ are in
    // neither. No lane is then inside, and the (u, v) of a lane outside are never used.
    let estimate = k0 * F(1 / -k1)
    guard ((estimate >= -0.002) & (estimate <= 1.002)).anyLane else {
      return (estimate, estimate, estimate < estimate)
    }
    let v = k0 / F(-k1)
    let u =
      e.x.magnitude >= e.y.magnitude
      ? (h.x - F(f.x) * v) / F(e.x) : (h.y - F(f.y) * v) / F(e.y)
    return (u, v, _inCell(u, v))
  }
}
