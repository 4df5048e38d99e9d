// `pow` with a literal exponent, as a GPU compiles it: a constant whole exponent becomes
// multiplications (`pow(x, 2.0)` is `x * x`, also for a negative `x`), and a negative one the
// reciprocal of those, `1 / x^|n|`. Under Metal's default fast math Apple's compiler turns
// `pow(x, n)` with a constant integral `n` into LLVM's `powi`, which code generation expands by
// squaring; Mesa folds `fpow(a, 2.0)` and `fpow(a, 4.0)` the same way. A variable exponent is
// left to `pow` proper, where a negative base gives NaN on the GPU.
//
// Swift cannot ask whether an argument is a literal, but overload resolution prefers a
// literal's default type (`Int` for `2`, `Double` for `2.0`) to any other type that can hold
// it, so `pow(x, 2)` and `pow(x, 2.0)` with `x` a `Float`, `half`, vector or `FloatLanes`
// take these overloads, and `pow(x, y)` with a `Float` (or lane) `y` keeps the functions it had:
// the C library's `powf` for `Float` and the vectors (`MathFunctions.swift`), `F.pow` for
// `FloatLanes` (`LaneFunctions.swift`, NaN for a negative base). An exponent typed `Int` or
// `Double` counts as a literal too (a `let n = 2` is one, as a GPU compiler propagates it);
// `precise.pow` never folds. The scalar forms are generic over `FloatLanes` (which `Float`
// is): a concrete `pow(Float, Double)` would tie with the C library's `pow(Double, Double)` in
// `Float(pow(10, Double(x)))`, where the generic one loses to the concrete C function.
//
// The order of the multiplications is LLVM's, the one `Documentation/Semantics.md` §8.3 states
// for Swift kernels: square-and-multiply from the lowest bit, the result starting at the power
// of the lowest set bit. x² = x·x, x³ = x·x², x⁴ = x²·x², x⁵ = x·x⁴, x⁶ = x²·x⁴,
// x⁷ = (x·x²)·x⁴; x⁰ = 1 for every x, NaN included.
//
// Source: Metal Shading Language Specification 3.2, §6.5 `pow` and §8.4 (fast math is the
// default); LLVM, `llvm/lib/Transforms/Utils/SimplifyLibCalls.cpp` (`pow` to `powi` for an
// integral constant under `afn`) and `llvm/lib/CodeGen/SelectionDAG/SelectionDAGBuilder.cpp`
// (`ExpandPowI`, the square-and-multiply order); Mesa, `src/compiler/nir/nir_opt_algebraic.py`.

/// Returns `x` raised to the whole power `n`, by multiplications: Metal's `pow(x, n)` with a
/// literal `n`, as a GPU compiles it.
///
/// Square-and-multiply from the lowest bit of `|n|`, the result starting at the power of the
/// lowest set bit (`x³ = x · x²`, `x⁴ = x² · x²`), then `1 / xⁿ` for a negative `n`; `x⁰` is 1.
/// A negative `x` gives the real power (`pow(-2, 3)` is −8), where `exp(y · log(x))` is NaN.
/// Lanes multiply lane by lane, so every lane width gives the same bits.
///
/// Source: MSL 3.2 §6.5, `pow`; LLVM `ExpandPowI` (the order); `Documentation/Semantics.md` §8.3.
@inlinable @inline(__always)
public func pow<F: FloatLanes>(_ x: F, _ n: Int) -> F {
  // 1 · p is p exactly, so starting at 1 gives the bits of starting at the lowest set power.
  var result: F = 1
  var power = x
  var bits = n.magnitude
  while bits != 0 {
    if bits & 1 != 0 { result = result * power }
    bits >>= 1
    if bits != 0 { power = power * power }
  }
  return n < 0 ? 1 / result : result
}

/// Returns `x` raised to the power `y`, a literal: by multiplications when `y` is whole, as a
/// GPU compiles Metal's `pow(x, 2.0)`.
///
/// `y` is first rounded to `Float`, as Metal reads a `float` literal. A whole value that fits
/// in `Int32` (as LLVM's `powi` takes it) gives the product of `pow(x, n)` for an `Int` `n`;
/// any other value gives `F.pow(x, y)`: for `Float` the C library's `powf`, for lanes
/// `exp(y · log(x))`, and NaN for a negative `x` in both.
///
/// Source: MSL 3.2 §6.5, `pow`; `Documentation/Semantics.md` §8.3.
@inlinable @inline(__always)
public func pow<F: FloatLanes>(_ x: F, _ y: Double) -> F {
  let exponent = Float(y)
  if let n = Int32(exactly: exponent) { return pow(x, Int(n)) }
  return F.pow(x, F(exponent))
}

/// Returns each component of `x` raised to the whole power `n`, by multiplications: Metal's
/// `pow(v, n)` with a literal `n`.
///
/// Each component is `pow(x[i], n)` for `Float`: square-and-multiply from the lowest bit, then
/// the reciprocal for a negative `n`.
///
/// Source: MSL 3.2 §6.5, `pow`; `Documentation/Semantics.md` §8.3.
@inlinable @inline(__always)
public func pow<V: MetalVector>(_ x: V, _ n: Int) -> V where V.Scalar == Float {
  var result = x
  for i in x.indices { result[i] = pow(x[i], n) }
  return result
}

/// Returns each component of `x` raised to the power `y`, a literal: by multiplications when
/// `y` is whole (Metal's `pow(v, 2.0)`).
///
/// Each component is `pow(x[i], y)` for `Float` and a `Double` `y`: the product for a whole
/// `y` that fits in `Int32`, `Float.pow` (the C library's `powf`, NaN for a negative `x`)
/// otherwise.
///
/// Source: MSL 3.2 §6.5, `pow`; `Documentation/Semantics.md` §8.3.
@inlinable @inline(__always)
public func pow<V: MetalVector>(_ x: V, _ y: Double) -> V where V.Scalar == Float {
  var result = x
  for i in x.indices { result[i] = pow(x[i], y) }
  return result
}

extension fast {
  /// Returns `x` raised to the whole power `n` by multiplications: Metal's `fast::pow(x, n)`
  /// with a literal `n`, which the GPU compiles as the unqualified `pow`.
  ///
  /// The same as the unqualified `pow(x, n)`; a negative `x` gives the real power.
  ///
  /// Source: MSL 3.2 §6.5, `fast::pow`; `Documentation/Semantics.md` §8.3.
  @inlinable @inline(__always)
  public static func pow(_ x: Float, _ n: Int) -> Float { LayerFXMath.pow(x, n) }

  /// Returns `x` raised to the power `y`, a literal: by multiplications when `y` is whole
  /// (Metal's `fast::pow(x, 2.0)`).
  ///
  /// The same as the unqualified `pow(x, y)` for a `Double` `y`: the product for a whole `y`
  /// (after rounding to `Float`) that fits in `Int32`, otherwise `fast.pow(x, Float(y))`, NaN
  /// for a negative `x`.
  ///
  /// Source: MSL 3.2 §6.5, `fast::pow`; `Documentation/Semantics.md` §8.3.
  @inlinable @inline(__always)
  public static func pow(_ x: Float, _ y: Double) -> Float { LayerFXMath.pow(x, y) }

  /// Returns each component of `x` raised to the whole power `n` by multiplications (Metal's
  /// `fast::pow(v, n)` with a literal `n`).
  ///
  /// The same as the unqualified `pow(x, n)`.
  ///
  /// Source: MSL 3.2 §6.5, `fast::pow`; `Documentation/Semantics.md` §8.3.
  @inlinable @inline(__always)
  public static func pow<V: MetalVector>(_ x: V, _ n: Int) -> V where V.Scalar == Float {
    LayerFXMath.pow(x, n)
  }

  /// Returns each component of `x` raised to the power `y`, a literal: by multiplications when
  /// `y` is whole (Metal's `fast::pow(v, 2.0)`).
  ///
  /// The same as the unqualified `pow(x, y)` for a `Double` `y`.
  ///
  /// Source: MSL 3.2 §6.5, `fast::pow`; `Documentation/Semantics.md` §8.3.
  @inlinable @inline(__always)
  public static func pow<V: MetalVector>(_ x: V, _ y: Double) -> V where V.Scalar == Float {
    LayerFXMath.pow(x, y)
  }
}
