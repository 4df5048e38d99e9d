/// A three-component Metal vector (`float3`, `half3`: often a colour's `rgb`) over
/// ``FloatLanes``: one pixel's, or eight or sixteen pixels' at once.
public struct Vector3<Lane: FloatLanes>: LaneVector {
  /// The first component (red in a colour).
  public var x: Lane
  /// The second component (green in a colour).
  public var y: Lane
  /// The third component (blue in a colour).
  public var z: Lane

  /// Creates a vector from its components.
  @inlinable @inline(__always)
  public init(_ x: Lane, _ y: Lane, _ z: Lane) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// Creates a vector whose every component is `value` (Metal `float3(v)`).
  @inlinable @inline(__always)
  public init(repeating value: Lane) { self.init(value, value, value) }

  /// Creates a vector whose every component is `value` (Metal `float3(v)`).
  @inlinable @inline(__always)
  public init(_ value: Lane) { self.init(value, value, value) }

  /// Creates lanes that all hold the vector `value`.
  @inlinable @inline(__always)
  public init(_ value: SIMD3<Float>) { self.init(Lane(value.x), Lane(value.y), Lane(value.z)) }

  /// Returns the vector with `transform` applied to each component.
  @inlinable @inline(__always)
  public func map(_ transform: (Lane) -> Lane) -> Self {
    Self(transform(x), transform(y), transform(z))
  }

  /// Returns `combine` of the two vectors' components, pairwise.
  @inlinable @inline(__always)
  public func combine(_ other: Self, _ combine: (Lane, Lane) -> Lane) -> Self {
    Self(combine(x, other.x), combine(y, other.y), combine(z, other.z))
  }

  /// Returns `x + y + z`.
  @inlinable @inline(__always)
  public func sum() -> Lane { x + y + z }

  /// The first component (Metal `.r`).
  @inlinable public var r: Lane {
    get { x }
    set { x = newValue }
  }
  /// The second component (Metal `.g`).
  @inlinable public var g: Lane {
    get { y }
    set { y = newValue }
  }
  /// The third component (Metal `.b`).
  @inlinable public var b: Lane {
    get { z }
    set { z = newValue }
  }
}

extension Vector3 where Lane == Float {
  /// The vector as a `float3`.
  @inlinable @inline(__always)
  public var simd: SIMD3<Float> { SIMD3(x, y, z) }
}
