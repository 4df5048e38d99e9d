import LayerFX
import LayerFXMath

/// Shows one colour plane as grey: the straight red, green or blue channel in all three.
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// v     = rgb[channel]                                 0 red, 1 green, 2 blue
/// color = (v · a, v · a, v · a, a)
/// ```
/// `channel` is rounded to the nearest whole number. Alpha is kept.
///
/// Source: `Shaders/ColorEffects/ColorPlanes.metal` (LayerFX's own).
public struct ColorPlanes: ColorEffect {
  /// The plane to show: 0 red, 1 green, 2 blue.
  public var channel: Float = 0

  /// Creates the effect showing the red plane.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<ColorPlanes>] = [
    .float(
      "channel", \.channel, summary: "the plane to show: 0 red, 1 green, 2 blue",
      validRange: .closed(0...2), suggestedRange: 0...2)
  ]

  /// The plane at `position`, line by line as `Shaders/ColorEffects/ColorPlanes.metal`.
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // The weights pick one channel; the same for every pixel.
    let plane = channel.rounded()
    let weights = float3(plane == 0 ? 1 : 0, plane == 1 ? 1 : 0, plane == 2 ? 1 : 0)
    // Premultiplied channel = straight channel · alpha: no division needed.
    let value = dot(Vector3<F>(weights), color.rgb)
    return Vector4(value, value, value, color.a)
  }
}

extension ShaderFunction {
  /// The colour planes as a colour effect: ``ColorPlanes``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/ColorPlanes.metal`.
  public static let colorPlanes = ShaderFunction(
    ColorPlanes.self, name: "colorPlanes", summary: "one colour plane (r, g or b) as grey")
}
