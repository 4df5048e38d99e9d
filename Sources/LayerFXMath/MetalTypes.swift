/// Metal Shading Language scalar and vector names, so a `.metal` kernel ports line by line.
///
/// Storage and precision are decided here, once:
/// - `half`, `half2`, `half3`, `half4` are backed by 32-bit `Float` lanes, not IEEE binary16.
///   x86 has no half-precision arithmetic: every `Float16` operation is a conversion, 8× to 50×
///   slower than `Float` (measured on this project's Zen 3 and Zen 4 machines, 2026; see
///   `Documentation/Semantics.md` §8 for what it means for accuracy). `Float` lanes hold every
///   binary16 value exactly, so a kernel can only be more precise than on the GPU; use
///   `roundedToHalf()` to see what binary16 rounding does to a colour.
/// - `float`, `float2`, `float3`, `float4` are `Float` and `Float` vectors, as in Metal.
///   Positions are always `float`: binary16 cannot address pixels past 2048 one by one.
/// - `int`, `uint`, `short`, `ushort` and their vectors are `Int32`, `UInt32`, `Int16`, `UInt16`
///   and vectors of them, as in Metal.
/// - `bool2`, `bool3`, `bool4` are `SIMDMask`s (see ``bool2``).
/// - `half2x2`, `half3x3`, `half4x4` are `float2x2`, `float3x3`, `float4x4`.
///
/// Because `half` and `float` share their storage, a Metal function written for both (`mix`,
/// `clamp`, …) is one Swift function here.
///
/// Source: Metal Shading Language Specification 3.2, §2.1 "Scalar Data Types", §2.2 "Vector
/// Data Types" and §2.3 "Matrix Data Types".
public typealias half = Float

/// A 32-bit float (Metal `float`): `Float`.
public typealias float = Float

/// A 32-bit signed integer (Metal `int`): `Int32`.
///
/// Swift's scalar conversions differ from Metal's in one way: `Int32(x)` of a `Float` traps on
/// NaN or out of range, where Metal gives 0 for NaN (MSL 3.2 §8.6). The vector conversions
/// (`int2(v)`, …) follow Metal.
public typealias int = Int32

/// A 32-bit unsigned integer (Metal `uint`): `UInt32`.
public typealias uint = UInt32

/// A 16-bit signed integer (Metal `short`): `Int16`.
public typealias short = Int16

/// A 16-bit unsigned integer (Metal `ushort`): `UInt16`.
public typealias ushort = UInt16

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

/// A two-component 32-bit signed integer vector (Metal `int2`).
public typealias int2 = SIMD2<Int32>

/// A three-component 32-bit signed integer vector (Metal `int3`).
public typealias int3 = SIMD3<Int32>

/// A four-component 32-bit signed integer vector (Metal `int4`).
public typealias int4 = SIMD4<Int32>

/// A two-component 32-bit unsigned integer vector (Metal `uint2`).
///
/// For example a size in pixels.
public typealias uint2 = SIMD2<UInt32>

/// A three-component 32-bit unsigned integer vector (Metal `uint3`).
public typealias uint3 = SIMD3<UInt32>

/// A four-component 32-bit unsigned integer vector (Metal `uint4`).
public typealias uint4 = SIMD4<UInt32>

/// A two-component 16-bit signed integer vector (Metal `short2`).
///
/// Swizzles, constructors and arithmetic apply; the MSL functions of `IntegerFunctions.swift`
/// are declared for 32-bit vectors only.
public typealias short2 = SIMD2<Int16>

/// A three-component 16-bit signed integer vector (Metal `short3`); see ``short2``.
public typealias short3 = SIMD3<Int16>

/// A four-component 16-bit signed integer vector (Metal `short4`); see ``short2``.
public typealias short4 = SIMD4<Int16>

/// A two-component 16-bit unsigned integer vector (Metal `ushort2`); see ``short2``.
public typealias ushort2 = SIMD2<UInt16>

/// A three-component 16-bit unsigned integer vector (Metal `ushort3`); see ``short2``.
public typealias ushort3 = SIMD3<UInt16>

/// A four-component 16-bit unsigned integer vector (Metal `ushort4`); see ``short2``.
public typealias ushort4 = SIMD4<UInt16>

/// A two-component Boolean vector (Metal `bool2`): a `SIMDMask` with 32-bit lanes.
///
/// It is the type that comparing two `float2`, `half2`, `int2` or `uint2` component-wise gives
/// (`a .< b`, `a .== b`, `v .> 0.5`: Swift spells Metal's vector `<` as `.<`), and the type that
/// `select(a, b, c)`, `any(_:)` and `all(_:)` take. Swift spells Metal's
/// `&&`, `||` and `!` on Boolean vectors `.&`, `.|` and `.!`. Each component reads as a `Bool`
/// through `x` and `y` or a subscript. Comparing 16-bit vectors gives 16-bit masks
/// (`SIMDMask<SIMD2<Int16>>`), a different type.
///
/// Source: MSL 3.2 §2.2 (`booln`), §3.1 items 5, 6, 8 and 9 (relational, equality and logical
/// operators).
public typealias bool2 = SIMDMask<SIMD2<Int32>>

/// A three-component Boolean vector (Metal `bool3`); see ``bool2``.
public typealias bool3 = SIMDMask<SIMD3<Int32>>

/// A four-component Boolean vector (Metal `bool4`); see ``bool2``.
public typealias bool4 = SIMDMask<SIMD4<Int32>>

/// A 2 × 2 `half` matrix (Metal `half2x2`), backed by `Float`: the same type as ``float2x2``.
public typealias half2x2 = float2x2

/// A 3 × 3 `half` matrix (Metal `half3x3`), backed by `Float`: the same type as ``float3x3``.
public typealias half3x3 = float3x3

/// A 4 × 4 `half` matrix (Metal `half4x4`), backed by `Float`: the same type as ``float4x4``.
public typealias half4x4 = float4x4

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
