import LayerFX
import LayerFXMath

/// Scales the content about an anchor: SwiftUI's `scaleEffect(_:anchor:)` as a distortion.
///
/// ```
/// a = anchor · size                             the anchor in points (anchor is a UnitPoint)
/// return a + (position − a) / scale
/// ```
/// The pixel at `position` shows the content point that scaling by `scale` about `a` brings
/// there; outside the scaled content it reads the transparent padding. A distortion effect: a
/// pixel of the view moves by `(position − a) (1 / scale − 1)`, so per axis `maxSampleOffset` is
/// `max(a, size − a) · |1 / scale − 1|`, derived from the view's `size`.
///
/// Source: `Shaders/DistortionEffects/ScaleEffect.metal`; Apple, `View.scaleEffect(_:anchor:)`
/// (`anchor` a `UnitPoint`, default `.center`).
public struct ScaleEffect: DistortionEffect {
  /// The view's size, points.
  public var size = float2(1, 1)
  /// The scale factor per axis; 1 leaves the content unchanged.
  public var scale = float2(1.5, 1.5)
  /// The fixed point as a fraction of the size: (0, 0) top-left, (0.5, 0.5) the centre.
  public var anchor = float2(0.5, 0.5)

  /// Creates the effect scaling by 1.5 about the centre.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<ScaleEffect>] = [
    .float2(
      "size", \.size, summary: "the view's size", unit: .points, validRange: .greaterThan(0),
      role: .viewSize, isRequired: true),
    .float2(
      "scale", \.scale, summary: "scale factor per axis (1 unchanged)",
      validRange: .greaterThan(0)),
    .float2(
      "anchor", \.anchor, summary: "fixed point as a fraction of the size (0.5,0.5 the centre)",
      unit: .fraction),
  ]

  /// `max(a, size − a) · |1 / scale − 1|` per axis, `a = anchor · size`: the largest move of a
  /// point of the view.
  public var maxSampleOffset: float2 {
    let a = anchor * size
    let reach = max(abs(a), abs(size - a))
    return reach * abs(1 / scale - 1)
  }

  /// Where the pixels at `position` read from, line by line as
  /// `Shaders/DistortionEffects/ScaleEffect.metal`.
  @inlinable @inline(__always)
  public func distort<F: PixelLanes>(position: Vector2<F>) -> Vector2<F> {
    // The anchor in points: the point that stays put.
    let a = Vector2<F>(anchor * size)
    // Undo the scaling about the anchor.
    return a + (position - a) * Vector2<F>(1 / scale)
  }
}

extension ShaderFunction {
  /// SwiftUI's `scaleEffect(_:anchor:)` as a distortion: ``ScaleEffect``'s declaration and
  /// forms.
  ///
  /// Source: `Shaders/DistortionEffects/ScaleEffect.metal`.
  public static let scaleEffect = ShaderFunction(
    ScaleEffect.self, name: "scaleEffect",
    summary: "scales the content about an anchor (SwiftUI scaleEffect(_:anchor:))")
}
