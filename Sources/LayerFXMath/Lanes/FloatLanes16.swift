/// Sixteen `Float` lanes: the lane form of a kernel written over ``FloatLanes``, sixteen pixels
/// of a row per call, as two ``FloatLanes8`` halves (lanes 0…7 and 8…15).
///
/// Every operation is ``FloatLanes8``'s on each half, so each lane gets the bits it would get at
/// eight lanes. The gain is in the schedule, not the instructions: the two halves are two
/// independent chains of the same instructions, so one half's arithmetic runs while the other
/// waits on a divide, a square root or a load (the measurements are in `LaneWidths.swift`).
///
/// Source: Metal Shading Language Specification 3.2, §6.5 (`fast` math functions).
public struct FloatLanes16: FloatLanes {
  /// Lanes 0…7.
  public var low: FloatLanes8
  /// Lanes 8…15.
  public var high: FloatLanes8

  /// Creates lanes from two halves: lanes 0…7 from `low`, 8…15 from `high`.
  @inlinable @inline(__always)
  public init(low: FloatLanes8, high: FloatLanes8) {
    self.low = low
    self.high = high
  }

  /// Creates lanes from a SIMD vector, lane 0 first.
  @inlinable @inline(__always)
  public init(_ simd: SIMD16<Float>) {
    self.init(low: FloatLanes8(simd.lowHalf), high: FloatLanes8(simd.highHalf))
  }

  /// The lanes as one SIMD vector, lane 0 first.
  @inlinable public var simd: SIMD16<Float> { SIMD16(lowHalf: low.simd, highHalf: high.simd) }

  /// Creates lanes that all hold `value`.
  @inlinable @inline(__always)
  public init(_ value: Float) { self.init(low: FloatLanes8(value), high: FloatLanes8(value)) }

  /// Creates lanes that all hold the literal.
  @inlinable @inline(__always)
  public init(floatLiteral value: Float) { self.init(value) }

  /// Creates lanes that all hold the literal.
  @inlinable @inline(__always)
  public init(integerLiteral value: Int) { self.init(Float(value)) }

  /// Sixteen lanes.
  @inlinable public static var laneCount: Int { 16 }

  /// Lane `lane`'s value, `0 ≤ lane < 16`.
  @inlinable
  public subscript(lane lane: Int) -> Float {
    get { lane < 8 ? low[lane: lane] : high[lane: lane &- 8] }
    set {
      if lane < 8 { low[lane: lane] = newValue } else { high[lane: lane &- 8] = newValue }
    }
  }

  /// `operation` on each half.
  @inlinable @inline(__always)
  static func halves(_ x: Self, _ operation: (FloatLanes8) -> FloatLanes8) -> Self {
    Self(low: operation(x.low), high: operation(x.high))
  }

  /// `operation` on each pair of halves.
  @inlinable @inline(__always)
  static func halves<Result>(
    _ x: Self, _ y: Self, _ operation: (FloatLanes8, FloatLanes8) -> Result
  ) -> (low: Result, high: Result) {
    (operation(x.low, y.low), operation(x.high, y.high))
  }

  /// The halves of a two-operand operation's result.
  @inlinable @inline(__always)
  init(_ halves: (low: FloatLanes8, high: FloatLanes8)) {
    self.init(low: halves.low, high: halves.high)
  }

  /// Returns the lane-wise sum.
  @inlinable @inline(__always)
  public static func + (lhs: Self, rhs: Self) -> Self { Self(halves(lhs, rhs, +)) }
  /// Returns the lane-wise difference.
  @inlinable @inline(__always)
  public static func - (lhs: Self, rhs: Self) -> Self { Self(halves(lhs, rhs, -)) }
  /// Returns the lane-wise product.
  @inlinable @inline(__always)
  public static func * (lhs: Self, rhs: Self) -> Self { Self(halves(lhs, rhs, *)) }
  /// Returns the lane-wise quotient.
  @inlinable @inline(__always)
  public static func / (lhs: Self, rhs: Self) -> Self { Self(halves(lhs, rhs, /)) }
  /// Returns the lane-wise negation (the sign bits flipped).
  @inlinable @inline(__always)
  public static prefix func - (operand: Self) -> Self { halves(operand, -) }

  /// Lane-wise `lhs < rhs`.
  @inlinable @inline(__always)
  public static func < (lhs: Self, rhs: Self) -> MaskLanes16 { MaskLanes16(halves(lhs, rhs, <)) }
  /// Lane-wise `lhs <= rhs`.
  @inlinable @inline(__always)
  public static func <= (lhs: Self, rhs: Self) -> MaskLanes16 { MaskLanes16(halves(lhs, rhs, <=)) }
  /// Lane-wise `lhs > rhs`.
  @inlinable @inline(__always)
  public static func > (lhs: Self, rhs: Self) -> MaskLanes16 { MaskLanes16(halves(lhs, rhs, >)) }
  /// Lane-wise `lhs >= rhs`.
  @inlinable @inline(__always)
  public static func >= (lhs: Self, rhs: Self) -> MaskLanes16 { MaskLanes16(halves(lhs, rhs, >=)) }
  /// Lane-wise `lhs == rhs`.
  @inlinable @inline(__always)
  public static func == (lhs: Self, rhs: Self) -> MaskLanes16 { MaskLanes16(halves(lhs, rhs, ==)) }
  /// Lane-wise `lhs != rhs`.
  @inlinable @inline(__always)
  public static func != (lhs: Self, rhs: Self) -> MaskLanes16 { MaskLanes16(halves(lhs, rhs, !=)) }

  /// Returns, lane by lane, `c ? b : a`.
  @inlinable @inline(__always)
  public static func select(_ a: Self, _ b: Self, _ c: MaskLanes16) -> Self {
    Self(
      low: FloatLanes8.select(a.low, b.low, c.low), high: FloatLanes8.select(a.high, b.high, c.high)
    )
  }
  /// Returns the lane-wise square root.
  @inlinable @inline(__always)
  public static func sqrt(_ x: Self) -> Self { halves(x, FloatLanes8.sqrt) }
  /// Returns ``fast/sin(_:)-(SIMD8<Float>)`` of the lanes.
  @inlinable @inline(__always)
  public static func sin(_ x: Self) -> Self { halves(x, FloatLanes8.sin) }
  /// Returns `sin(x + π/2)` through ``fast/sin(_:)-(SIMD8<Float>)``.
  @inlinable @inline(__always)
  public static func cos(_ x: Self) -> Self { halves(x, FloatLanes8.cos) }
  /// Returns `tanf` lane by lane.
  @inlinable
  public static func tan(_ x: Self) -> Self { halves(x, FloatLanes8.tan) }
  /// Returns `atan2f` lane by lane.
  @inlinable
  public static func atan2(_ y: Self, _ x: Self) -> Self { Self(halves(y, x, FloatLanes8.atan2)) }
  /// Returns ``fast/exp(_:)-(SIMD8<Float>)`` of the lanes.
  @inlinable @inline(__always)
  public static func exp(_ x: Self) -> Self { halves(x, FloatLanes8.exp) }
  /// Returns `logf` lane by lane.
  @inlinable
  public static func log(_ x: Self) -> Self { halves(x, FloatLanes8.log) }
  /// Returns the largest whole number not greater than each lane (exact).
  @inlinable @inline(__always)
  public static func floor(_ x: Self) -> Self { halves(x, FloatLanes8.floor) }
  /// Returns the lane-wise absolute value.
  @inlinable @inline(__always)
  public static func abs(_ x: Self) -> Self { halves(x, FloatLanes8.abs) }
}

/// Sixteen truth values, one per lane of ``FloatLanes16``: a ``MaskLanes8`` per half.
public struct MaskLanes16: LaneMask {
  /// Lanes 0…7.
  public var low: MaskLanes8
  /// Lanes 8…15.
  public var high: MaskLanes8

  /// Creates a mask from its halves.
  @inlinable @inline(__always)
  public init(_ halves: (low: MaskLanes8, high: MaskLanes8)) {
    (low, high) = halves
  }

  /// Returns the lane-wise logical and.
  @inlinable @inline(__always)
  public static func & (lhs: Self, rhs: Self) -> Self {
    Self((lhs.low & rhs.low, lhs.high & rhs.high))
  }
  /// Returns the lane-wise logical or.
  @inlinable @inline(__always)
  public static func | (lhs: Self, rhs: Self) -> Self {
    Self((lhs.low | rhs.low, lhs.high | rhs.high))
  }
  /// Returns the lane-wise logical not.
  @inlinable @inline(__always)
  public static prefix func ! (operand: Self) -> Self { Self((!operand.low, !operand.high)) }
  /// Whether any lane is true: one test of the halves' union.
  @inlinable public var anyLane: Bool { (low | high).anyLane }
  /// Whether every lane is true: one test of the halves' intersection.
  @inlinable public var allLanes: Bool { (low & high).allLanes }
}
