// Metal's functions over ``FloatLanes`` and ``LaneVector``: the math of a kernel written once
// for every lane width. Each is one formula over the lane type's requirements, so it compiles
// to the same instructions as code written for one width by hand.
//
// Source: Metal Shading Language Specification 3.2, §6.4 "Common Functions", §6.5 "Math
// Functions", §6.6 "Geometric Functions".

// MARK: - Scalar lanes (MSL §6.4, §6.5)

/// Returns, lane by lane, `c ? b : a`.
///
/// Source: MSL 3.2 §6.4, `select`.
@inlinable @inline(__always)
public func select<F: FloatLanes>(_ a: F, _ b: F, _ c: F.Mask) -> F { F.select(a, b, c) }

/// Returns the lane-wise square root.
///
/// Source: MSL 3.2 §6.5, `sqrt`.
@inlinable @inline(__always)
public func sqrt<F: FloatLanes>(_ x: F) -> F { F.sqrt(x) }

/// Returns the lane-wise sine of `x` radians.
///
/// Source: MSL 3.2 §6.5, `sin`.
@inlinable @inline(__always)
public func sin<F: FloatLanes>(_ x: F) -> F { F.sin(x) }

/// Returns the lane-wise cosine of `x` radians.
///
/// Source: MSL 3.2 §6.5, `cos`.
@inlinable @inline(__always)
public func cos<F: FloatLanes>(_ x: F) -> F { F.cos(x) }

/// Returns the lane-wise tangent of `x` radians.
///
/// Source: MSL 3.2 §6.5, `tan`.
@inlinable @inline(__always)
public func tan<F: FloatLanes>(_ x: F) -> F { F.tan(x) }

/// Returns the lane-wise arctangent of `y / x` in (−π, π], by the signs of both.
///
/// Source: MSL 3.2 §6.5, `atan2`.
@inlinable @inline(__always)
public func atan2<F: FloatLanes>(_ y: F, _ x: F) -> F { F.atan2(y, x) }

/// Returns the lane-wise `eˣ`.
///
/// Source: MSL 3.2 §6.5, `exp`.
@inlinable @inline(__always)
public func exp<F: FloatLanes>(_ x: F) -> F { F.exp(x) }

/// Returns the lane-wise natural logarithm.
///
/// Source: MSL 3.2 §6.5, `log`.
@inlinable @inline(__always)
public func log<F: FloatLanes>(_ x: F) -> F { F.log(x) }

/// Returns the lane-wise `xʸ` for a variable `y`: NaN for `x < 0`.
///
/// `F.pow`: `exp(y · log(x))` on lanes, `powf` on `Float`, NaN for a negative `x` as Metal's
/// default (fast-math) `pow`, whose result is undefined there. A literal exponent, `pow(x, 2)`
/// or `pow(x, 2.0)`, takes the overloads of `MathFunctions+LiteralExponent.swift`, which
/// multiply as the GPU's compiler does.
///
/// Source: MSL 3.2 §6.5, `pow`, and §8.4 Table 8.2 (fast-math precision of `pow`).
@inlinable @inline(__always)
public func pow<F: FloatLanes>(_ x: F, _ y: F) -> F { F.pow(x, y) }

/// Returns the lane-wise largest whole number not greater than `x`.
///
/// Source: MSL 3.2 §6.5, `floor`.
@inlinable @inline(__always)
public func floor<F: FloatLanes>(_ x: F) -> F { F.floor(x) }

/// Returns the lane-wise `fmin(x − floor(x), 0x1.fffffep-1)`: the fractional part, below 1.
///
/// Source: MSL 3.2 §6.5, `fract`.
@inlinable @inline(__always)
public func fract<F: FloatLanes>(_ x: F) -> F { min(x - F.floor(x), F(0x1.fffffep-1)) }

/// Returns the lane-wise absolute value.
///
/// Source: MSL 3.2 §6.4, `abs`.
@inlinable @inline(__always)
public func abs<F: FloatLanes>(_ x: F) -> F { F.abs(x) }

/// Returns the lane-wise larger of `x` and `y`; where one is NaN, the other (Metal `fmax`).
///
/// Source: MSL 3.2 §6.5, `fmax` (`max` on floats is defined as `fmax`).
@inlinable @inline(__always)
public func max<F: FloatLanes>(_ x: F, _ y: F) -> F { F.select(x, y, (y > x) | (x != x)) }

/// Returns the lane-wise smaller of `x` and `y`; where one is NaN, the other (Metal `fmin`).
///
/// Source: MSL 3.2 §6.5, `fmin` (`min` on floats is defined as `fmin`).
@inlinable @inline(__always)
public func min<F: FloatLanes>(_ x: F, _ y: F) -> F { F.select(x, y, (y < x) | (x != x)) }

/// Returns `fmin(fmax(x, minval), maxval)` lane by lane.
///
/// Source: MSL 3.2 §6.4, `clamp`.
@inlinable @inline(__always)
public func clamp<F: FloatLanes>(_ x: F, _ minval: F, _ maxval: F) -> F {
  min(max(x, minval), maxval)
}

/// Returns `x` clamped to [0, 1] lane by lane.
///
/// Source: MSL 3.2 §6.4, `saturate`.
@inlinable @inline(__always)
public func saturate<F: FloatLanes>(_ x: F) -> F { clamp(x, 0, 1) }

/// Returns the lane-wise blend `x + (y − x) · a`.
///
/// Source: MSL 3.2 §6.4, `mix`.
@inlinable @inline(__always)
public func mix<F: FloatLanes>(_ x: F, _ y: F, _ a: F) -> F { x + (y - x) * a }

/// Returns, lane by lane, 0 where `x < edge` and 1 elsewhere.
///
/// Source: MSL 3.2 §6.4, `step`.
@inlinable @inline(__always)
public func step<F: FloatLanes>(_ edge: F, _ x: F) -> F { F.select(1, 0, x < edge) }

/// Returns the lane-wise Hermite step `t² (3 − 2t)`, `t = clamp((x − edge0) / (edge1 − edge0),
/// 0, 1)`.
///
/// Source: MSL 3.2 §6.4, `smoothstep`.
@inlinable @inline(__always)
public func smoothstep<F: FloatLanes>(_ edge0: F, _ edge1: F, _ x: F) -> F {
  let t = clamp((x - edge0) / (edge1 - edge0), 0, 1)
  return t * t * (3 - 2 * t)
}

// MARK: - Vectors (MSL §6.4–§6.6)

/// Returns, component by component, `c ? b : a`, one flag per lane for every component.
///
/// Source: MSL 3.2 §6.4, `select`.
@inlinable @inline(__always)
public func select<V: LaneVector>(_ a: V, _ b: V, _ c: V.Lane.Mask) -> V {
  a.combine(b) { V.Lane.select($0, $1, c) }
}

/// Returns the dot product `Σ xᵢ yᵢ`.
///
/// Source: MSL 3.2 §6.6, `dot`.
@inlinable @inline(__always)
public func dot<V: LaneVector>(_ x: V, _ y: V) -> V.Lane { (x * y).sum() }

/// Returns the Euclidean length `sqrt(dot(x, x))`.
///
/// Source: MSL 3.2 §6.6, `length`.
@inlinable @inline(__always)
public func length<V: LaneVector>(_ x: V) -> V.Lane { V.Lane.sqrt(dot(x, x)) }

/// Returns the Euclidean distance `length(x − y)`.
///
/// Source: MSL 3.2 §6.6, `distance`.
@inlinable @inline(__always)
public func distance<V: LaneVector>(_ x: V, _ y: V) -> V.Lane { length(x - y) }

/// Returns `x / length(x)`; NaN components for a zero vector, as in Metal.
///
/// Source: MSL 3.2 §6.6, `normalize`.
@inlinable @inline(__always)
public func normalize<V: LaneVector>(_ x: V) -> V { x / length(x) }

/// Returns the component-wise blend `x + (y − x) · a`.
///
/// Source: MSL 3.2 §6.4, `mix`.
@inlinable @inline(__always)
public func mix<V: LaneVector>(_ x: V, _ y: V, _ a: V.Lane) -> V { x + (y - x) * a }

/// Returns each component clamped to `[minval, maxval]`.
///
/// Source: MSL 3.2 §6.4, `clamp`.
@inlinable @inline(__always)
public func clamp<V: LaneVector>(_ x: V, _ minval: V.Lane, _ maxval: V.Lane) -> V {
  x.map { clamp($0, minval, maxval) }
}

/// Returns each component clamped to [0, 1].
///
/// Source: MSL 3.2 §6.4, `saturate`.
@inlinable @inline(__always)
public func saturate<V: LaneVector>(_ x: V) -> V { x.map { saturate($0) } }

/// Returns the component-wise larger value (Metal `fmax`).
///
/// Source: MSL 3.2 §6.5, `fmax`.
@inlinable @inline(__always)
public func max<V: LaneVector>(_ x: V, _ y: V) -> V { x.combine(y) { max($0, $1) } }

/// Returns the component-wise smaller value (Metal `fmin`).
///
/// Source: MSL 3.2 §6.5, `fmin`.
@inlinable @inline(__always)
public func min<V: LaneVector>(_ x: V, _ y: V) -> V { x.combine(y) { min($0, $1) } }

/// Returns the component-wise absolute value.
///
/// Source: MSL 3.2 §6.4, `abs`.
@inlinable @inline(__always)
public func abs<V: LaneVector>(_ x: V) -> V { x.map { V.Lane.abs($0) } }

/// Returns the component-wise `floor`.
///
/// Source: MSL 3.2 §6.5, `floor`.
@inlinable @inline(__always)
public func floor<V: LaneVector>(_ x: V) -> V { x.map { V.Lane.floor($0) } }

/// Returns the component-wise `fract`.
///
/// Source: MSL 3.2 §6.5, `fract`.
@inlinable @inline(__always)
public func fract<V: LaneVector>(_ x: V) -> V { x.map { fract($0) } }

/// Returns the component-wise sine of radians.
///
/// Source: MSL 3.2 §6.5, `sin`.
@inlinable @inline(__always)
public func sin<V: LaneVector>(_ x: V) -> V { x.map { V.Lane.sin($0) } }

/// Returns the component-wise cosine of radians.
///
/// Source: MSL 3.2 §6.5, `cos`.
@inlinable @inline(__always)
public func cos<V: LaneVector>(_ x: V) -> V { x.map { V.Lane.cos($0) } }
