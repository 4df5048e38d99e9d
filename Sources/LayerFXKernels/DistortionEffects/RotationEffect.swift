import LayerFX
import LayerFXMath

/// Rotates the content about an anchor: SwiftUI's `rotationEffect(_:anchor:)` as a distortion.
///
/// ```
/// a = anchor · size                             the anchor in points (anchor is a UnitPoint)
/// θ = degrees · π / 180                         positive turns clockwise on screen (y down)
/// d = position − a
/// return a + (cos θ · d.x + sin θ · d.y, −sin θ · d.x + cos θ · d.y)     rotation by −θ
/// ```
/// The pixel at `position` shows the content point that turning by θ about `a` brings there;
/// outside the turned content it reads the transparent padding. A distortion effect: a point at
/// distance `r` from `a` moves along a chord `2 r |sin(θ / 2)|`, so `maxSampleOffset` is
/// `2 R |sin(θ / 2)|` on each axis, `R` the distance from `a` to the farthest corner of the view.
///
/// Source: `Shaders/DistortionEffects/RotationEffect.metal`; Apple,
/// `View.rotationEffect(_:anchor:)` (an `Angle`; `anchor` a `UnitPoint`, default `.center`).
public struct RotationEffect: DistortionEffect {
  /// The view's size, points.
  public var size = float2(1, 1)
  /// The rotation, degrees; positive turns clockwise on screen.
  public var degrees: Float = 30 {
    didSet { (_cos, _sin) = Self.cosineAndSine(degrees) }
  }
  /// The fixed point as a fraction of the size: (0, 0) top-left, (0.5, 0.5) the centre.
  public var anchor = float2(0.5, 0.5)

  /// `cos θ` and `sin θ` of ``degrees``, kept beside it so that the body does not call the C
  /// library's `cosf`/`sinf` for every batch of pixels.
  @usableFromInline var _cos: Float
  @usableFromInline var _sin: Float

  /// Creates the effect turning 30° clockwise about the centre.
  public init() {
    (_cos, _sin) = Self.cosineAndSine(30)
  }

  private static func cosineAndSine(_ degrees: Float) -> (Float, Float) {
    let theta = degrees * (Float.pi / 180)
    return (Float.cos(theta), Float.sin(theta))
  }

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<RotationEffect>] = [
    .float2(
      "size", \.size, summary: "the view's size", unit: .points, validRange: .greaterThan(0),
      role: .viewSize, isRequired: true),
    .float(
      "degrees", \.degrees, summary: "rotation, clockwise on screen", unit: .degrees,
      suggestedRange: -180...180),
    .float2(
      "anchor", \.anchor, summary: "fixed point as a fraction of the size (0.5,0.5 the centre)",
      unit: .fraction),
  ]

  /// `2 R |sin(θ / 2)|` on each axis, `R` the distance from the anchor to the farthest corner.
  public var maxSampleOffset: float2 {
    let a = anchor * size
    let corner = max(abs(a), abs(size - a))
    let reach = length(corner)
    let halfTurn = degrees * (Float.pi / 360)
    return float2(repeating: 2 * reach * Swift.abs(Float.sin(halfTurn)))
  }

  /// Where the pixels at `position` read from, line by line as
  /// `Shaders/DistortionEffects/RotationEffect.metal`.
  @inlinable @inline(__always)
  public func distort<F: PixelLanes>(position: Vector2<F>) -> Vector2<F> {
    // The anchor in points: the point that stays put.
    let a = Vector2<F>(anchor * size)
    // θ = degrees · π / 180, the same turn for every pixel: cos θ and sin θ are kept with it.
    let (c, s) = (F(_cos), F(_sin))
    // Undo the turn: rotate the offset from the anchor by −θ.
    let d = position - a
    return a + Vector2(c * d.x + s * d.y, c * d.y - s * d.x)
  }
}

extension ShaderFunction {
  /// SwiftUI's `rotationEffect(_:anchor:)` as a distortion: ``RotationEffect``'s declaration and
  /// forms.
  ///
  /// Source: `Shaders/DistortionEffects/RotationEffect.metal`.
  public static let rotationEffect = ShaderFunction(
    RotationEffect.self, name: "rotationEffect",
    summary: "rotates the content about an anchor (SwiftUI rotationEffect(_:anchor:))")
}
