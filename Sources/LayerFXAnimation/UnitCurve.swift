import Foundation

/// A function from progress in [0, 1] to an output value, with `f(0) = 0` and `f(1) = 1`,
/// used to time a ``LinearKeyframe``.
///
/// Cubic Bézier curves run from (0, 0) through two control points to (1, 1); the output for
/// progress `x` is `y(t)` where `x(t) = x`, with
/// `B(t) = 3(1 − t)² t P1 + 3(1 − t) t² P2 + t³`. The circular curves are quarter circles.
///
/// Source: Apple, SwiftUI documentation, "UnitCurve"
/// (https://developer.apple.com/documentation/swiftui/unitcurve); CSS Easing Functions Level 1
/// §3.3 for the named Bézier control points; Documentation/Semantics.md §7.
public struct UnitCurve: Hashable, Sendable {
  @usableFromInline
  enum Kind: Hashable, Sendable {
    case bezier(SIMD2<Double>, SIMD2<Double>)
    case circularEaseIn
    case circularEaseOut
    case circularEaseInOut
    /// The inverse of `circularEaseInOut`, which has no SwiftUI name.
    case circularEaseOutIn
  }

  @usableFromInline
  let kind: Kind

  @usableFromInline
  init(kind: Kind) { self.kind = kind }

  /// Creates a cubic Bézier curve from (0, 0) to (1, 1) with the given control points.
  ///
  /// SwiftUI takes `UnitPoint`s; LayerFX has no `UnitPoint`, so a point is `SIMD2<Double>`
  /// `(x, y)`. `y` may leave [0, 1] (the curve overshoots); `x` must stay in [0, 1] so that
  /// the curve is a function of progress.
  ///
  /// - Parameters:
  ///   - startControlPoint: P1 `(x, y)`, `0 ≤ x ≤ 1`.
  ///   - endControlPoint: P2 `(x, y)`, `0 ≤ x ≤ 1`.
  /// - Returns: The curve.
  /// - Precondition: Both `x` in [0, 1] and all coordinates finite; checked in release.
  ///
  /// Source: Apple, "UnitCurve.bezier(startControlPoint:endControlPoint:)"
  /// (https://developer.apple.com/documentation/swiftui/unitcurve/bezier(startcontrolpoint:endcontrolpoint:)).
  public static func bezier(
    startControlPoint: SIMD2<Double>, endControlPoint: SIMD2<Double>
  ) -> UnitCurve {
    for point in [startControlPoint, endControlPoint] {
      precondition(
        point.x.isFinite && point.y.isFinite && (0...1).contains(point.x),
        "UnitCurve control points need finite coordinates and x in [0, 1]")
    }
    return UnitCurve(kind: .bezier(startControlPoint, endControlPoint))
  }

  /// The identity `f(x) = x`: Bézier (0, 0)–(1, 1).
  public static let linear = UnitCurve(kind: .bezier(SIMD2(0, 0), SIMD2(1, 1)))

  /// Starts slowly: Bézier (0.42, 0)–(1, 1).
  public static let easeIn = UnitCurve(kind: .bezier(SIMD2(0.42, 0), SIMD2(1, 1)))

  /// Ends slowly: Bézier (0, 0)–(0.58, 1).
  public static let easeOut = UnitCurve(kind: .bezier(SIMD2(0, 0), SIMD2(0.58, 1)))

  /// Starts and ends slowly: Bézier (0.42, 0)–(0.58, 1).
  public static let easeInOut = UnitCurve(kind: .bezier(SIMD2(0.42, 0), SIMD2(0.58, 1)))

  /// A quarter circle starting slowly: `f(x) = 1 − √(1 − x²)`.
  public static let circularEaseIn = UnitCurve(kind: .circularEaseIn)

  /// A quarter circle ending slowly: `f(x) = √((2 − x) x)`.
  public static let circularEaseOut = UnitCurve(kind: .circularEaseOut)

  /// Circular ease in to the midpoint, then out: `(1 − √(1 − 4x²)) / 2` for `x < 0.5`,
  /// `(1 + √(1 − (2x − 2)²)) / 2` after.
  public static let circularEaseInOut = UnitCurve(kind: .circularEaseInOut)

  /// The curve with input and output swapped, `f⁻¹`.
  ///
  /// Bézier curves swap the coordinates of their control points (their `y` must then lie in
  /// [0, 1] for the result to be a function, else the result is a Bézier with control `x`
  /// outside [0, 1] whose value is unspecified); `circularEaseIn` and `circularEaseOut` are
  /// each other's inverse; the inverse of `circularEaseInOut` is `√(x − x²)` below 0.5 and
  /// `1 − √(x − x²)` above.
  ///
  /// Source: Apple, "UnitCurve.inverse"
  /// (https://developer.apple.com/documentation/swiftui/unitcurve/inverse).
  public var inverse: UnitCurve {
    switch kind {
    case .bezier(let p1, let p2):
      UnitCurve(kind: .bezier(SIMD2(p1.y, p1.x), SIMD2(p2.y, p2.x)))
    case .circularEaseIn: .circularEaseOut
    case .circularEaseOut: .circularEaseIn
    case .circularEaseInOut: UnitCurve(kind: .circularEaseOutIn)
    case .circularEaseOutIn: .circularEaseInOut
    }
  }

  /// Returns the curve's output at `progress`, clamped to [0, 1] first (as SwiftUI documents).
  ///
  /// - Parameter progress: The input, a 0…1 fraction; values outside are clamped.
  /// - Returns: The output; in [0, 1] except for Bézier curves whose control `y` leaves it.
  ///
  /// Source: Apple, "UnitCurve.value(at:)"
  /// (https://developer.apple.com/documentation/swiftui/unitcurve/value(at:)).
  public func value(at progress: Double) -> Double {
    let x = min(max(progress, 0), 1)
    switch kind {
    case .bezier(let p1, let p2):
      return Self.cubic(p1.y, p2.y, Self.parameter(forX: x, p1.x, p2.x))
    case .circularEaseIn: return 1 - (1 - x * x).squareRoot()
    case .circularEaseOut: return ((2 - x) * x).squareRoot()
    case .circularEaseInOut:
      return x < 0.5
        ? (1 - (1 - 4 * x * x).squareRoot()) / 2
        : (1 + (1 - (2 * x - 2) * (2 * x - 2)).squareRoot()) / 2
    case .circularEaseOutIn:
      let root = (x - x * x).squareRoot()
      return x < 0.5 ? root : 1 - root
    }
  }

  /// Returns the slope `df/dx` of the curve at `progress` (clamped to [0, 1]).
  ///
  /// Where the curve is vertical (the circular curves at an end or midpoint) the result is
  /// `+infinity`. Where a Bézier's `dx/dt` vanishes at an end point (`.easeOut` at 0) the slope
  /// is the limit `y″/x″` (or `y‴/x‴`).
  ///
  /// - Parameter progress: The input, a 0…1 fraction; values outside are clamped.
  /// - Returns: Output units per unit of progress; multiply by (value change / duration) for a
  ///   keyframe's velocity.
  ///
  /// Source: Apple, "UnitCurve.velocity(at:)"
  /// (https://developer.apple.com/documentation/swiftui/unitcurve/velocity(at:)).
  public func velocity(at progress: Double) -> Double {
    let x = min(max(progress, 0), 1)
    switch kind {
    case .bezier(let p1, let p2):
      let t = Self.parameter(forX: x, p1.x, p2.x)
      for order in 1...3 {
        let dx = Self.derivative(order, p1.x, p2.x, t)
        if abs(dx) > 1e-12 { return Self.derivative(order, p1.y, p2.y, t) / dx }
      }
      // All three derivatives of x vanish only for x(t) = t³ with P1.x = P2.x = 0 at t = 0.
      return .infinity
    case .circularEaseIn: return x / (1 - x * x).squareRoot()
    case .circularEaseOut: return (1 - x) / ((2 - x) * x).squareRoot()
    case .circularEaseInOut:
      return x < 0.5
        ? 4 * x / (1 - 4 * x * x).squareRoot()
        : -2 * (2 * x - 2) / (1 - (2 * x - 2) * (2 * x - 2)).squareRoot()
    case .circularEaseOutIn:
      let slope = (1 - 2 * x) / (2 * (x - x * x).squareRoot())
      return x < 0.5 ? slope : -slope
    }
  }

  /// One coordinate of the Bézier at parameter `t`: `3(1 − t)² t a + 3(1 − t) t² b + t³`.
  private static func cubic(_ a: Double, _ b: Double, _ t: Double) -> Double {
    let s = 1 - t
    return 3 * s * s * t * a + 3 * s * t * t * b + t * t * t
  }

  /// The `order`-th derivative (1…3) of ``cubic(_:_:_:)`` with respect to `t`.
  private static func derivative(_ order: Int, _ a: Double, _ b: Double, _ t: Double) -> Double {
    switch order {
    case 1: 3 * (1 - t) * (1 - t) * a + 6 * (1 - t) * t * (b - a) + 3 * t * t * (1 - b)
    case 2: 6 * (1 - t) * (b - 2 * a) + 6 * t * (1 - 2 * b + a)
    default: 18 * a - 18 * b + 6
    }
  }

  /// Solves `x(t) = x` for `t` in [0, 1]: Newton steps kept inside a shrinking bisection
  /// bracket, so it always converges (x(t) is non-decreasing when both control x lie in
  /// [0, 1]).
  private static func parameter(forX x: Double, _ a: Double, _ b: Double) -> Double {
    var low = 0.0
    var high = 1.0
    var t = x
    for _ in 0..<64 {
      let error = cubic(a, b, t) - x
      if abs(error) <= 1e-14 { return t }
      if error > 0 { high = t } else { low = t }
      let slope = derivative(1, a, b, t)
      let newton = t - error / slope
      t = slope > 0 && newton > low && newton < high ? newton : (low + high) / 2
    }
    return t
  }
}
