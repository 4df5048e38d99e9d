import LayerFX
import LayerFXMath

/// Black and white by luma: white where the straight colour's luma (BT.709 weights) reaches
/// `level`, black below; alpha is kept.
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// luma  = 0.2126 r + 0.7152 g + 0.0722 b
/// color = luma ≥ level ? (a, a, a, a) : (0, 0, 0, a)   premultiplied white or black
/// ```
/// Applied to the image's own encoding (the luma of encoded values, as W3C `grayscale()`).
///
/// Source: `Shaders/ColorEffects/Threshold.metal` (LayerFX's own); the luma weights are those of
/// the W3C `grayscale()` matrix (Filter Effects Module Level 1, "Filter Functions").
public struct Threshold: ColorEffect {
  /// The luma at and above which a pixel turns white, 0 to 1.
  public var level: Float = 0.5

  /// Creates the effect with the threshold at mid-grey.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Threshold>] = [
    .float(
      "level", \.level, summary: "luma at and above which a pixel turns white", unit: .fraction,
      validRange: .closed(0...1), suggestedRange: 0.2...0.8)
  ]

  /// The thresholded colour at `position`, line by line as `Shaders/ColorEffects/Threshold.metal`.
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // The luma of the straight colour; a transparent pixel has none.
    let alpha = color.a
    let rgb = color.rgb * select(0, 1 / alpha, alpha > 0)
    let luma = dot(Vector3<F>(float3(0.2126, 0.7152, 0.0722)), rgb)
    // White (premultiplied: alpha) at and above the level, black below.
    let value = select(0, alpha, luma >= F(level))
    return Vector4(value, value, value, alpha)
  }
}

extension ShaderFunction {
  /// The threshold as a colour effect: ``Threshold``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/Threshold.metal`.
  public static let threshold = ShaderFunction(
    Threshold.self, name: "threshold", summary: "black and white by luma")
}
