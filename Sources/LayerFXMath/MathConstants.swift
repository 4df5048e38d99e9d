// Metal's math constants (MSL 3.2 §6.5, Tables 6.5 and 6.6): `M_PI_F`, `M_SQRT2_H`, `MAXFLOAT`.
//
// Each is an inlinable computed property rather than a stored `let`, so a kernel in another
// module folds it to the literal instead of reading a global. The `_H` (half) constants are the
// same `Float` values as the `_F` ones: `half` is backed by `Float` here (see
// `MetalTypes.swift`), so they are as precise as a `float`, where a GPU rounds them to binary16
// (`M_PI_H` = 3.140625 there).

/// The single-precision value of e, the base of natural logarithms (Metal `M_E_F`): the `Float`
/// nearest 2.71828182845904523536.
@inlinable public var M_E_F: Float { 2.71828182845904523536 }

/// The single-precision value of log₂ e = 1 / ln 2 (Metal `M_LOG2E_F`): the `Float` nearest
/// 1.44269504088896340736.
@inlinable public var M_LOG2E_F: Float { 1.44269504088896340736 }

/// The single-precision value of log₁₀ e = 1 / ln 10 (Metal `M_LOG10E_F`): the `Float` nearest
/// 0.434294481903251827651.
@inlinable public var M_LOG10E_F: Float { 0.434294481903251827651 }

/// The single-precision value of ln 2 = logₑ 2 (Metal `M_LN2_F`): the `Float` nearest
/// 0.693147180559945309417.
@inlinable public var M_LN2_F: Float { 0.693147180559945309417 }

/// The single-precision value of ln 10 = logₑ 10 (Metal `M_LN10_F`): the `Float` nearest
/// 2.30258509299404568402.
@inlinable public var M_LN10_F: Float { 2.30258509299404568402 }

/// The single-precision value of π (Metal `M_PI_F`): the `Float` nearest
/// 3.14159265358979323846.
@inlinable public var M_PI_F: Float { 3.14159265358979323846 }

/// The single-precision value of π / 2 (Metal `M_PI_2_F`): the `Float` nearest
/// 1.57079632679489661923.
@inlinable public var M_PI_2_F: Float { 1.57079632679489661923 }

/// The single-precision value of π / 4 (Metal `M_PI_4_F`): the `Float` nearest
/// 0.785398163397448309616.
@inlinable public var M_PI_4_F: Float { 0.785398163397448309616 }

/// The single-precision value of 1 / π (Metal `M_1_PI_F`): the `Float` nearest
/// 0.318309886183790671538.
@inlinable public var M_1_PI_F: Float { 0.318309886183790671538 }

/// The single-precision value of 2 / π (Metal `M_2_PI_F`): the `Float` nearest
/// 0.636619772367581343076.
@inlinable public var M_2_PI_F: Float { 0.636619772367581343076 }

/// The single-precision value of 2 / √π (Metal `M_2_SQRTPI_F`): the `Float` nearest
/// 1.12837916709551257390.
@inlinable public var M_2_SQRTPI_F: Float { 1.12837916709551257390 }

/// The single-precision value of √2 (Metal `M_SQRT2_F`): the `Float` nearest
/// 1.41421356237309504880.
@inlinable public var M_SQRT2_F: Float { 1.41421356237309504880 }

/// The single-precision value of 1 / √2 = √½ (Metal `M_SQRT1_2_F`): the `Float` nearest
/// 0.707106781186547524401.
@inlinable public var M_SQRT1_2_F: Float { 0.707106781186547524401 }

/// The value of e for `half` (Metal `M_E_H`): the same `Float` as
/// `M_E_F` (see the note at the top of this file).
@inlinable public var M_E_H: half { M_E_F }

/// The value of log₂ e = 1 / ln 2 for `half` (Metal `M_LOG2E_H`): the same `Float` as
/// `M_LOG2E_F` (see the note at the top of this file).
@inlinable public var M_LOG2E_H: half { M_LOG2E_F }

/// The value of log₁₀ e = 1 / ln 10 for `half` (Metal `M_LOG10E_H`): the same `Float` as
/// `M_LOG10E_F` (see the note at the top of this file).
@inlinable public var M_LOG10E_H: half { M_LOG10E_F }

/// The value of ln 2 = logₑ 2 for `half` (Metal `M_LN2_H`): the same `Float` as
/// `M_LN2_F` (see the note at the top of this file).
@inlinable public var M_LN2_H: half { M_LN2_F }

/// The value of ln 10 = logₑ 10 for `half` (Metal `M_LN10_H`): the same `Float` as
/// `M_LN10_F` (see the note at the top of this file).
@inlinable public var M_LN10_H: half { M_LN10_F }

/// The value of π for `half` (Metal `M_PI_H`): the same `Float` as
/// `M_PI_F` (see the note at the top of this file).
@inlinable public var M_PI_H: half { M_PI_F }

/// The value of π / 2 for `half` (Metal `M_PI_2_H`): the same `Float` as
/// `M_PI_2_F` (see the note at the top of this file).
@inlinable public var M_PI_2_H: half { M_PI_2_F }

/// The value of π / 4 for `half` (Metal `M_PI_4_H`): the same `Float` as
/// `M_PI_4_F` (see the note at the top of this file).
@inlinable public var M_PI_4_H: half { M_PI_4_F }

/// The value of 1 / π for `half` (Metal `M_1_PI_H`): the same `Float` as
/// `M_1_PI_F` (see the note at the top of this file).
@inlinable public var M_1_PI_H: half { M_1_PI_F }

/// The value of 2 / π for `half` (Metal `M_2_PI_H`): the same `Float` as
/// `M_2_PI_F` (see the note at the top of this file).
@inlinable public var M_2_PI_H: half { M_2_PI_F }

/// The value of 2 / √π for `half` (Metal `M_2_SQRTPI_H`): the same `Float` as
/// `M_2_SQRTPI_F` (see the note at the top of this file).
@inlinable public var M_2_SQRTPI_H: half { M_2_SQRTPI_F }

/// The value of √2 for `half` (Metal `M_SQRT2_H`): the same `Float` as
/// `M_SQRT2_F` (see the note at the top of this file).
@inlinable public var M_SQRT2_H: half { M_SQRT2_F }

/// The value of 1 / √2 = √½ for `half` (Metal `M_SQRT1_2_H`): the same `Float` as
/// `M_SQRT1_2_F` (see the note at the top of this file).
@inlinable public var M_SQRT1_2_H: half { M_SQRT1_2_F }

/// The largest finite `Float`, (2 − 2⁻²³) × 2¹²⁷ ≈ 3.4028235e38 (Metal `MAXFLOAT`).
@inlinable public var MAXFLOAT: Float { .greatestFiniteMagnitude }

/// Positive infinity as a `Float` (Metal `HUGE_VALF`).
@inlinable public var HUGE_VALF: Float { .infinity }

/// Positive infinity as a `Float` (Metal `INFINITY`).
@inlinable public var INFINITY: Float { .infinity }

/// A quiet NaN as a `Float` (Metal `NAN`).
@inlinable public var NAN: Float { .nan }

/// The largest finite binary16 value, (2 − 2⁻¹⁰) × 2¹⁵ = 65504 (Metal `MAXHALF`).
///
/// `half` is backed by `Float` here, so larger values do not overflow in a kernel; the constant
/// keeps Metal's value for code that clamps to it.
@inlinable public var MAXHALF: half { 65504 }

/// Positive infinity as a `half` (Metal `HUGE_VALH`).
@inlinable public var HUGE_VALH: half { .infinity }
