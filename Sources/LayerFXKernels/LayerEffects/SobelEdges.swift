import LayerFX
import LayerFXMath

/// Sobel edges: the magnitude of the image's luma gradient, white edges on black.
///
/// ```
/// L(i, j) = dot(layer.sample(position + distance × (i, j)).rgb, luma)     i, j ∈ {−1, 0, 1}
/// gx      = L(1,−1) + 2 L(1,0) + L(1,1) − L(−1,−1) − 2 L(−1,0) − L(−1,1)
/// gy      = L(−1,1) + 2 L(0,1) + L(1,1) − L(−1,−1) − 2 L(0,−1) − L(1,−1)
/// m       = saturate(strength × sqrt(gx² + gy²) / 4)
/// result  = (m, m, m, 1) × layer.sample(position).a
/// ```
/// `luma = (0.2126, 0.7152, 0.0722)` (ITU-R BT.709) on the stored, premultiplied samples; the
/// division by 4 maps a step from black to white (|g| = 4) to 1 at strength 1. The grey is
/// scaled by the pixel's own alpha, so the result is premultiplied. A layer effect with
/// `maxSampleOffset = (⌈distance⌉, ⌈distance⌉)`.
///
/// Source: `Shaders/LayerEffects/SobelEdges.metal`; the Sobel operator (I. Sobel and G. Feldman,
/// "A 3×3 isotropic gradient operator for image processing", 1968; Gonzalez & Woods, *Digital
/// Image Processing*, §10.2.5); ITU-R BT.709-6, item 3.2.
public struct SobelEdges: TexelStencilEffect {
  /// The spacing of the 3 × 3 neighbourhood, points.
  public var distance: Float = 1
  /// The gain on the gradient's magnitude.
  public var strength: Float = 1

  /// Creates the operator on neighbours 1 point apart, at gain 1.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<SobelEdges>] = [
    .float(
      "distance", \.distance, summary: "the neighbourhood's spacing", unit: .points,
      validRange: .closed(0...32), suggestedRange: 0.5...4),
    .float(
      "strength", \.strength, summary: "the gain on the gradient's magnitude",
      validRange: .atLeast(0), suggestedRange: 0.5...8),
  ]

  /// `(⌈distance⌉, ⌈distance⌉)` points.
  public var maxSampleOffset: float2 { float2(repeating: distance.rounded(.up)) }

  /// The luma of the sample at `(i, j)` neighbourhood steps from `position`.
  @inlinable
  func luma<F: PixelLanes>(_ layer: Layer, _ position: Vector2<F>, _ i: Float, _ j: Float) -> F {
    Self.luma(layer.sample(position + Vector2<F>(F(i * distance), F(j * distance))))
  }

  /// `dot(colour.rgb, (0.2126, 0.7152, 0.0722))`: the BT.709 luma of a sample.
  @inlinable @inline(__always)
  static func luma<F: FloatLanes>(_ colour: Vector4<F>) -> F {
    dot(colour.rgb, Vector3<F>(0.2126, 0.7152, 0.0722))
  }

  /// The edge strength at `position`, line by line as `Shaders/LayerEffects/SobelEdges.metal`.
  @inlinable
  public func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F> {
    // The eight neighbours' luma, named by compass point (y down: north is −y).
    edge(
      nw: luma(layer, position, -1, -1), n: luma(layer, position, 0, -1),
      ne: luma(layer, position, 1, -1), w: luma(layer, position, -1, 0),
      e: luma(layer, position, 1, 0), sw: luma(layer, position, -1, 1),
      s: luma(layer, position, 0, 1), se: luma(layer, position, 1, 1),
      alpha: layer.sample(position).a)
  }

  /// The premultiplied grey of the gradient's magnitude from the eight neighbours' luma and the
  /// pixel's own alpha: the body's arithmetic after its samples, shared by the texel form.
  @inlinable @inline(__always)
  func edge<F: FloatLanes>(nw: F, n: F, ne: F, w: F, e: F, sw: F, s: F, se: F, alpha: F)
    -> Vector4<F>
  {
    // The Sobel kernels: a central difference, smoothed across it with weights 1, 2, 1.
    let gx = (ne + 2 * e + se) - (nw + 2 * w + sw)
    let gy = (sw + 2 * s + se) - (nw + 2 * n + ne)
    let magnitude = saturate(F(strength * 0.25) * sqrt(gx * gx + gy * gy))
    // Premultiply the grey by the pixel's own alpha.
    return Vector4(Vector3(magnitude * alpha), alpha)
  }
}

extension ShaderFunction {
  /// Sobel edges as a shader function: ``SobelEdges``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/LayerEffects/SobelEdges.metal`.
  public static let sobelEdges = ShaderFunction(
    SobelEdges.self, name: "sobelEdges",
    summary: "the magnitude of the luma gradient (Sobel), white edges on black")
}
