extension SIMD8 where Scalar == Int32 {
  /// Creates integer lanes from float lanes that hold whole numbers of magnitude below 2²², in a
  /// few SIMD instructions and without traps.
  ///
  /// Adding `1.5 × 2²³` puts a whole number `n` with `|n| < 2²²` into the low mantissa bits
  /// exactly; subtracting the bit pattern of `1.5 × 2²³` leaves `n`. The standard library's
  /// `SIMD8<Int32>(_:)` converts lane by lane with a range check each, out of line.
  ///
  /// - Parameter wholeNumbers: Lanes that are whole numbers with `|x| < 2²²` (e.g. the result
  ///   of `rounded(.down)` on a clamped coordinate); other lanes give unspecified values.
  ///
  /// Source: the "magic number" float-to-int conversion, e.g. C. Hecker, "Let's Get to the
  /// (Floating) Point", Game Developer, 1996; IEEE 754 binary32 layout.
  @inlinable @inline(__always)
  public init(wholeNumbers: SIMD8<Float>) {
    let magic: Float = 12_582_912  // 1.5 × 2²³
    let shifted = unsafeBitCast(wholeNumbers + magic, to: SIMD8<Int32>.self)
    self = shifted &- Int32(bitPattern: magic.bitPattern)
  }
}
