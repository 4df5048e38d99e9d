// Metal's vector constructors (MSL 3.2 §2.2.2): one scalar fills every component
// (`float2(0.5)`), and any mix of scalars and vectors whose components add up to the vector's
// width fills it left to right (`float4(v.xy, v.zw)`, `float4(v.xyz, 1)`, `float4(x, v.yz, w)`).
// The standard library already has `SIMD3(xy, z)`, `SIMD4(xyz, w)` and the all-scalar forms.
//
// Conversions between vectors of different scalars follow Metal (§2.21, §8.6): `float2(int2)`
// converts each component (the standard library's); `int2(float2)` rounds toward zero, maps NaN
// to 0 and saturates out-of-range values instead of trapping; integer vectors convert between
// widths and signedness by keeping the low bits (`uint2(int2(-1, 2))` is `(4294967295, 2)`).

extension SIMD2 {
  /// Creates a vector with every component `scalar` (Metal `float2(x)`).
  @inlinable public init(_ scalar: Scalar) { self.init(repeating: scalar) }
}

extension SIMD3 {
  /// Creates a vector with every component `scalar` (Metal `float3(x)`).
  @inlinable public init(_ scalar: Scalar) { self.init(repeating: scalar) }

  /// Creates the vector `(x, yz.x, yz.y)` (Metal `float3(float a, float2 b)`).
  @inlinable public init(_ x: Scalar, _ yz: SIMD2<Scalar>) { self.init(x, yz.x, yz.y) }
}

extension SIMD4 {
  /// Creates a vector with every component `scalar` (Metal `float4(x)`).
  @inlinable public init(_ scalar: Scalar) { self.init(repeating: scalar) }

  /// Creates the vector `(xy.x, xy.y, z, w)` (Metal `float4(float2 a, float b, float c)`).
  @inlinable public init(_ xy: SIMD2<Scalar>, _ z: Scalar, _ w: Scalar) {
    self.init(xy.x, xy.y, z, w)
  }

  /// Creates the vector `(x, yz.x, yz.y, w)` (Metal `float4(float a, float2 b, float c)`).
  @inlinable public init(_ x: Scalar, _ yz: SIMD2<Scalar>, _ w: Scalar) {
    self.init(x, yz.x, yz.y, w)
  }

  /// Creates the vector `(x, y, zw.x, zw.y)` (Metal `float4(float a, float b, float2 c)`).
  @inlinable public init(_ x: Scalar, _ y: Scalar, _ zw: SIMD2<Scalar>) {
    self.init(x, y, zw.x, zw.y)
  }

  /// Creates the vector `(xy.x, xy.y, zw.x, zw.y)` (Metal `float4(float2 a, float2 b)`).
  @inlinable public init(_ xy: SIMD2<Scalar>, _ zw: SIMD2<Scalar>) {
    self.init(xy.x, xy.y, zw.x, zw.y)
  }

  /// Creates the vector `(x, yzw.x, yzw.y, yzw.z)` (Metal `float4(float a, float3 b)`).
  @inlinable public init(_ x: Scalar, _ yzw: SIMD3<Scalar>) { self.init(x, yzw.x, yzw.y, yzw.z) }
}

extension SIMD2 where Scalar: FixedWidthInteger {
  /// Creates an integer vector from a float vector as Metal converts: each component rounded
  /// toward zero, NaN as 0, values beyond the type's range saturated to its minimum or maximum.
  ///
  /// Source: MSL 3.2 §8.6 "Conversion Rules for Floating-Point and Integer Types" (Metal leaves
  /// out-of-range values unspecified; a GPU saturates).
  @inlinable public init(_ other: SIMD2<Float>) {
    self.init(Scalar._metalConverting(other.x), Scalar._metalConverting(other.y))
  }

  /// Creates an integer vector from another integer vector, keeping the low bits of each
  /// component (C++'s integral conversion, as in Metal).
  @inlinable public init<Other: FixedWidthInteger>(_ other: SIMD2<Other>) {
    self.init(truncatingIfNeeded: other)
  }
}

extension SIMD3 where Scalar: FixedWidthInteger {
  /// Creates an integer vector from a float vector as Metal converts: each component rounded
  /// toward zero, NaN as 0, values beyond the type's range saturated to its minimum or maximum.
  ///
  /// Source: MSL 3.2 §8.6 "Conversion Rules for Floating-Point and Integer Types".
  @inlinable public init(_ other: SIMD3<Float>) {
    self.init(
      Scalar._metalConverting(other.x), Scalar._metalConverting(other.y),
      Scalar._metalConverting(other.z))
  }

  /// Creates an integer vector from another integer vector, keeping the low bits of each
  /// component (C++'s integral conversion, as in Metal).
  @inlinable public init<Other: FixedWidthInteger>(_ other: SIMD3<Other>) {
    self.init(truncatingIfNeeded: other)
  }
}

extension SIMD4 where Scalar: FixedWidthInteger {
  /// Creates an integer vector from a float vector as Metal converts: each component rounded
  /// toward zero, NaN as 0, values beyond the type's range saturated to its minimum or maximum.
  ///
  /// Source: MSL 3.2 §8.6 "Conversion Rules for Floating-Point and Integer Types".
  @inlinable public init(_ other: SIMD4<Float>) {
    self.init(
      Scalar._metalConverting(other.x), Scalar._metalConverting(other.y),
      Scalar._metalConverting(other.z), Scalar._metalConverting(other.w))
  }

  /// Creates an integer vector from another integer vector, keeping the low bits of each
  /// component (C++'s integral conversion, as in Metal).
  @inlinable public init<Other: FixedWidthInteger>(_ other: SIMD4<Other>) {
    self.init(truncatingIfNeeded: other)
  }
}

extension FixedWidthInteger {
  /// `x` rounded toward zero, NaN as 0, saturated to the type's range: Metal's conversion.
  @usableFromInline
  static func _metalConverting(_ x: Float) -> Self {
    if x.isNaN { return 0 }
    // Float(max) rounds up to a power of two for 32-bit types, so `>=` catches every value
    // the conversion below could not represent.
    if x >= Float(Self.max) { return .max }
    if x <= Float(Self.min) { return .min }
    return Self(x)
  }
}
