import LayerFX
import LayerFXMath

/// A linear gradient, SwiftUI's `LinearGradient(colors:startPoint:endPoint:)` with two colours:
/// `startColor` at `startPoint`, `endColor` at `endPoint`, constant across the line between them.
///
/// ```
/// a     = startPoint × size,  b = endPoint × size                   unit points to points
/// t     = saturate(dot(position − a, b − a) / dot(b − a, b − a))     0 when a == b
/// color = mix(startColor, endColor, t)
/// ```
/// As in SwiftUI, the end points are unit points (0…1 of the view, `(0, 0.5)` is `.leading`)
/// and the colour is constant beyond them. Colours are interpolated premultiplied, as CSS
/// gradients are, so a fade to transparent has no dark fringe.
///
/// Source: `Shaders/Fills/LinearGradient.metal`; Apple, `LinearGradient`; W3C CSS Images
/// Module Level 3, §3.1 (linear gradients) and §3.4.3 (colour interpolation, premultiplied).
public struct LinearGradient: Fill {
  /// The view's size, points.
  public var size = float2(256, 256)
  /// Where `startColor` is, as a unit point of the view.
  public var startPoint = float2(0, 0.5)
  /// Where `endColor` is, as a unit point of the view.
  public var endPoint = float2(1, 0.5)
  /// The colour at the start, premultiplied.
  public var startColor = half4(0.1, 0.3, 0.9, 1)
  /// The colour at the end, premultiplied.
  public var endColor = half4(0.95, 0.6, 0.1, 1)

  /// Creates a blue-to-orange gradient from `.leading` to `.trailing`.
  public init() {}

  /// The declaration: Metal order, units, roles; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<LinearGradient>] = [
    .float2(
      "size", \.size, summary: "the view's size", unit: .points, validRange: .greaterThan(0),
      role: .viewSize),
    .float2("startPoint", \.startPoint, summary: "where the start colour is", unit: .fraction),
    .float2("endPoint", \.endPoint, summary: "where the end colour is", unit: .fraction),
    .color("startColor", \.startColor, summary: "the colour at the start"),
    .color("endColor", \.endColor, summary: "the colour at the end"),
  ]

  /// The gradient's colour at `position`, line by line as `Shaders/Fills/LinearGradient.metal`.
  @inlinable @inline(__always)
  public func fill<F: PixelLanes>(position: Vector2<F>) -> Vector4<F> {
    let a = startPoint * size
    let line = endPoint * size - a
    // The projection onto the line, as a fraction of its length; a point has no direction.
    let lengthSquared = LayerFXMath.dot(line, line)
    let perLengthSquared = lengthSquared > 0 ? 1 / lengthSquared : 0
    let t = saturate(dot(position - Vector2<F>(a), Vector2<F>(line)) * F(perLengthSquared))
    return mix(Vector4<F>(startColor), Vector4<F>(endColor), t)
  }
}

extension ShaderFunction {
  /// The linear gradient as a fill: ``LinearGradient``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/Fills/LinearGradient.metal`.
  public static let linearGradient = ShaderFunction(
    LinearGradient.self, name: "linearGradient",
    summary: "SwiftUI's LinearGradient: two colours between two unit points")
}
