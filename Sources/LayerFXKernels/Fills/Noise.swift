import LayerFX
import LayerFXMath

/// Value noise: a deterministic pseudo-random grey per cell of `cellSize` points, blended
/// smoothly between cell corners.
///
/// ```
/// q     = position / cellSize,  c = floor(q),  f = q − c
/// u     = f² (3 − 2f)                                        smooth blend, per axis
/// v     = mix(mix(h(c), h(c + (1,0)), u.x), mix(h(c + (0,1)), h(c + (1,1)), u.x), u.y)
/// color = (v, v, v, 1)
/// ```
/// **The hash** `h(i, j)` of integer cell coordinates and integer `seed` uses only integer
/// arithmetic modulo the prime m = 4093, which binary32 holds exactly (every intermediate stays
/// below 2²⁴), so it is the same number in every form, on every machine, and in any
/// integer-arithmetic re-implementation:
/// ```
/// x  = i mod m,  y = j mod m,  s = seed mod m                 (mod: result in 0…m − 1)
/// h1 = (1021 x + y + 7 s) mod m
/// h2 = (h1² mod m + x) mod m
/// h3 = (h2² mod m + y + 1) mod m
/// h4 = (h3² mod m + x + 1) mod m
/// h  = h4 / (m − 1)                                          in 0…1
/// ```
/// The pattern repeats every 4093 cells on each axis. `seed` is rounded down to a whole number.
///
/// Source: `Shaders/Fills/Noise.metal`; value noise with the smoothstep fade as in K. Perlin,
/// "An image synthesizer" (SIGGRAPH 1985); the hash is LayerFX's own.
public struct Noise: Fill {
  /// A cell's side, points.
  public var cellSize: Float = 8
  /// Which pattern: any whole number (rounded down).
  public var seed: Float = 0

  /// Creates noise with 8-point cells and seed 0.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Noise>] = [
    .float(
      "cellSize", \.cellSize, summary: "a cell's side", unit: .points,
      validRange: .greaterThan(0), suggestedRange: 1...64),
    .float(
      "seed", \.seed, summary: "which pattern (a whole number)", validRange: .closed(0...1e6),
      suggestedRange: 0...100, isWholeNumber: true),
  ]

  /// `a mod 4093` in 0…4092 for a whole number |a| < 2²⁴: exact, with the quotient's rounding
  /// corrected.
  @inlinable @inline(__always)
  static func _mod<F: PixelLanes>(_ a: F) -> F {
    let m: F = 4093
    let r = a - m * floor(a / m)
    let low = select(r, r + m, r < 0)
    return select(low, low - m, low >= m)
  }

  /// A whole number congruent to `a` mod 4093 in −4093…4092, for a whole number −4093…2²⁴.
  ///
  /// `a − 4093 floor(a r)` with `r` the binary32 reciprocal of 4093, so no division. `a r`'s
  /// floor is the true quotient or one more; `4093 × floor` and the difference are whole numbers
  /// below 2²⁴, so exact.
  ///
  /// Proved by trying every whole `a` in −8192…2²⁴ (`Benchmarks/HISTORY.md`, "The noise's hash
  /// without its divisions").
  @inlinable @inline(__always)
  static func _congruent<F: PixelLanes>(_ a: F) -> F {
    a - 4093 * floor(a * F(Float(1) / 4093))
  }

  /// `a mod 4093` in 0…4092 for a whole number `−4093 ≤ a ≤ 2²⁴`: ``_congruent(_:)`` with its
  /// one correction, the same number as ``_mod(_:)`` there.
  @inlinable @inline(__always)
  static func _modOfSmall<F: PixelLanes>(_ a: F) -> F {
    let r = _congruent(a)
    return select(r, r + 4093, r < 0)
  }

  /// Whether `a` lies in 0…4092 (false for NaN).
  @inlinable @inline(__always)
  static func _isReduced<F: PixelLanes>(_ a: F) -> F.Mask { (a >= 0) & (a < 4093) }

  /// The hash of the cell whose coordinates reduced mod 4093 are `(x, y)`, in 0…1.
  ///
  /// `partly` reduces the values that are only squared or added to before the next reduction,
  /// `fully` the last: ``_mod(_:)`` for both, or, when `x`, `y` and `s` are whole numbers in
  /// 0…4092, ``_congruent(_:)`` and ``_modOfSmall(_:)``. A square of −4093…4092 and a sum of
  /// one such value and `x + 1` stay in −4093…2²⁴ and keep their residue, so `h4` is the same
  /// number either way.
  @inlinable @inline(__always)
  static func _hash<F: PixelLanes>(
    _ x: F, _ y: F, _ s: F, partly: (F) -> F, fully: (F) -> F
  ) -> F {
    let h1 = partly(1021 * x + y + 7 * s)
    let h2 = partly(partly(h1 * h1) + x)
    let h3 = partly(partly(h2 * h2) + y + 1)
    // Each squaring round mixes the bits further; four leave no visible streaks.
    let h4 = fully(partly(h3 * h3) + x + 1)
    return h4 * F(Float(1) / 4092)
  }

  /// The noise's value at `u` in its cell, whose corner coordinates reduced mod 4093 are
  /// `(x0, y0)` (top left) to `(x1, y1)`; `partly` and `fully` as for ``_hash(_:_:_:partly:fully:)``.
  @inlinable @inline(__always)
  static func _value<F: PixelLanes>(
    _ x0: F, _ x1: F, _ y0: F, _ y1: F, _ s: F, _ u: Vector2<F>, partly: (F) -> F,
    fully: (F) -> F
  ) -> F {
    let top = mix(
      _hash(x0, y0, s, partly: partly, fully: fully),
      _hash(x1, y0, s, partly: partly, fully: fully), u.x)
    let bottom = mix(
      _hash(x0, y1, s, partly: partly, fully: fully),
      _hash(x1, y1, s, partly: partly, fully: fully), u.x)
    return mix(top, bottom, u.y)
  }

  /// The noise at `position`, line by line as `Shaders/Fills/Noise.metal`.
  ///
  /// Where the four corners' reduced coordinates and the seed are whole numbers in 0…4092 in
  /// every lane (any cell nearer the origin than 2²⁴ cells), the hash reduces without a
  /// division (`_congruent(_:)`, `_modOfSmall(_:)`), to the same numbers.
  @inlinable @inline(__always)
  public func fill<F: PixelLanes>(position: Vector2<F>) -> Vector4<F> {
    let s = Self._mod(F(seed.rounded(.down)))
    let q = position / F(cellSize)
    let c = floor(q)
    let f = q - c
    // The smoothstep fade: no visible grid, the slope is 0 at every cell edge.
    let u = f * f * (Vector2<F>(3) - 2 * f)
    let (x0, x1) = (Self._mod(c.x), Self._mod(c.x + 1))
    let (y0, y1) = (Self._mod(c.y), Self._mod(c.y + 1))
    // `_mod` gives whole numbers; NaN, or a value outside 0…4092 from a quotient past 2²⁴, fails.
    let reduced = Self._isReduced(x0) & Self._isReduced(x1) & Self._isReduced(y0)
    let v =
      (reduced & Self._isReduced(y1) & Self._isReduced(s)).allLanes
      ? Self._value(x0, x1, y0, y1, s, u, partly: Self._congruent, fully: Self._modOfSmall)
      : Self._value(x0, x1, y0, y1, s, u, partly: Self._mod, fully: Self._mod)
    return Vector4(v, v, v, 1)
  }
}

extension ShaderFunction {
  /// Value noise as a fill: ``Noise``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/Fills/Noise.metal`.
  public static let noise = ShaderFunction(
    Noise.self, name: "noise",
    summary: "smooth grey value noise from an exact integer hash, cellSize points per cell")
}
