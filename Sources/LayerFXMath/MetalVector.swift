/// A Metal vector of two, three or four components (`float2`, `half3`, `int4`, `uint2`, …): the
/// `SIMD2`, `SIMD3` and `SIMD4` types, of any scalar.
///
/// Metal's vector operators that the standard library spells otherwise are declared on it:
/// the relational operators `<`, `<=`, `>`, `>=` returning Boolean vectors
/// (`MetalVector+Relational.swift`) and the shifts `<<`, `>>` (`MetalVector+Shifts.swift`), and
/// `pow` with a literal exponent (`MathFunctions+LiteralExponent.swift`). `SIMD8`, `SIMD16` and
/// the other widths Metal does not have do not conform, so the lane forms (``FloatLanes8``,
/// ``FloatLanes16``, built on `SIMD8` and `SIMD16`) and a user's width-generic lane code never
/// see these declarations.
///
/// Source: Metal Shading Language Specification 3.2, §2.2 "Vector Data Types" (vectors of
/// two, three and four components).
public protocol MetalVector: SIMD {}

extension SIMD2: MetalVector {}
extension SIMD3: MetalVector {}
extension SIMD4: MetalVector {}
