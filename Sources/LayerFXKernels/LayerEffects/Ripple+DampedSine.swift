import LayerFXMath

extension Ripple {
  /// Returns `sin(x) × exp(y)` lane by lane: the ripple's damped sine, `x = frequency × t` and
  /// `y = −decay × t` (`Documentation/Semantics.md` §5.2).
  ///
  /// At eight and sixteen lanes, ``_dampedSine(_:_:)-(SIMD8<Float>,SIMD8<Float>)``; at one
  /// lane (the closure form), `sin(x) × exp(y)` of the C library.
  ///
  /// - Parameters:
  ///   - x: The sine's argument, radians.
  ///   - y: The exponent.
  /// - Returns: `sin(x) × exp(y)` in each lane.
  @inlinable @inline(__always)
  static func dampedSine<F: FloatLanes>(_ x: F, _ y: F) -> F {
    if F.self == FloatLanes16.self {
      let x = unsafeBitCast(x, to: FloatLanes16.self)
      let y = unsafeBitCast(y, to: FloatLanes16.self)
      let low = FloatLanes8(_dampedSine(x.low.simd, y.low.simd))
      let high = FloatLanes8(_dampedSine(x.high.simd, y.high.simd))
      return unsafeBitCast(FloatLanes16(low: low, high: high), to: F.self)
    }
    if F.self == FloatLanes8.self {
      let (x, y) = (unsafeBitCast(x, to: FloatLanes8.self), unsafeBitCast(y, to: FloatLanes8.self))
      return unsafeBitCast(FloatLanes8(_dampedSine(x.simd, y.simd)), to: F.self)
    }
    return sin(x) * exp(y)
  }

  /// Returns `sin(x) × exp(y)` for eight lanes, with fused multiply-adds.
  ///
  /// ``LayerFXMath/fast``'s reductions and polynomials (SLEEF's degree-9 sine, Cephes' degree-5
  /// `exp`), each step one correctly rounded `fma` instead of a product and a sum: two-part
  /// splits of π and ln 2 suffice there (each reduction's error is its two roundings, at most
  /// an ulp of the reduced argument), and each polynomial step is one instruction, so the
  /// chain from `t` to the displacement is about half as long. Checked against float64
  /// (`RippleDampedSineTests`): within 6 × 10⁻⁷ × `exp(y)` of `sin(x) exp(y)`, the bound of
  /// ``LayerFXMath/fast``'s own `sin` and `exp` combined.
  ///
  /// Lanes with `|x| > 39000`, `y` outside `[−87.33654, 88]` (where `2ᵏ` leaves the normal
  /// floats) or NaN get ``LayerFXMath/fast/sin(_:)-(SIMD8<Float>)`` ×
  /// ``LayerFXMath/fast/exp(_:)-(SIMD8<Float>)``, chosen lane by lane, so every lane's bits
  /// depend on its own arguments alone (a batch's other lanes never change them) and on no CPU
  /// feature (`fma` is correctly rounded on every target: an instruction at x86-64-v3, `fmaf`
  /// elsewhere).
  @inlinable @inline(__always)
  static func _dampedSine(_ x: SIMD8<Float>, _ y: SIMD8<Float>) -> SIMD8<Float> {
    let magic: Float = 12_582_912  // 1.5 × 2²³: adding it rounds to a whole number
    // sin(x): x = qπ + r, |r| ≤ π/2, sin(x) = (−1)^q sin(r).
    let sineShift = SIMD8<Float>(repeating: magic).addingProduct(x, 1 / Float.pi)
    let q = sineShift - magic
    var r = x.addingProduct(q, -3.141_592_741_012_573_242_2)  // Float(π)
    r = r.addingProduct(q, 8.742_278_000_372_474_97e-8)  // −(π − Float(π)), rounded
    let s = r * r
    let signFlip = unsafeBitCast(sineShift, to: SIMD8<UInt32>.self) &<< 31
    r = unsafeBitCast(unsafeBitCast(r, to: SIMD8<UInt32>.self) ^ signFlip, to: SIMD8<Float>.self)
    var u = SIMD8<Float>(repeating: -0.000_198_106_907_191_686_332_225_8)
      .addingProduct(s, 2.608_315_980_978_659_354_150_3e-6)
    u = SIMD8(repeating: 0.008_333_078_585_565_090_179_443_36).addingProduct(u, s)
    u = SIMD8(repeating: -0.166_666_597_127_914_428_710_938).addingProduct(u, s)
    let sine = r.addingProduct(s, u * r)
    // exp(y): y = k ln 2 + r, exp(y) = 2ᵏ (1 + r + r² P(r)).
    let exponentShift = SIMD8<Float>(repeating: magic).addingProduct(y, 1.442_695_040_888_963_4)
    let k = exponentShift - magic
    var e = y.addingProduct(k, -0.693_147_182_464_599_609_4)  // Float(ln 2)
    e = e.addingProduct(k, 1.904_654_299_957_768e-9)  // −(ln 2 − Float(ln 2)), rounded
    var p = SIMD8<Float>(repeating: 1.398_199_950_7e-3).addingProduct(e, 1.987_569_150_0e-4)
    p = SIMD8(repeating: 8.333_451_907_3e-3).addingProduct(p, e)
    p = SIMD8(repeating: 4.166_579_589_4e-2).addingProduct(p, e)
    p = SIMD8(repeating: 1.666_666_545_9e-1).addingProduct(p, e)
    p = SIMD8(repeating: 5.000_000_120_1e-1).addingProduct(p, e)
    let mantissa = e.addingProduct(p, e * e) + 1
    let biasedExponent =
      unsafeBitCast(exponentShift, to: SIMD8<Int32>.self) &- Int32(bitPattern: magic.bitPattern)
      &+ 127
    let power = unsafeBitCast(biasedExponent &<< 23, to: SIMD8<Float>.self)
    var result = sine * (mantissa * power)
    let isOutOfRange =
      .!((x .>= -39000) .& (x .<= 39000) .& (y .>= -87.336_54) .& (y .<= 88))
    if MaskLanes8(isOutOfRange).anyLane { _replaceOutOfRange(&result, where: isOutOfRange, x, y) }
    return result
  }

  /// Sets the lanes of `result` selected by `mask` to `fast.sin(x) × fast.exp(y)`: the rare
  /// path of ``_dampedSine(_:_:)-(SIMD8<Float>,SIMD8<Float>)``, kept out of line so that the
  /// polynomial path stays small enough to inline in both halves of a sixteen-lane batch.
  @usableFromInline @inline(never)
  static func _replaceOutOfRange(
    _ result: inout SIMD8<Float>, where mask: SIMDMask<SIMD8<Int32>>, _ x: SIMD8<Float>,
    _ y: SIMD8<Float>
  ) {
    result.replace(with: fast.sin(x) * fast.exp(y), where: mask)
  }
}
