#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Metal `float` computed for one pixel or for several pixels at once, in SIMD lanes: the
/// number type of a kernel written once for every lane width.
///
/// A kernel generic over `F: FloatLanes` is the same source for the per-pixel form (`F` is
/// `Float`) and for the lane forms (`F` is ``FloatLanes8`` or ``FloatLanes16``: eight or sixteen
/// pixels of a row per call).
/// Every operation such a kernel uses is a requirement here, implemented on each concrete lane
/// type, so a specialised kernel compiles to plain scalar or plain SIMD instructions. Generic
/// code written against the standard library's `SIMD` protocol instead keeps per-lane loops
/// after specialisation (12 Mpix/s against 121 for the ripple's math, measured on this
/// project's Zen 4 machine in December 2026).
///
/// Comparisons give a ``Mask`` (`Bool` for `Float`, one flag per lane otherwise); Metal's
/// `c ? b : a` on lanes is `select(a, b, c)`.
///
/// Source: Metal Shading Language Specification 3.2, §2.1 (scalar types), §6.4 (`select`,
/// `min`, `max`), §6.5 (math functions).
public protocol FloatLanes: Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  /// One truth value per lane: the result of a comparison.
  associatedtype Mask: LaneMask

  /// The number of lanes (pixels computed at once).
  static var laneCount: Int { get }

  /// Creates lanes that all hold `value`.
  init(_ value: Float)

  /// Lane `lane`'s value, `0 ≤ lane < laneCount`.
  subscript(lane lane: Int) -> Float { get set }

  /// Returns the lane-wise sum.
  static func + (lhs: Self, rhs: Self) -> Self
  /// Returns the lane-wise difference.
  static func - (lhs: Self, rhs: Self) -> Self
  /// Returns the lane-wise product.
  static func * (lhs: Self, rhs: Self) -> Self
  /// Returns the lane-wise quotient (IEEE division, correctly rounded).
  static func / (lhs: Self, rhs: Self) -> Self
  /// Returns the lane-wise negation.
  static prefix func - (operand: Self) -> Self

  /// Lane-wise `lhs < rhs` (false where either is NaN).
  static func < (lhs: Self, rhs: Self) -> Mask
  /// Lane-wise `lhs <= rhs` (false where either is NaN).
  static func <= (lhs: Self, rhs: Self) -> Mask
  /// Lane-wise `lhs > rhs` (false where either is NaN).
  static func > (lhs: Self, rhs: Self) -> Mask
  /// Lane-wise `lhs >= rhs` (false where either is NaN).
  static func >= (lhs: Self, rhs: Self) -> Mask
  /// Lane-wise `lhs == rhs` (false where either is NaN).
  static func == (lhs: Self, rhs: Self) -> Mask
  /// Lane-wise `lhs != rhs` (true where either is NaN).
  static func != (lhs: Self, rhs: Self) -> Mask

  /// Returns, lane by lane, `c ? b : a`: Metal's `select(a, b, c)`.
  static func select(_ a: Self, _ b: Self, _ c: Mask) -> Self
  /// Returns the lane-wise square root.
  static func sqrt(_ x: Self) -> Self
  /// Returns the lane-wise sine (radians).
  static func sin(_ x: Self) -> Self
  /// Returns the lane-wise cosine (radians).
  static func cos(_ x: Self) -> Self
  /// Returns the lane-wise tangent (radians).
  static func tan(_ x: Self) -> Self
  /// Returns the lane-wise two-argument arctangent of `y / x`, in (−π, π].
  static func atan2(_ y: Self, _ x: Self) -> Self
  /// Returns the lane-wise natural exponential `eˣ`.
  static func exp(_ x: Self) -> Self
  /// Returns the lane-wise natural logarithm.
  static func log(_ x: Self) -> Self
  /// Returns the lane-wise `xʸ` for a variable `y`: NaN where `x < 0`, as the GPU's fast-math
  /// `pow`. The default is `exp(y · log(x))`.
  static func pow(_ x: Self, _ y: Self) -> Self
  /// Returns the lane-wise largest whole number not greater than `x`.
  static func floor(_ x: Self) -> Self
  /// Returns the lane-wise absolute value.
  static func abs(_ x: Self) -> Self
}

extension FloatLanes {
  /// Returns the lane-wise `exp(y · log(x))`: NaN where `x < 0` (the logarithm's NaN), as
  /// Metal's default fast-math `pow`.
  ///
  /// Source: MSL 3.2 §6.5, `pow`; §8.4 Table 8.2 (`fast::pow` as `exp2(y × log2(x))`).
  @inlinable @inline(__always)
  public static func pow(_ x: Self, _ y: Self) -> Self { exp(y * log(x)) }
}

/// One truth value per lane of a ``FloatLanes`` type.
public protocol LaneMask: Sendable {
  /// Returns the lane-wise logical and.
  static func & (lhs: Self, rhs: Self) -> Self
  /// Returns the lane-wise logical or.
  static func | (lhs: Self, rhs: Self) -> Self
  /// Returns the lane-wise logical not.
  static prefix func ! (operand: Self) -> Self
  /// Whether any lane is true (Metal `any`).
  var anyLane: Bool { get }
  /// Whether every lane is true (Metal `all`).
  var allLanes: Bool { get }
}

extension Bool: LaneMask {
  /// Returns `lhs && rhs`.
  @inlinable @inline(__always)
  public static func & (lhs: Bool, rhs: Bool) -> Bool { lhs && rhs }
  /// Returns `lhs || rhs`.
  @inlinable @inline(__always)
  public static func | (lhs: Bool, rhs: Bool) -> Bool { lhs || rhs }
  /// The value itself: one lane.
  @inlinable public var anyLane: Bool { self }
  /// The value itself: one lane.
  @inlinable public var allLanes: Bool { self }
}

/// One lane: the per-pixel form of a kernel written over ``FloatLanes``.
///
/// The math functions are the C library's (`sinf`, `expf`, …), correctly rounded or within an
/// ulp or two, as Metal's `precise::` functions.
extension Float: FloatLanes {
  /// One pixel at a time.
  @inlinable public static var laneCount: Int { 1 }

  /// The value itself; `lane` must be 0.
  @inlinable
  public subscript(lane lane: Int) -> Float {
    get { self }
    set { self = newValue }
  }

  /// Returns `c ? b : a`.
  @inlinable @inline(__always)
  public static func select(_ a: Float, _ b: Float, _ c: Bool) -> Float { c ? b : a }
  /// Returns `x.squareRoot()`.
  @inlinable @inline(__always)
  public static func sqrt(_ x: Float) -> Float { x.squareRoot() }
  /// Returns `sinf(x)`.
  @inlinable @inline(__always)
  public static func sin(_ x: Float) -> Float { sinf(x) }
  /// Returns `cosf(x)`.
  @inlinable @inline(__always)
  public static func cos(_ x: Float) -> Float { cosf(x) }
  /// Returns `tanf(x)`.
  @inlinable @inline(__always)
  public static func tan(_ x: Float) -> Float { tanf(x) }
  /// Returns `atan2f(y, x)`.
  @inlinable @inline(__always)
  public static func atan2(_ y: Float, _ x: Float) -> Float { atan2f(y, x) }
  /// Returns `expf(x)`.
  @inlinable @inline(__always)
  public static func exp(_ x: Float) -> Float { expf(x) }
  /// Returns `logf(x)`.
  @inlinable @inline(__always)
  public static func log(_ x: Float) -> Float { logf(x) }
  /// Returns NaN for `x < 0`, as the GPU's fast-math `pow`, otherwise `powf(x, y)` (as
  /// `fast.pow`): the lanes' `exp(y · log(x))`, rounded once.
  @inlinable @inline(__always)
  public static func pow(_ x: Float, _ y: Float) -> Float { x < 0 ? .nan : powf(x, y) }
  /// Returns `x.rounded(.down)`.
  @inlinable @inline(__always)
  public static func floor(_ x: Float) -> Float { x.rounded(.down) }
  /// Returns `x.magnitude`.
  @inlinable @inline(__always)
  public static func abs(_ x: Float) -> Float { x.magnitude }
}
