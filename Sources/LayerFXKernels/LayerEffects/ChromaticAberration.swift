import LayerFX
import LayerFXMath

/// Chromatic aberration: the red channel read `amount` points along `angle`, the blue channel
/// the same distance the other way, green in place, as a lens that focuses colours apart.
///
/// ```
/// shift = amount × (cos angle, sin angle)
/// red   = layer.sample(position + shift)
/// green = layer.sample(position)
/// blue  = layer.sample(position − shift)
/// color = (red.r, green.g, blue.b, max(red.a, green.a, blue.a))
/// ```
/// Each channel of a premultiplied colour is at most its own alpha, so taking the largest of
/// the three alphas keeps the result premultiplied (rgb ≤ a). A layer effect with
/// `maxSampleOffset = (⌈amount⌉, ⌈amount⌉)`: rounded up to a whole point so that the rounding
/// of `position ± shift` never puts a sample past the declared offset.
///
/// Source: `Shaders/LayerEffects/ChromaticAberration.metal`; the effect as lateral (transverse)
/// chromatic aberration, a per-colour shift of the image (Hecht, *Optics*, §6.3.2).
public struct ChromaticAberration: TexelStencilEffect {
  /// How far red and blue are shifted from green, points.
  public var amount: Float = 3
  /// The direction red is shifted in, radians from the x axis (y down, so π/2 points down).
  public var angle: Float = 0

  /// Creates the effect with a 3-point horizontal split.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<ChromaticAberration>] = [
    .float(
      "amount", \.amount, summary: "how far red and blue are shifted", unit: .points,
      validRange: .closed(0...64), suggestedRange: 1...12),
    .float(
      "angle", \.angle, summary: "the direction red is shifted in", unit: .radians,
      suggestedRange: 0...6.2831855),
  ]

  /// `(⌈amount⌉, ⌈amount⌉)` points.
  public var maxSampleOffset: float2 { float2(repeating: amount.rounded(.up)) }

  /// The split colour at `position`, line by line as
  /// `Shaders/LayerEffects/ChromaticAberration.metal`.
  @inlinable
  public func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F> {
    // The same shift for every pixel.
    let shift = Vector2<F>(F(self.shift.x), F(self.shift.y))
    return Self.split(
      red: layer.sample(position + shift), green: layer.sample(position),
      blue: layer.sample(position - shift))
  }

  /// `amount × (cos angle, sin angle)`, points.
  @inlinable var shift: float2 { float2(amount * cos(angle), amount * sin(angle)) }

  /// The split colour from the three samples: the body's arithmetic after its samples, shared
  /// by the texel form.
  ///
  /// Each channel from its own sample; the largest alpha keeps rgb ≤ a.
  @inlinable @inline(__always)
  static func split<F: FloatLanes>(red: Vector4<F>, green: Vector4<F>, blue: Vector4<F>)
    -> Vector4<F>
  {
    Vector4(red.r, green.g, blue.b, max(max(red.a, green.a), blue.a))
  }
}

extension ShaderFunction {
  /// Chromatic aberration as a shader function: ``ChromaticAberration``'s declaration, closure
  /// and lane forms.
  ///
  /// Source: `Shaders/LayerEffects/ChromaticAberration.metal`.
  public static let chromaticAberration = ShaderFunction(
    ChromaticAberration.self, name: "chromaticAberration",
    summary: "red and blue shifted apart along an angle, as a lens that splits colours")
}
