import LayerFX
import LayerFXMath

/// Moves each colour toward its grey of equal luma: SwiftUI's `grayscale(_:)`, with the W3C
/// `grayscale()` filter function's matrix.
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// s     = 1 − amount
/// gray  = M(s) · rgb,  M(s) = | 0.2126 + 0.7874 s   0.7152 − 0.7152 s   0.0722 − 0.0722 s |
///                              | 0.2126 − 0.2126 s   0.7152 + 0.2848 s   0.0722 − 0.0722 s |
///                              | 0.2126 − 0.2126 s   0.7152 − 0.7152 s   0.0722 + 0.9278 s |
/// color = (saturate(gray) · color.a, color.a)          premultiplied again
/// ```
/// `amount` 0 leaves the image unchanged and 1 makes it fully grey (SwiftUI: "intensity of
/// grayscale, 0 to 1"). The matrix applies to the image's own encoding (sRGB values are not
/// linearised), as SwiftUI's non-linear working space does.
///
/// Source: `Shaders/ColorEffects/Grayscale.metal`; W3C Filter Effects Module Level 1, "Filter
/// Functions", `grayscale()` (https://www.w3.org/TR/filter-effects-1/#funcdef-filter-grayscale)
/// and its `feColorMatrix` equivalent (#grayscaleEquivalent); Apple, `View.grayscale(_:)`.
public struct Grayscale: ColorEffect {
  /// How grey: 0 unchanged, 1 fully grey.
  public var amount: Float = 1

  /// Creates the effect at full strength (`amount` 1, the W3C default).
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Grayscale>] = [
    .float(
      "amount", \.amount, summary: "how grey: 0 unchanged, 1 fully grey", unit: .fraction,
      validRange: .closed(0...1), suggestedRange: 0...1)
  ]

  /// The grey colour at `position`, as `Shaders/ColorEffects/Grayscale.metal` computes it, through
  /// the shared matrix step (`_colorMatrixBlend`).
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // Every row of the full matrix is the Rec. 709 luma 0.2126 r + 0.7152 g + 0.0722 b.
    let luma = float3(0.2126, 0.7152, 0.0722)
    return _colorMatrixBlend((luma, luma, luma), amount: amount, color: color)
  }
}

extension ShaderFunction {
  /// SwiftUI's `grayscale(_:)` as a colour effect: ``Grayscale``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/Grayscale.metal`.
  public static let grayscale = ShaderFunction(
    Grayscale.self, name: "grayscale",
    summary: "moves colours toward grey (W3C grayscale(), SwiftUI grayscale(_:))")
}
