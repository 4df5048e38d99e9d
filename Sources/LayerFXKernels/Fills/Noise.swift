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
      suggestedRange: 0...100),
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

  /// The hash of cell `(i, j)`, in 0…1.
  @inlinable @inline(__always)
  func _hash<F: PixelLanes>(_ i: F, _ j: F, _ s: F) -> F {
    let x = Self._mod(i)
    let y = Self._mod(j)
    let h1 = Self._mod(1021 * x + y + 7 * s)
    let h2 = Self._mod(Self._mod(h1 * h1) + x)
    let h3 = Self._mod(Self._mod(h2 * h2) + y + 1)
    // Each squaring round mixes the bits further; four leave no visible streaks.
    let h4 = Self._mod(Self._mod(h3 * h3) + x + 1)
    return h4 * F(Float(1) / 4092)
  }

  /// The noise at `position`, line by line as `Shaders/Fills/Noise.metal`.
  @inlinable @inline(__always)
  public func fill<F: PixelLanes>(position: Vector2<F>) -> Vector4<F> {
    let s = Self._mod(F(seed.rounded(.down)))
    let q = position / F(cellSize)
    let c = floor(q)
    let f = q - c
    // The smoothstep fade: no visible grid, the slope is 0 at every cell edge.
    let u = f * f * (Vector2<F>(3) - 2 * f)
    let top = mix(_hash(c.x, c.y, s), _hash(c.x + 1, c.y, s), u.x)
    let bottom = mix(_hash(c.x, c.y + 1, s), _hash(c.x + 1, c.y + 1, s), u.x)
    let v = mix(top, bottom, u.y)
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
