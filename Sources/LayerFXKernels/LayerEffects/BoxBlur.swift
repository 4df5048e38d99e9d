import LayerFX
import LayerFXMath

/// A box blur: every pixel becomes the plain average of the square of samples around it, one
/// point apart, out to `radius` points on each axis.
///
/// ```
/// k     = floor(radius)                       samples per side beyond the centre
/// color = Σ_{i,j = −k…k} layer.sample(position + (i, j)) / (2k + 1)²
/// ```
/// A layer effect with `maxSampleOffset = (radius, radius)`. Samples are one point apart, as in
/// the Metal original (a Metal layer effect does not know the display scale): at scale 1 that is
/// every pixel, at scale 2 every other one. The body, `(2k + 1)²` samples per pixel, is the
/// per-pixel form (and what the bounds checker records); the fast form runs it separably as two
/// stacked layer effects (``passes``), `2 (2k + 1)` samples per pixel.
///
/// Source: `Shaders/LayerEffects/BoxBlur.metal`; the box filter as the mean over a square
/// window (Gonzalez & Woods, *Digital Image Processing*, §3.5 "Smoothing spatial filters").
public struct BoxBlur: MultiPassLayerEffect {
  /// How far the box reaches from the pixel on each axis, points; the box's side is
  /// `2 floor(radius) + 1` samples.
  public var radius: Float = 3

  /// Creates the blur with its default radius of 3 points (a 7 × 7 box).
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<BoxBlur>] = [
    .float(
      "radius", \.radius, summary: "how far the box reaches on each axis", unit: .points,
      validRange: .closed(0...64), suggestedRange: 1...10)
  ]

  /// `(radius, radius)`: the furthest sample lies `floor(radius)` points away on each axis.
  public var maxSampleOffset: float2 { float2(repeating: radius) }

  /// The blurred colour at `position`, line by line as `Shaders/LayerEffects/BoxBlur.metal`.
  ///
  /// - Complexity: `(2 floor(radius) + 1)²` bilinear samples per pixel.
  @inlinable
  public func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F> {
    // Whole points only, so that every sample stays within `radius` of the pixel.
    let reach = Int(radius.rounded(.down))
    var sum = Vector4<F>(0)
    for j in -reach...reach {
      for i in -reach...reach {
        sum += layer.sample(position + Vector2<F>(F(Float(i)), F(Float(j))))
      }
    }
    // Every sample weighs the same: divide by their count.
    let side = Float(2 * reach + 1)
    return sum * F(1 / (side * side))
  }

  /// The fast form: a horizontal then a vertical pass of `2k + 1` taps of weight `1 / (2k + 1)`,
  /// one point apart (the box's weights are products of the two); each pass is padded by
  /// `radius` along its own axis only.
  public var passes: [LayerPass] {
    let count = 2 * Int(radius.rounded(.down)) + 1
    let weights = [Float](repeating: 1 / Float(count), count: count)
    return [
      LayerPass(ConvolutionPass(axis: .horizontal, weights: weights)),
      LayerPass(ConvolutionPass(axis: .vertical, weights: weights)),
    ]
  }
}

extension ShaderFunction {
  /// The box blur as a shader function: ``BoxBlur``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/LayerEffects/BoxBlur.metal`.
  public static let boxBlur = ShaderFunction(
    BoxBlur.self, name: "boxBlur",
    summary: "the mean of a square of samples one point apart, radius points on each axis")
}
