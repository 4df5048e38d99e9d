// A polynomial arctangent over ``FloatLanes``'s requirements, so a lane form stays SIMD instead
// of calling the C library once per lane.

/// Returns the lane-wise arctangent of `y / x` in [−π, π], by the signs of both, as a
/// polynomial: no C library call, so eight lanes cost a few SIMD instructions instead of eight
/// `atan2f` calls.
///
/// `|y| / |x|` (or its inverse) is reduced to `[0, 1]`, then around `tan(π / 8)` to
/// `|z| ≤ tan(π / 8)`, where `atan(z) = z + z³ Q(z²)` with `Q` of degree 4 (least-squares fit on
/// Chebyshev nodes, this file's own). Error: within 10⁻⁶ rad of the float64 `atan2` in every
/// octant, as `Atan2PolynomialTests` asserts (the polynomial alone, in `Float`: below
/// 2 · 10⁻⁸ rad). `atan2(±0, +0)` is ±0 and `atan2(±0, −0)` is
/// ±π, as in Metal; NaN inputs give NaN.
///
/// Source: MSL 3.2 §6.5, `atan2` (the `fast::` variant's contract: the C library's accuracy is not
/// required).
@inlinable @inline(__always)
public func atan2Polynomial<F: FloatLanes>(_ y: F, _ x: F) -> F {
  let ax = F.abs(x)
  let ay = F.abs(y)
  let larger = max(ax, ay)
  let smaller = min(ax, ay)
  // t = smaller / larger in [0, 1]; 0 / 0 (the origin) is taken as 0.
  let t = F.select(smaller / larger, 0, larger == 0)
  // Reduce to |z| ≤ tan(π/8): atan(t) = π/4 + atan((t − 1) / (t + 1)).
  let high = t > F(0.41421356)
  let z = F.select(t, (t - 1) / (t + 1), high)
  let s = z * z
  var q = F(-0.0594835) * s + F(0.10536115)
  q = q * s + F(-0.14234508)
  q = q * s + F(0.19997895)
  q = q * s + F(-0.33333303)
  var angle = z + z * s * q + F.select(0, F(Float.pi / 4), high)
  // Undo the reductions: the octant, then the quadrant by the signs of x and y.
  angle = F.select(angle, F(Float.pi / 2) - angle, ay > ax)
  let xNegative = (x < 0) | ((x == 0) & (F(1) / x < 0))
  angle = F.select(angle, F(Float.pi) - angle, xNegative)
  let yNegative = (y < 0) | ((y == 0) & (F(1) / y < 0))
  return F.select(angle, -angle, yNegative)
}
