import LayerFX
import LayerFXMath

/// Bloom: the bright parts of the image blurred and added back on top, a glow around lights.
///
/// ```
/// k      = floor(radius)                       samples per side beyond the centre
/// w(n)   = n == 0 ? 1 : exp(−2n² / radius²)    a Gaussian with σ = radius / 2
/// b(s)   = saturate((dot(s.rgb, luma) − threshold) / max(1 − threshold, 1/255))
/// glow   = Σ_{i,j = −k…k} w(i) w(j) b(s_ij) s_ij / (Σ_n w(n))²,  s_ij = layer.sample(position + (i, j))
/// result = min(layer.sample(position) + intensity × glow, 1)
/// ```
/// `luma = (0.2126, 0.7152, 0.0722)` (ITU-R BT.709) on the stored, premultiplied samples. The
/// glow is premultiplied (a weighted sum of premultiplied samples) and is added with the W3C
/// `plus-lighter` operator, `min(1, cs + cb)` on every premultiplied channel, so the result stays
/// premultiplied. A layer effect with `maxSampleOffset = (radius, radius)`; `(2k + 1)²` samples
/// per pixel. Unlike the blurs it does not run as two stacked passes: its result adds the
/// unblurred sample to the glow, which an effect stacked on a blurring one no longer sees, and
/// the bright-pass of a bilinear sample is not the blend of the texels' bright-passes.
///
/// Source: `Shaders/LayerEffects/Bloom.metal`; W3C Compositing and Blending Level 2,
/// `plus-lighter`; ITU-R BT.709-6, item 3.2.
public struct Bloom: LayerEffect {
  /// How far the glow spreads, points (the Gaussian's σ is half of it).
  public var radius: Float = 4
  /// The luma above which a sample glows, 0…1.
  public var threshold: Float = 0.6
  /// How much of the glow is added.
  public var intensity: Float = 1

  /// Creates the effect: radius 4 points, threshold 0.6, intensity 1.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Bloom>] = [
    .float(
      "radius", \.radius, summary: "how far the glow spreads", unit: .points,
      validRange: .closed(0...32), suggestedRange: 1...10),
    .float(
      "threshold", \.threshold, summary: "the luma above which a sample glows", unit: .fraction,
      validRange: .closed(0...1), suggestedRange: 0.3...0.9),
    .float(
      "intensity", \.intensity, summary: "how much of the glow is added",
      validRange: .atLeast(0), suggestedRange: 0...3),
  ]

  /// `(radius, radius)`: samples lie at whole points up to `floor(radius)` away.
  public var maxSampleOffset: float2 { float2(repeating: radius) }

  /// The glowing colour at `position`, line by line as `Shaders/LayerEffects/Bloom.metal`.
  ///
  /// - Complexity: `(2 floor(radius) + 1)²` bilinear samples per pixel.
  @inlinable
  public func shade<F: PixelLanes>(position: Vector2<F>, layer: Layer) -> Vector4<F> {
    let reach = Int(radius.rounded(.down))
    // exp(−n² / (2σ²)) with σ = radius / 2; with radius 0 only n = 0 is read, at weight 1.
    let falloff = radius > 0 ? -2 / (radius * radius) : 0
    // The soft knee: luma from threshold to 1 ramps the glow from 0 to full.
    let threshold = F(self.threshold)
    let perLuma = F(1 / Swift.max(1 - self.threshold, 1 / 255))
    let luma = Vector3<F>(0.2126, 0.7152, 0.0722)
    var glow = Vector4<F>(0)
    var total: Float = 0
    for j in -reach...reach {
      let wy = j == 0 ? 1 : exp(Float(j * j) * falloff)
      total += wy
      for i in -reach...reach {
        let wx = i == 0 ? 1 : exp(Float(i * i) * falloff)
        let s = layer.sample(position + Vector2<F>(F(Float(i)), F(Float(j))))
        // Only the bright part of each sample glows.
        let bright = saturate((dot(s.rgb, luma) - threshold) * perLuma)
        glow += s * (bright * F(wx * wy))
      }
    }
    glow = glow * F(1 / (total * total))
    // plus-lighter: add, then clamp every premultiplied channel to 1.
    let color = layer.sample(position)
    return min(color + F(intensity) * glow, Vector4<F>(1))
  }
}

extension ShaderFunction {
  /// Bloom as a shader function: ``Bloom``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/LayerEffects/Bloom.metal`.
  public static let bloom = ShaderFunction(
    Bloom.self, name: "bloom",
    summary: "the bright parts blurred and added back on top: a glow around lights")
}
