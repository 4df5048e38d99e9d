import LayerFX
import LayerFXMath

/// A radial gradient, SwiftUI's `RadialGradient(colors:center:startRadius:endRadius:)` with two
/// colours: `startColor` out to `startRadius` points from `center`, `endColor` from `endRadius`.
///
/// ```
/// d     = length(position − center × size)
/// t     = endRadius > startRadius ? saturate((d − startRadius) / (endRadius − startRadius))
///                                 : (d < endRadius ? 0 : 1)
/// color = mix(startColor, endColor, t)
/// ```
/// As in SwiftUI, the centre is a unit point and the radii are points. Colours are interpolated
/// premultiplied, as CSS gradients are.
///
/// Source: `Shaders/Fills/RadialGradient.metal`; Apple, `RadialGradient`; W3C CSS Images
/// Module Level 3, §3.2 (radial gradients) and §3.4.3 (colour interpolation, premultiplied).
public struct RadialGradient: Fill {
  /// The view's size, points.
  public var size = float2(256, 256)
  /// The centre, as a unit point of the view.
  public var center = float2(0.5, 0.5)
  /// Where the gradient starts, points from the centre.
  public var startRadius: Float = 0
  /// Where the gradient ends, points from the centre.
  public var endRadius: Float = 128
  /// The colour at and inside the start radius, premultiplied.
  public var startColor = half4(1, 0.95, 0.7, 1)
  /// The colour at and beyond the end radius, premultiplied.
  public var endColor = half4(0.15, 0.05, 0.3, 1)

  /// Creates a warm-to-purple gradient from the centre out to 128 points.
  public init() {}

  /// The declaration: Metal order, units, roles; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<RadialGradient>] = [
    .float2(
      "size", \.size, summary: "the view's size", unit: .points, validRange: .greaterThan(0),
      role: .viewSize),
    .float2("center", \.center, summary: "the centre", unit: .fraction),
    .float(
      "startRadius", \.startRadius, summary: "where the gradient starts", unit: .points,
      validRange: .atLeast(0), suggestedRange: 0...256),
    .float(
      "endRadius", \.endRadius, summary: "where the gradient ends", unit: .points,
      validRange: .atLeast(0), suggestedRange: 16...1024),
    .color("startColor", \.startColor, summary: "the colour inside the start radius"),
    .color("endColor", \.endColor, summary: "the colour beyond the end radius"),
  ]

  /// The gradient's colour at `position`, line by line as `Shaders/Fills/RadialGradient.metal`.
  @inlinable @inline(__always)
  public func fill<F: PixelLanes>(position: Vector2<F>) -> Vector4<F> {
    let d = length(position - Vector2<F>(center * size))
    let span = endRadius - startRadius
    // Equal radii (or reversed ones) make a hard edge at the end radius.
    // (A branch on the arguments, the same for every pixel, not on lane values.)
    let t: F = span > 0 ? saturate((d - F(startRadius)) * F(1 / span)) : step(F(endRadius), d)
    return mix(Vector4<F>(startColor), Vector4<F>(endColor), t)
  }
}

extension ShaderFunction {
  /// The radial gradient as a fill: ``RadialGradient``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/Fills/RadialGradient.metal`.
  public static let radialGradient = ShaderFunction(
    RadialGradient.self, name: "radialGradient",
    summary: "SwiftUI's RadialGradient: two colours between two radii around a unit point")
}
