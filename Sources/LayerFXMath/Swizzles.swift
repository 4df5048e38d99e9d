// Metal's colour and position component names on four-component vectors, so `color.rgb` and
// `color.a` port unchanged.
//
// Source: Metal Shading Language Specification 3.2, §2.2.1 "Accessing Vector Components".
extension SIMD4 {
  /// The first component (Metal `.r`, same as `.x`).
  @inlinable
  public var r: Scalar {
    get { x }
    set { x = newValue }
  }

  /// The second component (Metal `.g`, same as `.y`).
  @inlinable
  public var g: Scalar {
    get { y }
    set { y = newValue }
  }

  /// The third component (Metal `.b`, same as `.z`).
  @inlinable
  public var b: Scalar {
    get { z }
    set { z = newValue }
  }

  /// The fourth component (Metal `.a`, same as `.w`): alpha in a colour.
  @inlinable
  public var a: Scalar {
    get { w }
    set { w = newValue }
  }

  /// The first three components (Metal `.rgb`, same as `.xyz`).
  @inlinable
  public var rgb: SIMD3<Scalar> {
    get { SIMD3(x, y, z) }
    set {
      x = newValue.x
      y = newValue.y
      z = newValue.z
    }
  }

  /// The first two components (Metal `.xy`).
  @inlinable
  public var xy: SIMD2<Scalar> {
    get { SIMD2(x, y) }
    set {
      x = newValue.x
      y = newValue.y
    }
  }
}
