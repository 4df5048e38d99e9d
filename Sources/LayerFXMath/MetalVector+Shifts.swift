// Metal's shift operators on integer vectors: `v >> 1`, `(v >> 8) & uint2(255)`, `v << w`, and
// `>>=`, `<<=`, by a scalar count (of any integer type, as Metal converts it) or by a vector of
// counts, component-wise.
//
// Metal shifts by the low log2(N) bits of the count viewed as unsigned, N the component's width
// in bits (5 bits for `int` and `uint`, 4 for `short` and `ushort`); `>>` of a signed component
// fills with its sign bit. That is the standard library's masking shift `&>>` / `&<<` on SIMD
// integer vectors, which these call, and not Swift's `>>` on a scalar integer, which is a
// "smart" shift (a count of N or more gives 0 or −1, a negative count shifts the other way).
// So `uint2(1) << 33` is `uint2(2)` here as in Metal, while `UInt32(1) << 33` in Swift is 0:
// scalar shifts are the standard library's, and a Metal scalar shift by a count that may reach
// N ports as `&<<` / `&>>`.
//
// Source: Metal Shading Language Specification 3.2, §3.1, the shift operators `<<` and `>>`
// (integer scalars and vectors; a vector may be shifted by a scalar or by a vector).

extension MetalVector where Scalar: FixedWidthInteger {
  /// Returns each component shifted right by `count` (Metal `v >> s`).
  ///
  /// The count's low log2(N) bits are used, N the component's bit width; a signed component
  /// fills with its sign bit.
  ///
  /// Source: MSL 3.2 §3.1, shift operators.
  @inlinable @inline(__always)
  public static func >> <Count: BinaryInteger>(lhs: Self, rhs: Count) -> Self {
    lhs &>> Scalar(truncatingIfNeeded: rhs)
  }

  /// Returns each component shifted right by the matching component of `rhs` (Metal `v >> w`).
  ///
  /// Each count's low log2(N) bits are used, N the component's bit width; a signed component
  /// fills with its sign bit.
  ///
  /// Source: MSL 3.2 §3.1, shift operators.
  @inlinable @inline(__always)
  public static func >> (lhs: Self, rhs: Self) -> Self { lhs &>> rhs }

  /// Returns each component shifted left by `count` (Metal `v << s`), zeros shifted in.
  ///
  /// The count's low log2(N) bits are used, N the component's bit width.
  ///
  /// Source: MSL 3.2 §3.1, shift operators.
  @inlinable @inline(__always)
  public static func << <Count: BinaryInteger>(lhs: Self, rhs: Count) -> Self {
    lhs &<< Scalar(truncatingIfNeeded: rhs)
  }

  /// Returns each component shifted left by the matching component of `rhs` (Metal `v << w`),
  /// zeros shifted in.
  ///
  /// Each count's low log2(N) bits are used, N the component's bit width.
  ///
  /// Source: MSL 3.2 §3.1, shift operators.
  @inlinable @inline(__always)
  public static func << (lhs: Self, rhs: Self) -> Self { lhs &<< rhs }

  /// Shifts each component right by `count` (Metal `v >>= s`), as `>>`.
  ///
  /// Source: MSL 3.2 §3.1, shift and assignment operators.
  @inlinable @inline(__always)
  public static func >>= <Count: BinaryInteger>(lhs: inout Self, rhs: Count) { lhs = lhs >> rhs }

  /// Shifts each component right by the matching component of `rhs` (Metal `v >>= w`), as `>>`.
  ///
  /// Source: MSL 3.2 §3.1, shift and assignment operators.
  @inlinable @inline(__always)
  public static func >>= (lhs: inout Self, rhs: Self) { lhs = lhs >> rhs }

  /// Shifts each component left by `count` (Metal `v <<= s`), as `<<`.
  ///
  /// Source: MSL 3.2 §3.1, shift and assignment operators.
  @inlinable @inline(__always)
  public static func <<= <Count: BinaryInteger>(lhs: inout Self, rhs: Count) { lhs = lhs << rhs }

  /// Shifts each component left by the matching component of `rhs` (Metal `v <<= w`), as `<<`.
  ///
  /// Source: MSL 3.2 §3.1, shift and assignment operators.
  @inlinable @inline(__always)
  public static func <<= (lhs: inout Self, rhs: Self) { lhs = lhs << rhs }
}
