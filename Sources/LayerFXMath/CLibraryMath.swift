// The C library's single-precision math functions that Metal shares name, argument order and
// meaning with, re-exported so `import LayerFXMath` alone brings `sin(x)`, `atan2(y, x)`,
// `pow(x, y)`, … on `Float` (MSL 3.2 §6.5), and vector forms are declared beside them.
//
// Why re-export instead of declaring them here: a Swift file that also imports Foundation sees
// the C library's `sin(_: Float) -> Float` through Foundation, and a second declaration of the
// same signature from LayerFXMath would make every such call ambiguous (Swift's shadowing rule
// only hides a declaration that is visible through the shadowing module alone). Re-exporting
// the C library's own declarations means both imports name the same function. Only names that
// the C library declares for `Float` are listed; every other Metal function, scalar or vector,
// is LayerFXMath's own (`MathFunctions.swift`, `CommonFunctions.swift`, …). `@_exported` is the
// only spelling Swift has for a re-export; the import is scoped to each function name.
//
// Each of these has Metal's meaning, with one documented choice: for a negative base `pow`
// follows C (Metal leaves it undefined; `fast.pow` and `powr` return NaN, as the GPU does). A
// literal exponent, `pow(x, 2)` or `pow(x, 2.0)`, takes the overloads of
// `MathFunctions+LiteralExponent.swift` instead, which multiply as the GPU's compiler does.

#if canImport(Glibc)
  @_exported import func Glibc.acos
  @_exported import func Glibc.acosh
  @_exported import func Glibc.asin
  @_exported import func Glibc.asinh
  @_exported import func Glibc.atan
  @_exported import func Glibc.atan2
  @_exported import func Glibc.atanh
  @_exported import func Glibc.copysign
  @_exported import func Glibc.cos
  @_exported import func Glibc.cosh
  @_exported import func Glibc.exp
  @_exported import func Glibc.exp2
  @_exported import func Glibc.fdim
  @_exported import func Glibc.fmax
  @_exported import func Glibc.fmin
  @_exported import func Glibc.log
  @_exported import func Glibc.log10
  @_exported import func Glibc.log2
  @_exported import func Glibc.nextafter
  @_exported import func Glibc.pow
  @_exported import func Glibc.rint
  @_exported import func Glibc.sin
  @_exported import func Glibc.sinh
  @_exported import func Glibc.tan
  @_exported import func Glibc.tanh
#elseif canImport(Darwin)
  @_exported import func Darwin.acos
  @_exported import func Darwin.acosh
  @_exported import func Darwin.asin
  @_exported import func Darwin.asinh
  @_exported import func Darwin.atan
  @_exported import func Darwin.atan2
  @_exported import func Darwin.atanh
  @_exported import func Darwin.copysign
  @_exported import func Darwin.cos
  @_exported import func Darwin.cosh
  @_exported import func Darwin.exp
  @_exported import func Darwin.exp2
  @_exported import func Darwin.fdim
  @_exported import func Darwin.fmax
  @_exported import func Darwin.fmin
  @_exported import func Darwin.log
  @_exported import func Darwin.log10
  @_exported import func Darwin.log2
  @_exported import func Darwin.nextafter
  @_exported import func Darwin.pow
  @_exported import func Darwin.rint
  @_exported import func Darwin.sin
  @_exported import func Darwin.sinh
  @_exported import func Darwin.tan
  @_exported import func Darwin.tanh
#endif
