import LayerFX
import LayerFXMath

/// Multiplies every pixel by a colour: SwiftUI's `colorMultiply(_:)`.
///
/// ```
/// color = color · tint          component-wise, both premultiplied
/// ```
/// The product of two premultiplied colours is the premultiplied product of the straight ones
/// (`(r a)(r' a') = (r r')(a a')`), so no un-premultiplying is needed: white leaves the image
/// unchanged, black makes it black, a translucent colour makes it translucent.
///
/// Source: `Shaders/ColorEffects/ColorMultiply.metal`; Apple, `View.colorMultiply(_:)`.
public struct ColorMultiply: ColorEffect {
  /// The colour to multiply by, premultiplied RGBA.
  public var color = half4(1, 0.6, 0.2, 1)

  /// Creates the effect with an orange tint.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<ColorMultiply>] = [
    .color("color", \.color, summary: "the colour every pixel is multiplied by")
  ]

  /// The tinted colour at `position`, line by line as `Shaders/ColorEffects/ColorMultiply.metal`.
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color pixel: Vector4<F>) -> Vector4<F> {
    // Channel by channel, alpha included.
    pixel * Vector4<F>(color)
  }
}

extension ShaderFunction {
  /// SwiftUI's `colorMultiply(_:)` as a colour effect: ``ColorMultiply``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/ColorMultiply.metal`.
  public static let colorMultiply = ShaderFunction(
    ColorMultiply.self, name: "colorMultiply",
    summary: "multiplies every pixel by a colour (SwiftUI colorMultiply(_:))")
}
