#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Metal's `metal::fast` math functions: `fast.sin(x)` ports `fast::sin(x)`.
///
/// Two families share the namespace:
/// - Eight `Float` lanes at once (`SIMD8<Float>`: `sin`, `exp`, `rint`, `floor`), the lane fast
///   path's polynomial approximations that stay in SIMD registers, where `sin`/`exp` call libm
///   lane by lane. Accuracy (measured against float64 over the ranges below, see
///   `FastMathTests`): `sin` within 3.5 ulp plus 1e-7 absolute for `|x| ≤ 39000`, `exp` within
///   2 ulp for normal results. Lanes outside those ranges (NaN, infinities, huge arguments,
///   overflow and underflow) get libm's or IEEE's answer, so results never differ in kind from
///   the scalar functions. Metal's own `fast` functions promise less (MSL 3.2 §8.4 Table 8.2
///   allows an absolute error of 2⁻¹³ for `fast::sin` on [−π, π]).
/// - `Float` and `float2`…`float4` forms of every Metal function with a fast variant
///   (`fast+MetalFunctions.swift`). Metal's default math is its fast math, so most are the
///   unqualified functions. The differences: `sin` and `exp` run the lane polynomials (so a
///   kernel's per-pixel and lane forms agree bit for bit); `min`, `max`, `fmin`, `fmax` are one
///   compare and select with NaN left undefined; `pow` of a negative base is NaN, as on the
///   GPU, unless the exponent is a literal, which folds to multiplications as the GPU's compiler
///   folds it (`MathFunctions+LiteralExponent.swift`); `fmod` is `x − y × trunc(x / y)` in
///   `Float` arithmetic.
///
/// Source: Metal Shading Language Specification 3.2, §6.5 "Math Functions" (`fast` and
/// `precise` namespaces), §8.4 Table 8.2; the polynomials and π splits are SLEEF's `xsinf`
/// (sleef.org, src/libm/sleefsimdsp.c) and Cephes' `expf` (S. L. Moshier, netlib.org/cephes).
public enum fast {
  /// Returns the sine of each lane of `x` (radians).
  ///
  /// `x = qπ + r` with `q = rint(x / π)` and `r` reduced by a four-part Cody–Waite split of π
  /// (each product exact for `|q| < 2¹⁴`), then `sin(x) = (−1)^q (r + r³ P(r²))` with SLEEF's
  /// degree-9 odd polynomial. Lanes with `|x| > 39000` or non-finite go to libm's `sinf`.
  @inlinable @inline(__always)
  public static func sin(_ x: SIMD8<Float>) -> SIMD8<Float> {
    // Round to nearest by adding 1.5 × 2²³ (exact for the lanes in range; the others go to libm
    // below): q as a float, and its low bit in the sum's bit pattern.
    let shifted = x * (1 / Float.pi) + _magic
    let q = shifted - _magic
    var r = x - q * 3.140625
    r = r - q * 0.000_967_025_756_835_937_5
    r = r - q * 6.277_114_152_908_325_195_312_5e-7
    r = r - q * 1.215_420_125_655_342_076_2e-10
    let s = r * r
    // An odd multiple of π flips the sign: q's lowest bit moved into the sign bit.
    let signFlip = unsafeBitCast(shifted, to: SIMD8<UInt32>.self) &<< 31
    r = unsafeBitCast(unsafeBitCast(r, to: SIMD8<UInt32>.self) ^ signFlip, to: SIMD8<Float>.self)
    var u: SIMD8<Float> = SIMD8(repeating: 2.608_315_980_978_659_354_150_3e-6)
    u = u * s - 0.000_198_106_907_191_686_332_225_8
    u = u * s + 0.008_333_078_585_565_090_179_443_36
    u = u * s - 0.166_666_597_127_914_428_710_938
    var result = s * (u * r) + r
    let isOutOfRange = .!((x .>= -39000) .& (x .<= 39000))
    if _anyLane(isOutOfRange) { _replaceLanes(of: &result, where: isOutOfRange, with: sinf, of: x) }
    return result
  }

  /// Returns each lane of `x` rounded to the nearest whole number, ties to even (Metal `rint`).
  ///
  /// `(|x| + 2²³) − 2²³` rounds `|x| < 2²³` in the default rounding mode; the sign is put back
  /// and lanes with `|x| ≥ 2²³` (already whole) or NaN pass through. Exact for every input; a
  /// few SIMD instructions even where the CPU has no rounding instruction (SSE2).
  @inlinable @inline(__always)
  public static func rint(_ x: SIMD8<Float>) -> SIMD8<Float> {
    let big: Float = 8_388_608  // 2²³
    let bits = unsafeBitCast(x, to: SIMD8<UInt32>.self)
    let magnitude = unsafeBitCast(bits & 0x7fff_ffff, to: SIMD8<Float>.self)
    let roundedMagnitude = (magnitude + big) - big
    let rounded = unsafeBitCast(
      unsafeBitCast(roundedMagnitude, to: SIMD8<UInt32>.self) | (bits & 0x8000_0000),
      to: SIMD8<Float>.self)
    return rounded.replacing(with: x, where: .!(magnitude .< big))
  }

  /// Returns the largest whole number not greater than each lane of `x` (Metal `floor`).
  ///
  /// ``rint(_:)-(SIMD8<Float>)`` minus 1 where it rounded up; exact for every input.
  @inlinable @inline(__always)
  public static func floor(_ x: SIMD8<Float>) -> SIMD8<Float> {
    let rounded = rint(x)
    return rounded.replacing(with: rounded - 1, where: rounded .> x)
  }

  /// Returns `eˣ` for each lane of `x`.
  ///
  /// `x = k ln 2 + r` with `k = rint(x / ln 2)` and `ln 2` split in two parts, then
  /// `eˣ = 2ᵏ (1 + r + r² P(r))` with Cephes' degree-5 `P`, and `2ᵏ` built in the exponent bits.
  /// Lanes outside `[−87.33, 88]` (results near overflow, subnormal or zero) and NaN lanes go
  /// to libm's `expf`.
  @inlinable @inline(__always)
  public static func exp(_ x: SIMD8<Float>) -> SIMD8<Float> {
    // Within [lower, upper], 2ᵏ is a normal float (k in [−126, 127]).
    let upper: Float = 88
    let lower: Float = -87.33654
    let isSpecial = .!((x .>= lower) .& (x .<= upper))
    // Clamped (NaN to the lower bound) so the conversion to Int32 below is always in range.
    var clamped = x.replacing(with: lower, where: .!(x .>= lower))
    clamped.replace(with: upper, where: clamped .> upper)
    // Round to nearest by adding 1.5 × 2²³; k in [−126, 127] sits in the sum's low bits.
    let shifted = clamped * 1.442_695_040_888_963_4 + _magic
    let k = shifted - _magic
    var r = clamped - k * 0.693_359_375
    r = r + k * 2.121_944_400_546_905_827_68e-4
    let rr = r * r
    var p: SIMD8<Float> = SIMD8(repeating: 1.987_569_150_0e-4)
    p = p * r + 1.398_199_950_7e-3
    p = p * r + 8.333_451_907_3e-3
    p = p * r + 4.166_579_589_4e-2
    p = p * r + 1.666_666_545_9e-1
    p = p * r + 5.000_000_120_1e-1
    let mantissa = p * rr + r + 1
    // 2ᵏ for k in [−126, 127]: the biased exponent placed in the exponent bits.
    let biasedExponent =
      unsafeBitCast(shifted, to: SIMD8<Int32>.self) &- Int32(bitPattern: _magic.bitPattern) &+ 127
    let power = unsafeBitCast(biasedExponent &<< 23, to: SIMD8<Float>.self)
    var result = mantissa * power
    if _anyLane(isSpecial) { _replaceLanes(of: &result, where: isSpecial, with: expf, of: x) }
    return result
  }
}

/// `1.5 × 2²³`: adding it rounds a float of magnitude below 2²² to a whole number, which then
/// sits in the low bits of the sum's bit pattern.
@usableFromInline let _magic: Float = 12_582_912

/// Sets the lanes of `result` selected by `mask` to `function` of the same lanes of `x`: the
/// rare libm path of ``fast``, kept out of line so the polynomial path stays small enough to
/// inline.
@usableFromInline @inline(never)
func _replaceLanes(
  of result: inout SIMD8<Float>, where mask: SIMDMask<SIMD8<Int32>>,
  with function: (Float) -> Float, of x: SIMD8<Float>
) {
  for lane in 0..<8 where mask[lane] { result[lane] = function(x[lane]) }
}

/// Whether any lane of `mask` is set: four 64-bit ORs, where the standard library's `any`
/// reduces lane by lane.
@inlinable @inline(__always)
func _anyLane(_ mask: SIMDMask<SIMD8<Int32>>) -> Bool {
  let words = unsafeBitCast(mask, to: SIMD4<UInt64>.self)
  return (words[0] | words[1] | words[2] | words[3]) != 0
}
