#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Metal Shading Language common, geometric and math functions, with Metal's names, argument
// order and definitions. Each function works on `Float` and on `Float` vectors (`half4`,
// `float2`, …); vector forms apply component-wise unless the function is geometric.
//
// Source: Metal Shading Language Specification 3.2, §6.4 "Common Functions", §6.5 "Math
// Functions" and §6.6 "Geometric Functions".

// MARK: - Common functions (MSL §6.4)

/// Returns `x` clamped to `[minval, maxval]`: `fmin(fmax(x, minval), maxval)`.
///
/// Source: MSL 3.2 §6.4, `clamp`. Results are undefined in Metal if `minval > maxval`.
@inlinable
public func clamp(_ x: Float, _ minval: Float, _ maxval: Float) -> Float {
  Swift.min(Swift.max(x, minval), maxval)
}

/// Returns each component of `x` clamped to `[minval, maxval]`.
///
/// Source: MSL 3.2 §6.4, `clamp`.
@inlinable
public func clamp<V: SIMD>(_ x: V, _ minval: V, _ maxval: V) -> V where V.Scalar == Float {
  x.clamped(lowerBound: minval, upperBound: maxval)
}

/// Returns each component of `x` clamped to the scalar bounds `[minval, maxval]`.
///
/// Source: MSL 3.2 §6.4, `clamp`.
@inlinable
public func clamp<V: SIMD>(_ x: V, _ minval: Float, _ maxval: Float) -> V
where V.Scalar == Float {
  x.clamped(lowerBound: V(repeating: minval), upperBound: V(repeating: maxval))
}

/// Returns the linear blend `x + (y − x) × a`.
///
/// Source: MSL 3.2 §6.4, `mix`.
@inlinable
public func mix(_ x: Float, _ y: Float, _ a: Float) -> Float {
  x + (y - x) * a
}

/// Returns the component-wise linear blend `x + (y − x) × a`.
///
/// Source: MSL 3.2 §6.4, `mix`.
@inlinable
public func mix<V: SIMD>(_ x: V, _ y: V, _ a: V) -> V where V.Scalar == Float {
  x + (y - x) * a
}

/// Returns the component-wise linear blend `x + (y − x) × a` with one blend factor.
///
/// Source: MSL 3.2 §6.4, `mix`.
@inlinable
public func mix<V: SIMD>(_ x: V, _ y: V, _ a: Float) -> V where V.Scalar == Float {
  x + (y - x) * a
}

/// Returns `x` clamped to `[0, 1]`.
///
/// Source: MSL 3.2 §6.4, `saturate`.
@inlinable
public func saturate(_ x: Float) -> Float {
  clamp(x, 0, 1)
}

/// Returns each component of `x` clamped to `[0, 1]`.
///
/// Source: MSL 3.2 §6.4, `saturate`.
@inlinable
public func saturate<V: SIMD>(_ x: V) -> V where V.Scalar == Float {
  clamp(x, 0, 1)
}

/// Returns 0 if `x < edge`, otherwise 1.
///
/// Source: MSL 3.2 §6.4, `step`.
@inlinable
public func step(_ edge: Float, _ x: Float) -> Float {
  x < edge ? 0 : 1
}

/// Returns, per component, 0 if `x < edge`, otherwise 1.
///
/// Source: MSL 3.2 §6.4, `step`.
@inlinable
public func step<V: SIMD>(_ edge: V, _ x: V) -> V where V.Scalar == Float {
  V(repeating: 1).replacing(with: 0, where: x .< edge)
}

/// Returns the Hermite interpolation `t² (3 − 2t)` with `t = clamp((x − edge0) / (edge1 − edge0),
/// 0, 1)`.
///
/// Source: MSL 3.2 §6.4, `smoothstep`. Results are undefined in Metal if `edge0 >= edge1`.
@inlinable
public func smoothstep(_ edge0: Float, _ edge1: Float, _ x: Float) -> Float {
  let t = clamp((x - edge0) / (edge1 - edge0), 0, 1)
  return t * t * (3 - 2 * t)
}

/// Returns the component-wise Hermite interpolation of `x` between `edge0` and `edge1`.
///
/// Source: MSL 3.2 §6.4, `smoothstep`.
@inlinable
public func smoothstep<V: SIMD>(_ edge0: V, _ edge1: V, _ x: V) -> V where V.Scalar == Float {
  let t = clamp((x - edge0) / (edge1 - edge0), 0, 1)
  return t * t * (3 - 2 * t)
}

/// Returns the component-wise Hermite interpolation of `x` between scalar edges.
///
/// Source: MSL 3.2 §6.4, `smoothstep`.
@inlinable
public func smoothstep<V: SIMD>(_ edge0: Float, _ edge1: Float, _ x: V) -> V
where V.Scalar == Float {
  smoothstep(V(repeating: edge0), V(repeating: edge1), x)
}

/// Returns `-1`, `0` or `1` by the sign of `x` (`0` for ±0 and NaN).
///
/// Source: MSL 3.2 §6.4, `sign`.
@inlinable
public func sign(_ x: Float) -> Float {
  x > 0 ? 1 : (x < 0 ? -1 : 0)
}

// MARK: - Math functions (MSL §6.5)

/// Returns the fractional part `x − floor(x)`, at most the largest `Float` below 1.
///
/// Source: MSL 3.2 §6.5, `fract`: `fmin(x − floor(x), 0x1.fffffep-1f)`.
@inlinable
public func fract(_ x: Float) -> Float {
  Swift.min(x - x.rounded(.down), 0x1.fffffep-1)
}

/// Returns the component-wise fractional part of `x`.
///
/// Source: MSL 3.2 §6.5, `fract`.
@inlinable
public func fract<V: SIMD>(_ x: V) -> V where V.Scalar == Float {
  (x - x.rounded(.down)).clamped(
    lowerBound: V(repeating: -.infinity), upperBound: V(repeating: 0x1.fffffep-1))
}

/// Returns the component-wise sine of `x` (radians).
///
/// Source: MSL 3.2 §6.5, `sin`.
@inlinable
public func sin<V: SIMD>(_ x: V) -> V where V.Scalar == Float {
  _componentwise(x, sinf)
}

/// Returns the component-wise cosine of `x` (radians).
///
/// Source: MSL 3.2 §6.5, `cos`.
@inlinable
public func cos<V: SIMD>(_ x: V) -> V where V.Scalar == Float {
  _componentwise(x, cosf)
}

/// Returns the component-wise natural exponential `eˣ`.
///
/// Source: MSL 3.2 §6.5, `exp`.
@inlinable
public func exp<V: SIMD>(_ x: V) -> V where V.Scalar == Float {
  _componentwise(x, expf)
}

/// Applies `f` to each component of `x`.
@usableFromInline
func _componentwise<V: SIMD>(_ x: V, _ f: (Float) -> Float) -> V where V.Scalar == Float {
  var result = x
  for i in x.indices { result[i] = f(x[i]) }
  return result
}

/// Returns the component-wise power `xʸ`.
///
/// Source: MSL 3.2 §6.5, `pow` (undefined in Metal for `x < 0`; here it follows C's `powf`).
@inlinable
public func pow<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar == Float {
  var result = x
  for i in x.indices { result[i] = powf(x[i], y[i]) }
  return result
}

/// Returns the component-wise absolute value of `x`.
///
/// Source: MSL 3.2 §6.4, `abs`.
@inlinable
public func abs<V: SIMD>(_ x: V) -> V where V.Scalar == Float {
  x.replacing(with: -x, where: x .< 0)
}

/// Returns the component-wise largest integer not greater than `x`.
///
/// Source: MSL 3.2 §6.5, `floor`.
@inlinable
public func floor<V: SIMD>(_ x: V) -> V where V.Scalar == Float {
  x.rounded(.down)
}

// MARK: - Geometric functions (MSL §6.6)

/// Returns the dot product `Σ xᵢ yᵢ`.
///
/// Source: MSL 3.2 §6.6, `dot`.
@inlinable
public func dot<V: SIMD>(_ x: V, _ y: V) -> Float where V.Scalar == Float {
  (x * y).sum()
}

/// Returns the Euclidean length `sqrt(dot(x, x))`.
///
/// Source: MSL 3.2 §6.6, `length`.
@inlinable
public func length<V: SIMD>(_ x: V) -> Float where V.Scalar == Float {
  dot(x, x).squareRoot()
}

/// Returns the Euclidean distance `length(x − y)`.
///
/// Source: MSL 3.2 §6.6, `distance`.
@inlinable
public func distance<V: SIMD>(_ x: V, _ y: V) -> Float where V.Scalar == Float {
  length(x - y)
}

/// Returns `x / length(x)`, a vector of length 1 in the direction of `x`.
///
/// Like Metal, the result for a zero vector is not a number (NaN in every component).
///
/// Source: MSL 3.2 §6.6, `normalize`.
@inlinable
public func normalize<V: SIMD>(_ x: V) -> V where V.Scalar == Float {
  x / length(x)
}
