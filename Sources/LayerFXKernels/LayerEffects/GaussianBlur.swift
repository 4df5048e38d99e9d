import LayerFX
import LayerFXMath

/// A Gaussian blur, SwiftUI's `blur(radius:)` on the CPU: the weighted average of the samples
/// around each pixel, one point apart, weighted by a Gaussian whose standard deviation is
/// `radius` points, cut off at three standard deviations.
///
/// ```
/// σ      = radius                              (points)
/// k      = floor(3σ)                           samples per side beyond the centre
/// w(n)   = n == 0 ? 1 : exp(−n² / (2σ²))
/// color  = Σ_{i,j = −k…k} w(i) w(j) layer.sample(position + (i, j)) / (Σ_{n = −k…k} w(n))²
/// ```
/// **Radius to σ.** Apple's `blur(radius:)` page calls the radius "the radial size of the blur"
/// and gives no formula. The W3C Filter Effects `blur()` function defines its length as "the
/// standard deviation to the Gaussian function", so LayerFX takes σ = radius, the CSS reading;
/// the weights are normalised to sum to 1 over the truncated window, so a flat region stays flat.
///
/// A layer effect with `maxSampleOffset = (3 radius, 3 radius)`. The body above, `(2k + 1)²`
/// samples per pixel, is the per-pixel form (and what the bounds checker records); the fast form
/// runs it separably as two stacked layer effects (``passes``), `2 (2k + 1)` samples per pixel.
///
/// Source: `Shaders/LayerEffects/GaussianBlur.metal`; W3C Filter Effects Module Level 1, §13.2
/// "Filter Functions", `blur()`; Apple, `View.blur(radius:opaque:)`.
public struct GaussianBlur: MultiPassLayerEffect {
  /// The standard deviation of the Gaussian, points (SwiftUI's `blur(radius:)` radius).
  public var radius: Float = 2

  /// Creates the blur with its default radius (σ) of 2 points.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<GaussianBlur>] = [
    .float(
      "radius", \.radius, summary: "the Gaussian's standard deviation", unit: .points,
      validRange: .closed(0...24), suggestedRange: 0.5...6)
  ]

  /// `(3 radius, 3 radius)`: the window is cut off at three standard deviations.
  public var maxSampleOffset: float2 { float2(repeating: 3 * radius) }

  /// The blurred colour at `position`, line by line as `Shaders/LayerEffects/GaussianBlur.metal`.
  ///
  /// - Complexity: `(2 floor(3 radius) + 1)²` bilinear samples per pixel.
  @inlinable
  public func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F> {
    // Whole points only, out to three standard deviations (beyond, weights are below 1.2 %).
    let reach = self.reach
    // exp(−n² / (2σ²)) = exp(n² × falloff); with σ = 0 only n = 0 is read, at weight 1.
    let falloff = self.falloff
    var sum = Vector4<F>(0)
    var total: Float = 0
    for j in -reach...reach {
      let wy = j == 0 ? 1 : exp(Float(j * j) * falloff)
      total += wy
      for i in -reach...reach {
        let wx = i == 0 ? 1 : exp(Float(i * i) * falloff)
        sum += layer.sample(position + Vector2<F>(F(Float(i)), F(Float(j)))) * F(wx * wy)
      }
    }
    // The 2-D weights are products, so their sum is the square of the 1-D sum.
    return sum * F(1 / (total * total))
  }

  /// `k = floor(3 radius)`: samples per side beyond the centre.
  @inlinable var reach: Int { Int((3 * radius).rounded(.down)) }

  /// `−1 / (2σ²)`, or 0 for σ = 0, so that `w(n) = exp(n² × falloff)`.
  @inlinable var falloff: Float { radius > 0 ? -1 / (2 * radius * radius) : 0 }

  /// The fast form: a horizontal then a vertical pass of `2k + 1` taps, one point apart.
  ///
  /// The taps weigh `w(n) / Σ w`, `n = −k…k`, whose products are the 2-D weights above. At
  /// scale 1 the taps sit on texel centres and the passes give the 2-D sum up to float
  /// rounding; at any other scale too, because the bilinear weights of a sample are products
  /// of a horizontal and a vertical weight, so the vertical pass's blend of two rows of the
  /// horizontal pass is the 2-D blend. Each pass is padded by `k` points along its own axis.
  public var passes: [LayerPass] {
    let weights = (-reach...reach).map { n in n == 0 ? 1 : exp(Float(n * n) * falloff) }
    let total = weights.reduce(0, +)
    let normalised = weights.map { $0 / total }
    return [
      LayerPass(ConvolutionPass(axis: .horizontal, weights: normalised)),
      LayerPass(ConvolutionPass(axis: .vertical, weights: normalised)),
    ]
  }
}

extension ShaderFunction {
  /// The Gaussian blur as a shader function: ``GaussianBlur``'s declaration, closure and lane
  /// forms.
  ///
  /// Source: `Shaders/LayerEffects/GaussianBlur.metal`.
  public static let gaussianBlur = ShaderFunction(
    GaussianBlur.self, name: "gaussianBlur",
    summary: "SwiftUI's blur(radius:): a Gaussian with σ = radius points, cut off at 3σ")
}
