/// A four-component Metal vector (`float4`, `half4`: a premultiplied RGBA colour) over
/// ``FloatLanes``: one pixel's, or eight or sixteen pixels' at once.
///
/// `Vector4<FloatLanes8>` holds eight colours as four channel planes (structure of arrays), so
/// `color.rgb += shade * color.a` is three SIMD multiply-adds for eight pixels.
public struct Vector4<Lane: FloatLanes>: LaneVector {
  /// The first component (red in a colour).
  public var x: Lane
  /// The second component (green in a colour).
  public var y: Lane
  /// The third component (blue in a colour).
  public var z: Lane
  /// The fourth component (alpha in a colour).
  public var w: Lane

  /// Creates a vector from its components.
  @inlinable @inline(__always)
  public init(_ x: Lane, _ y: Lane, _ z: Lane, _ w: Lane) {
    self.x = x
    self.y = y
    self.z = z
    self.w = w
  }

  /// Creates a vector from a three-component vector and a fourth component (Metal
  /// `float4(v.rgb, a)`).
  @inlinable @inline(__always)
  public init(_ xyz: Vector3<Lane>, _ w: Lane) { self.init(xyz.x, xyz.y, xyz.z, w) }

  /// Creates a vector whose every component is `value` (Metal `float4(v)`).
  @inlinable @inline(__always)
  public init(repeating value: Lane) { self.init(value, value, value, value) }

  /// Creates a vector whose every component is `value` (Metal `float4(v)`).
  @inlinable @inline(__always)
  public init(_ value: Lane) { self.init(value, value, value, value) }

  /// Creates lanes that all hold the vector `value` (for example a colour argument).
  @inlinable @inline(__always)
  public init(_ value: SIMD4<Float>) {
    self.init(Lane(value.x), Lane(value.y), Lane(value.z), Lane(value.w))
  }

  /// Returns the vector with `transform` applied to each component.
  @inlinable @inline(__always)
  public func map(_ transform: (Lane) -> Lane) -> Self {
    Self(transform(x), transform(y), transform(z), transform(w))
  }

  /// Returns `combine` of the two vectors' components, pairwise.
  @inlinable @inline(__always)
  public func combine(_ other: Self, _ combine: (Lane, Lane) -> Lane) -> Self {
    Self(combine(x, other.x), combine(y, other.y), combine(z, other.z), combine(w, other.w))
  }

  /// Returns `x + y + z + w`.
  @inlinable @inline(__always)
  public func sum() -> Lane { x + y + z + w }

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
  /// The fourth component (Metal `.a`): alpha in a colour.
  @inlinable public var a: Lane {
    get { w }
    set { w = newValue }
  }
  /// The first three components (Metal `.rgb`, same as `.xyz`).
  @inlinable public var rgb: Vector3<Lane> {
    get { Vector3(x, y, z) }
    set {
      x = newValue.x
      y = newValue.y
      z = newValue.z
    }
  }
  /// The first three components (Metal `.xyz`).
  @inlinable public var xyz: Vector3<Lane> {
    get { rgb }
    set { rgb = newValue }
  }
  /// The first two components (Metal `.xy`).
  @inlinable public var xy: Vector2<Lane> {
    get { Vector2(x, y) }
    set {
      x = newValue.x
      y = newValue.y
    }
  }
}

extension Vector4 where Lane == Float {
  /// The vector as a `float4` (a `half4` colour).
  @inlinable @inline(__always)
  public var simd: SIMD4<Float> { SIMD4(x, y, z, w) }
}
