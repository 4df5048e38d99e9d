import LayerFX
import LayerFXMath

/// Emboss: the image as grey relief lit from `angle`, mid-grey where it is flat.
///
/// ```
/// d      = distance × (cos angle, sin angle)
/// relief = dot(layer.sample(position + d).rgb − layer.sample(position − d).rgb, luma)
/// color  = layer.sample(position)
/// g      = saturate(0.5 + strength × relief)
/// result = (g, g, g, 1) × color.a
/// ```
/// `luma = (0.2126, 0.7152, 0.0722)`, the ITU-R BT.709 weights, applied to the samples as
/// stored (sRGB-encoded, premultiplied). The grey is scaled by the pixel's own alpha, so the
/// result is premultiplied and transparent pixels stay transparent. A layer effect with
/// `maxSampleOffset = (⌈distance⌉, ⌈distance⌉)` (rounded up so that the rounding of
/// `position ± d` never passes it).
///
/// Source: `Shaders/LayerEffects/Emboss.metal`; emboss as a directional difference filter
/// (Gonzalez & Woods, *Digital Image Processing*, §3.6); ITU-R BT.709-6, item 3.2 (luma).
public struct Emboss: OffsetTapEffect {
  /// The direction the relief rises toward, radians from the x axis (y down).
  public var angle: Float = 0.7853982
  /// How far apart the two compared samples are from the pixel, points.
  public var distance: Float = 1
  /// How strongly a difference in luma tilts the grey.
  public var strength: Float = 2

  /// Creates the effect lit from the lower right (π/4), 1 point, strength 2.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Emboss>] = [
    .float(
      "angle", \.angle, summary: "the direction the relief rises toward", unit: .radians,
      suggestedRange: 0...6.2831855),
    .float(
      "distance", \.distance, summary: "how far the compared samples are", unit: .points,
      validRange: .closed(0...32), suggestedRange: 0.5...4),
    .float(
      "strength", \.strength, summary: "how strongly a luma difference tilts the grey",
      validRange: .atLeast(0), suggestedRange: 0.5...8),
  ]

  /// `(⌈distance⌉, ⌈distance⌉)` points.
  public var maxSampleOffset: float2 { float2(repeating: distance.rounded(.up)) }

  /// The relief at `position`, line by line as `Shaders/LayerEffects/Emboss.metal`.
  @inlinable
  public func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F> {
    // The same step for every pixel.
    let d = Vector2<F>(F(step.x), F(step.y))
    // The pixel's own sample last: taken right after the sample of the same cells (`ahead`, at
    // the default π/4 and distance 1), the sixteen-lane sampler ran 25–30 % slower (Benchmarks).
    let ahead = layer.sample(position + d)
    let behind = layer.sample(position - d)
    let color = layer.sample(position)
    return relief(ahead: ahead, behind: behind, color: color)
  }

  /// The step between the pixel and the sample ahead, points: `distance × (cos angle,
  /// sin angle)`.
  @inlinable
  var step: float2 { float2(distance * cos(angle), distance * sin(angle)) }

  /// The grey of the samples `ahead` (at `position + step`), `behind` (at `position − step`)
  /// and `color` (at `position`): the body after its samples.
  @inlinable @inline(__always)
  func relief<F: FloatLanes>(ahead: Vector4<F>, behind: Vector4<F>, color: Vector4<F>)
    -> Vector4<F>
  {
    // The rise in luma along the direction: positive faces the light.
    let relief = dot(ahead.rgb - behind.rgb, Vector3<F>(0.2126, 0.7152, 0.0722))
    let grey = saturate(0.5 + F(strength) * relief)
    // Premultiply the grey by the pixel's own alpha.
    return Vector4(Vector3(grey * color.a), color.a)
  }
}

extension ShaderFunction {
  /// Emboss as a shader function: ``Emboss``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/LayerEffects/Emboss.metal`.
  public static let emboss = ShaderFunction(
    Emboss.self, name: "emboss", summary: "the image as grey relief lit from an angle")
}
