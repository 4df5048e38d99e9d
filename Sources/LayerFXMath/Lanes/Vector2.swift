/// A two-component Metal vector (`float2`, `half2`) over ``FloatLanes``: one pixel's, or eight or
/// sixteen pixels' at once.
///
/// `Vector2<Float>` is one `float2`; `Vector2<FloatLanes8>` holds the `x` of eight pixels in one
/// register and their `y` in another (structure of arrays).
public struct Vector2<Lane: FloatLanes>: LaneVector {
  /// The first component.
  public var x: Lane
  /// The second component.
  public var y: Lane

  /// Creates a vector from its components.
  @inlinable @inline(__always)
  public init(_ x: Lane, _ y: Lane) {
    self.x = x
    self.y = y
  }

  /// Creates a vector whose every component is `value` (Metal `float2(v)`).
  @inlinable @inline(__always)
  public init(repeating value: Lane) { self.init(value, value) }

  /// Creates a vector whose every component is `value` (Metal `float2(v)`).
  @inlinable @inline(__always)
  public init(_ value: Lane) { self.init(value, value) }

  /// Creates lanes that all hold the vector `value`.
  @inlinable @inline(__always)
  public init(_ value: SIMD2<Float>) { self.init(Lane(value.x), Lane(value.y)) }

  /// Returns the vector with `transform` applied to each component.
  @inlinable @inline(__always)
  public func map(_ transform: (Lane) -> Lane) -> Self { Self(transform(x), transform(y)) }

  /// Returns `combine` of the two vectors' components, pairwise.
  @inlinable @inline(__always)
  public func combine(_ other: Self, _ combine: (Lane, Lane) -> Lane) -> Self {
    Self(combine(x, other.x), combine(y, other.y))
  }

  /// Returns `x + y`.
  @inlinable @inline(__always)
  public func sum() -> Lane { x + y }

  /// The components in the other order (Metal `.yx`).
  @inlinable public var yx: Self { Self(y, x) }
}

extension Vector2 where Lane == Float {
  /// The vector as a `float2`.
  @inlinable @inline(__always)
  public var simd: SIMD2<Float> { SIMD2(x, y) }
}
