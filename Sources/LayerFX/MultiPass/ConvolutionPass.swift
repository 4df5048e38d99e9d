import LayerFXMath

/// One pass of a separable filter: a weighted sum of samples along one axis, a layer effect of
/// its own.
///
/// ```
/// k     = (weights.count − 1) / 2                    taps on each side of the centre
/// d     = (1, 0) horizontal, (0, 1) vertical
/// color = Σ_{n = −k…k} weights[n + k] × layer.sample(position + n × spacing × d)
/// ```
/// summed in that order, from 0. A 2-D filter whose weights are products `w(i) w(j)` is a
/// horizontal pass of `w` followed by a vertical pass of `w` (a ``MultiPassLayerEffect``): the
/// bilinear sample's weights are products too, so the two passes give the 2-D sum at any scale,
/// up to float rounding.
///
/// Its lane form reads texels in place, without the bilinear blend, where every tap lands on a
/// texel centre (`texelStride(in:)`), and samples bilinearly elsewhere; both
/// give the same bytes there.
///
/// Source: the separable convolution of a product kernel (Gonzalez & Woods, *Digital Image
/// Processing*, §3.4 "Fundamentals of spatial filtering", separable filter kernels);
/// `Documentation/Semantics.md` §4.2 (the bilinear sample).
public struct ConvolutionPass: LayerEffect {
  /// The axis a pass samples along.
  public enum Axis: Sendable {
    /// Along x: a row's neighbours.
    case horizontal
    /// Along y: a column's neighbours.
    case vertical
  }

  /// The axis the taps lie along.
  public var axis = Axis.horizontal
  /// The tap weights, tap `−k` first, an odd count.
  ///
  /// Used as given: normalise them to sum to 1 for a blur.
  public var weights: [Float] = [1]
  /// The distance between neighbouring taps, points (> 0, finite).
  public var spacing: Float = 1

  /// Creates the identity pass: one tap of weight 1.
  public init() {}

  /// Creates a pass.
  ///
  /// - Parameters:
  ///   - axis: The axis the taps lie along.
  ///   - weights: `2k + 1` weights, tap `−k` first.
  ///   - spacing: Points between neighbouring taps, finite and > 0; 1 by default.
  /// - Precondition: An odd number of weights; `spacing` finite and > 0 (checked in release
  ///   builds).
  public init(axis: Axis, weights: [Float], spacing: Float = 1) {
    precondition(weights.count % 2 == 1, "a convolution pass has an odd number of weights")
    precondition(spacing.isFinite && spacing > 0, "tap spacing must be finite and positive")
    self.axis = axis
    self.weights = weights
    self.spacing = spacing
  }

  /// None: a pass is made by its effect, not called by name.
  public static var parameters: [KernelParameter<ConvolutionPass>] { [] }

  /// The taps on each side of the centre, `k`.
  public var reach: Int { weights.count / 2 }

  /// `k × spacing` points along the pass's axis, 0 across it.
  public var maxSampleOffset: float2 {
    let offset = Float(reach) * spacing
    return axis == .horizontal ? float2(offset, 0) : float2(0, offset)
  }

  /// The weighted sum of the taps at `position`.
  ///
  /// - Complexity: `2k + 1` bilinear samples per pixel.
  @inlinable
  public func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F> {
    let reach = weights.count / 2
    var sum = Vector4<F>(0)
    for (index, weight) in weights.enumerated() {
      let offset = F(Float(index - reach) * spacing)
      let tap = axis == .horizontal ? Vector2<F>(offset, F(0)) : Vector2<F>(F(0), offset)
      sum += layer.sample(position + tap) * F(weight)
    }
    return sum
  }
}

extension LayerPass {
  /// Creates the pass of a convolution: its closure form, and a lane form that reads texels in
  /// place where the taps land on texel centres (the same bytes as its bilinear lanes, which
  /// run elsewhere).
  ///
  /// - Parameter convolution: The pass's taps.
  public init(_ convolution: ConvolutionPass) {
    let (closure, lanes) = ShaderFunction.layerForms(convolution)
    self.init(maxSampleOffset: convolution.maxSampleOffset, kernel: closure) { layer in
      guard let stride = convolution.texelStride(in: layer) else { return lanes }
      return .layer { row in convolution.shadeTexels(row, stride: stride) }
    }
  }
}
