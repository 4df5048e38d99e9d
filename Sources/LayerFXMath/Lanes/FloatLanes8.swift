#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Eight `Float` lanes: the lane form of a kernel written over ``FloatLanes``, eight pixels of a
/// row per call, in one AVX register (two SSE registers on a portable build).
///
/// `sin`, `cos` and `exp` are ``fast``'s polynomials (within a few ulp; lanes outside their
/// ranges fall back to the C library), `sqrt`, `floor`, `abs`, `select` and the arithmetic are
/// single SIMD instructions. `tan`, `atan2` and `log` run the C library lane by lane.
///
/// Source: Metal Shading Language Specification 3.2, §6.5 (`fast` math functions).
public struct FloatLanes8: FloatLanes {
  /// The lanes.
  public var simd: SIMD8<Float>

  /// Creates lanes from a SIMD vector, lane 0 first.
  @inlinable @inline(__always)
  public init(_ simd: SIMD8<Float>) { self.simd = simd }

  /// Creates lanes that all hold `value`.
  @inlinable @inline(__always)
  public init(_ value: Float) { simd = SIMD8(repeating: value) }

  /// Creates lanes that all hold the literal.
  @inlinable @inline(__always)
  public init(floatLiteral value: Float) { simd = SIMD8(repeating: value) }

  /// Creates lanes that all hold the literal.
  @inlinable @inline(__always)
  public init(integerLiteral value: Int) { simd = SIMD8(repeating: Float(value)) }

  /// Eight lanes.
  @inlinable public static var laneCount: Int { 8 }

  /// Lane `lane`'s value, `0 ≤ lane < 8`.
  @inlinable
  public subscript(lane lane: Int) -> Float {
    get { simd[lane] }
    set { simd[lane] = newValue }
  }

  /// Returns the lane-wise sum.
  @inlinable @inline(__always)
  public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.simd + rhs.simd) }
  /// Returns the lane-wise difference.
  @inlinable @inline(__always)
  public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.simd - rhs.simd) }
  /// Returns the lane-wise product.
  @inlinable @inline(__always)
  public static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.simd * rhs.simd) }
  /// Returns the lane-wise quotient.
  @inlinable @inline(__always)
  public static func / (lhs: Self, rhs: Self) -> Self { Self(lhs.simd / rhs.simd) }
  /// Returns the lane-wise negation: the sign bits flipped, as `Float`'s `-` (the standard
  /// library's SIMD negation is `0 - x`, which gives +0 for +0).
  @inlinable @inline(__always)
  public static prefix func - (operand: Self) -> Self {
    Self(
      unsafeBitCast(
        unsafeBitCast(operand.simd, to: SIMD8<UInt32>.self) ^ 0x8000_0000,
        to: SIMD8<Float>.self))
  }

  /// Lane-wise `lhs < rhs`.
  @inlinable @inline(__always)
  public static func < (lhs: Self, rhs: Self) -> MaskLanes8 { MaskLanes8(lhs.simd .< rhs.simd) }
  /// Lane-wise `lhs <= rhs`.
  @inlinable @inline(__always)
  public static func <= (lhs: Self, rhs: Self) -> MaskLanes8 {
    MaskLanes8(lhs.simd .<= rhs.simd)
  }
  /// Lane-wise `lhs > rhs`.
  @inlinable @inline(__always)
  public static func > (lhs: Self, rhs: Self) -> MaskLanes8 { MaskLanes8(lhs.simd .> rhs.simd) }
  /// Lane-wise `lhs >= rhs`.
  @inlinable @inline(__always)
  public static func >= (lhs: Self, rhs: Self) -> MaskLanes8 {
    MaskLanes8(lhs.simd .>= rhs.simd)
  }
  /// Lane-wise `lhs == rhs`.
  @inlinable @inline(__always)
  public static func == (lhs: Self, rhs: Self) -> MaskLanes8 {
    MaskLanes8(lhs.simd .== rhs.simd)
  }
  /// Lane-wise `lhs != rhs`.
  @inlinable @inline(__always)
  public static func != (lhs: Self, rhs: Self) -> MaskLanes8 {
    MaskLanes8(lhs.simd .!= rhs.simd)
  }

  /// Returns, lane by lane, `c ? b : a`: one blend instruction.
  @inlinable @inline(__always)
  public static func select(_ a: Self, _ b: Self, _ c: MaskLanes8) -> Self {
    Self(a.simd.replacing(with: b.simd, where: c.simd))
  }
  /// Returns the lane-wise square root.
  @inlinable @inline(__always)
  public static func sqrt(_ x: Self) -> Self { Self(x.simd.squareRoot()) }
  /// Returns ``fast/sin(_:)-(SIMD8<Float>)`` of the lanes.
  @inlinable @inline(__always)
  public static func sin(_ x: Self) -> Self { Self(fast.sin(x.simd)) }
  /// Returns `sin(x + π/2)` through ``fast/sin(_:)-(SIMD8<Float>)``.
  @inlinable @inline(__always)
  public static func cos(_ x: Self) -> Self { Self(fast.sin(x.simd + Float.pi / 2)) }
  /// Returns `tanf` lane by lane.
  @inlinable
  public static func tan(_ x: Self) -> Self { Self(_eachLane(x.simd, tanf)) }
  /// Returns `atan2f` lane by lane.
  @inlinable
  public static func atan2(_ y: Self, _ x: Self) -> Self {
    var result = y.simd
    for lane in 0..<8 { result[lane] = atan2f(y.simd[lane], x.simd[lane]) }
    return Self(result)
  }
  /// Returns ``fast/exp(_:)-(SIMD8<Float>)`` of the lanes.
  @inlinable @inline(__always)
  public static func exp(_ x: Self) -> Self { Self(fast.exp(x.simd)) }
  /// Returns `logf` lane by lane.
  @inlinable
  public static func log(_ x: Self) -> Self { Self(_eachLane(x.simd, logf)) }
  /// Returns the largest whole number not greater than each lane (exact).
  ///
  /// One `vroundps` where the engine is built for x86-64-v3 (`LAYERFX_X86_64_V3`, the root
  /// manifest's haswell build), which has SSE4.1's rounding instruction; elsewhere
  /// ``fast/floor(_:)-(SIMD8<Float>)``, because without SSE4.1 `rounded(.down)` calls `floorf`
  /// per lane. Both are exact, so they give the same bits (NaN, ±0 and ±∞ included). Measured
  /// with callgrind (1024 × 1024, one thread): the checkerboard's body, three floors, went from
  /// 70 to 46 instructions per eight pixels.
  @inlinable @inline(__always)
  public static func floor(_ x: Self) -> Self {
    #if LAYERFX_X86_64_V3
      Self(x.simd.rounded(.down))
    #else
      Self(fast.floor(x.simd))
    #endif
  }
  /// Returns the lane-wise absolute value: the sign bits cleared.
  @inlinable @inline(__always)
  public static func abs(_ x: Self) -> Self {
    Self(
      unsafeBitCast(
        unsafeBitCast(x.simd, to: SIMD8<UInt32>.self) & 0x7fff_ffff, to: SIMD8<Float>.self))
  }
}

/// Applies `function` to each of eight lanes.
@inlinable
func _eachLane(_ x: SIMD8<Float>, _ function: (Float) -> Float) -> SIMD8<Float> {
  var result = x
  for lane in 0..<8 { result[lane] = function(x[lane]) }
  return result
}

/// Eight truth values, one per lane of ``FloatLanes8``.
public struct MaskLanes8: LaneMask {
  /// The lanes.
  public var simd: SIMDMask<SIMD8<Int32>>

  /// Creates a mask from a SIMD mask.
  @inlinable @inline(__always)
  public init(_ simd: SIMDMask<SIMD8<Int32>>) { self.simd = simd }

  /// Returns the lane-wise logical and.
  @inlinable @inline(__always)
  public static func & (lhs: Self, rhs: Self) -> Self { Self(lhs.simd .& rhs.simd) }
  /// Returns the lane-wise logical or.
  @inlinable @inline(__always)
  public static func | (lhs: Self, rhs: Self) -> Self { Self(lhs.simd .| rhs.simd) }
  /// Returns the lane-wise logical not.
  @inlinable @inline(__always)
  public static prefix func ! (operand: Self) -> Self { Self(.!operand.simd) }
  /// Whether any lane is true.
  @inlinable public var anyLane: Bool { _anyLane(simd) }
  /// Whether every lane is true.
  @inlinable public var allLanes: Bool { !_anyLane(.!simd) }
}
