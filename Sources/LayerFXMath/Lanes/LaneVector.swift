/// A Metal vector (`float2`, `float3`, `half4`, …) whose components are ``FloatLanes``: one
/// pixel's vector, or the same vector for several pixels at once.
///
/// ``Vector2``, ``Vector3`` and ``Vector4`` conform; arithmetic, comparisons and the geometric
/// functions are written once here, component by component, so they serve every lane width.
///
/// Source: Metal Shading Language Specification 3.2, §2.2 (vector types), §6.6 (geometric
/// functions).
public protocol LaneVector: Sendable {
  /// The lanes of one component.
  associatedtype Lane: FloatLanes

  /// Creates a vector whose every component is `value`.
  init(repeating value: Lane)

  /// Returns the vector with `transform` applied to each component.
  func map(_ transform: (Lane) -> Lane) -> Self

  /// Returns `combine` of this vector's and `other`'s components, pairwise.
  func combine(_ other: Self, _ combine: (Lane, Lane) -> Lane) -> Self

  /// Returns the sum of the components.
  func sum() -> Lane
}

extension LaneVector {
  /// Returns the component-wise sum.
  @inlinable @inline(__always)
  public static func + (lhs: Self, rhs: Self) -> Self { lhs.combine(rhs, +) }
  /// Returns the component-wise difference.
  @inlinable @inline(__always)
  public static func - (lhs: Self, rhs: Self) -> Self { lhs.combine(rhs, -) }
  /// Returns the component-wise product.
  @inlinable @inline(__always)
  public static func * (lhs: Self, rhs: Self) -> Self { lhs.combine(rhs, *) }
  /// Returns the component-wise quotient.
  @inlinable @inline(__always)
  public static func / (lhs: Self, rhs: Self) -> Self { lhs.combine(rhs, /) }
  /// Returns every component times `rhs`.
  @inlinable @inline(__always)
  public static func * (lhs: Self, rhs: Lane) -> Self { lhs.map { $0 * rhs } }
  /// Returns `lhs` times every component.
  @inlinable @inline(__always)
  public static func * (lhs: Lane, rhs: Self) -> Self { rhs.map { lhs * $0 } }
  /// Returns every component divided by `rhs`.
  @inlinable @inline(__always)
  public static func / (lhs: Self, rhs: Lane) -> Self { lhs.map { $0 / rhs } }
  /// Returns every component plus `rhs`.
  @inlinable @inline(__always)
  public static func + (lhs: Self, rhs: Lane) -> Self { lhs.map { $0 + rhs } }
  /// Returns every component minus `rhs`.
  @inlinable @inline(__always)
  public static func - (lhs: Self, rhs: Lane) -> Self { lhs.map { $0 - rhs } }
  /// Returns the component-wise negation.
  @inlinable @inline(__always)
  public static prefix func - (operand: Self) -> Self { operand.map { -$0 } }

  /// Adds `rhs` component-wise.
  @inlinable @inline(__always)
  public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
  /// Subtracts `rhs` component-wise.
  @inlinable @inline(__always)
  public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
  /// Adds `rhs` to every component.
  @inlinable @inline(__always)
  public static func += (lhs: inout Self, rhs: Lane) { lhs = lhs + rhs }
  /// Subtracts `rhs` from every component.
  @inlinable @inline(__always)
  public static func -= (lhs: inout Self, rhs: Lane) { lhs = lhs - rhs }
  /// Multiplies component-wise.
  @inlinable @inline(__always)
  public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
  /// Multiplies every component by `rhs`.
  @inlinable @inline(__always)
  public static func *= (lhs: inout Self, rhs: Lane) { lhs = lhs * rhs }
}
