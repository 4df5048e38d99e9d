/// Metal Shading Language scalar and vector names, so a `.metal` kernel ports line by line.
///
/// Storage and precision are decided here, once:
/// - `half`, `half2`, `half3`, `half4` are backed by 32-bit `Float` lanes, not IEEE binary16.
///   x86 has no half-precision arithmetic: every `Float16` operation is a conversion, 8× to 50×
///   slower than `Float` (measured in `shared/docs/platform-notes.md`). `Float` lanes hold every
///   binary16 value exactly, so a kernel can only be more precise than on the GPU; use
///   ``roundedToHalf(_:)`` to see what binary16 rounding does to a colour.
/// - `float2`, `float3`, `float4` are `Float` vectors, as in Metal. Positions are always `float`:
///   binary16 cannot address pixels past 2048 one by one.
/// - `uint2` is a vector of `UInt32`, as in Metal.
///
/// Because `half` and `float` share their storage, a Metal function written for both (`mix`,
/// `clamp`, …) is one Swift function here.
///
/// Source: Metal Shading Language Specification 3.2, §2.1 "Scalar Data Types" and §2.2 "Vector
/// Data Types".
public typealias half = Float

/// A two-component `half` vector (Metal `half2`), backed by `Float` lanes; see ``half``.
public typealias half2 = SIMD2<Float>

/// A three-component `half` vector (Metal `half3`), backed by `Float` lanes; see ``half``.
public typealias half3 = SIMD3<Float>

/// A four-component `half` vector (Metal `half4`), backed by `Float` lanes; see ``half``.
///
/// As a colour it is premultiplied RGBA, channels nominally in [0, 1].
public typealias half4 = SIMD4<Float>

/// A two-component 32-bit float vector (Metal `float2`).
///
/// For example a position in points.
public typealias float2 = SIMD2<Float>

/// A three-component 32-bit float vector (Metal `float3`).
public typealias float3 = SIMD3<Float>

/// A four-component 32-bit float vector (Metal `float4`).
///
/// For example a bounding rectangle `(x, y, width, height)` in points.
public typealias float4 = SIMD4<Float>

/// A two-component 32-bit unsigned integer vector (Metal `uint2`).
///
/// For example a size in pixels.
public typealias uint2 = SIMD2<UInt32>

extension SIMD where Scalar == Float {
  /// Returns the components of the vector rounded to the nearest IEEE binary16 value.
  ///
  /// Use it at a kernel boundary to see what the GPU's `half` precision does to a colour.
  /// Values beyond binary16's range (±65504) become ±infinity, as a GPU conversion does.
  ///
  /// Source: IEEE 754-2019 §4.3.1 (roundTiesToEven).
  @inlinable
  public func roundedToHalf() -> Self {
    var result = self
    for i in indices { result[i] = Float(Float16(self[i])) }
    return result
  }
}
