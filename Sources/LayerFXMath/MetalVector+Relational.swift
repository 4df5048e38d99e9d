// Metal's relational operators on vectors: `v < w` is a Boolean vector (`bool2`…`bool4` for
// 32-bit scalars), with a scalar on either side widened to the vector, so `any(v < float2(1))`,
// `select(a, b, v < w)` and `v >= 0.5` port as written. Each is the standard library's
// component-wise `.<`, `.<=`, `.>`, `.>=`, which stay available.
//
// Equality is not redeclared: Swift's `v == w` on vectors is the `Equatable` test of the whole
// vector (a `Bool`), and a second `==` returning a Boolean vector would make `let same = v == w`
// ambiguous. Metal's component-wise `==` and `!=` are `.==` and `.!=`.
//
// Source: Metal Shading Language Specification 3.2, §3.1 item 5 (relational operators: a
// scalar operand is converted to the vector's element type and widened; the result is a
// Boolean vector; NaN compares false) and §2.2 (`booln`).

extension MetalVector where Scalar: Comparable {
  /// Returns, per component, whether `lhs` is less than `rhs` (Metal `lhs < rhs`).
  ///
  /// A component that is NaN on either side gives `false`.
  ///
  /// Source: MSL 3.2 §3.1 item 5.
  @inlinable @inline(__always)
  public static func < (lhs: Self, rhs: Self) -> SIMDMask<MaskStorage> { lhs .< rhs }

  /// Returns, per component, whether `lhs` is less than the scalar `rhs` (Metal `v < s`).
  ///
  /// Source: MSL 3.2 §3.1 item 5 (the scalar is widened to the vector).
  @inlinable @inline(__always)
  public static func < (lhs: Self, rhs: Scalar) -> SIMDMask<MaskStorage> { lhs .< rhs }

  /// Returns, per component, whether the scalar `lhs` is less than `rhs` (Metal `s < v`).
  ///
  /// Source: MSL 3.2 §3.1 item 5 (the scalar is widened to the vector).
  @inlinable @inline(__always)
  public static func < (lhs: Scalar, rhs: Self) -> SIMDMask<MaskStorage> { lhs .< rhs }

  /// Returns, per component, whether `lhs` is at most `rhs` (Metal `lhs <= rhs`).
  ///
  /// A component that is NaN on either side gives `false`.
  ///
  /// Source: MSL 3.2 §3.1 item 5.
  @inlinable @inline(__always)
  public static func <= (lhs: Self, rhs: Self) -> SIMDMask<MaskStorage> { lhs .<= rhs }

  /// Returns, per component, whether `lhs` is at most the scalar `rhs` (Metal `v <= s`).
  ///
  /// Source: MSL 3.2 §3.1 item 5 (the scalar is widened to the vector).
  @inlinable @inline(__always)
  public static func <= (lhs: Self, rhs: Scalar) -> SIMDMask<MaskStorage> { lhs .<= rhs }

  /// Returns, per component, whether the scalar `lhs` is at most `rhs` (Metal `s <= v`).
  ///
  /// Source: MSL 3.2 §3.1 item 5 (the scalar is widened to the vector).
  @inlinable @inline(__always)
  public static func <= (lhs: Scalar, rhs: Self) -> SIMDMask<MaskStorage> { lhs .<= rhs }

  /// Returns, per component, whether `lhs` is greater than `rhs` (Metal `lhs > rhs`).
  ///
  /// A component that is NaN on either side gives `false`.
  ///
  /// Source: MSL 3.2 §3.1 item 5.
  @inlinable @inline(__always)
  public static func > (lhs: Self, rhs: Self) -> SIMDMask<MaskStorage> { lhs .> rhs }

  /// Returns, per component, whether `lhs` is greater than the scalar `rhs` (Metal `v > s`).
  ///
  /// Source: MSL 3.2 §3.1 item 5 (the scalar is widened to the vector).
  @inlinable @inline(__always)
  public static func > (lhs: Self, rhs: Scalar) -> SIMDMask<MaskStorage> { lhs .> rhs }

  /// Returns, per component, whether the scalar `lhs` is greater than `rhs` (Metal `s > v`).
  ///
  /// Source: MSL 3.2 §3.1 item 5 (the scalar is widened to the vector).
  @inlinable @inline(__always)
  public static func > (lhs: Scalar, rhs: Self) -> SIMDMask<MaskStorage> { lhs .> rhs }

  /// Returns, per component, whether `lhs` is at least `rhs` (Metal `lhs >= rhs`).
  ///
  /// A component that is NaN on either side gives `false`.
  ///
  /// Source: MSL 3.2 §3.1 item 5.
  @inlinable @inline(__always)
  public static func >= (lhs: Self, rhs: Self) -> SIMDMask<MaskStorage> { lhs .>= rhs }

  /// Returns, per component, whether `lhs` is at least the scalar `rhs` (Metal `v >= s`).
  ///
  /// Source: MSL 3.2 §3.1 item 5 (the scalar is widened to the vector).
  @inlinable @inline(__always)
  public static func >= (lhs: Self, rhs: Scalar) -> SIMDMask<MaskStorage> { lhs .>= rhs }

  /// Returns, per component, whether the scalar `lhs` is at least `rhs` (Metal `s >= v`).
  ///
  /// Source: MSL 3.2 §3.1 item 5 (the scalar is widened to the vector).
  @inlinable @inline(__always)
  public static func >= (lhs: Scalar, rhs: Self) -> SIMDMask<MaskStorage> { lhs .>= rhs }
}
