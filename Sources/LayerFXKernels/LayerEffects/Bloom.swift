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
/// the bright-pass of a bilinear sample is not the blend of the texels' bright-passes. Where its
/// taps land on texel centres it reads them in place (`TexelStencilEffect`,
/// `Bloom+Texels.swift`): each texel's bright pass once per row of taps, the same bytes.
///
/// Source: `Shaders/LayerEffects/Bloom.metal`; W3C Compositing and Blending Level 2,
/// `plus-lighter`; ITU-R BT.709-6, item 3.2.
public struct Bloom: TexelStencilEffect {
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
    let reach = self.reach
    var glow = Vector4<F>(0)
    var total: Float = 0
    for j in -reach...reach {
      let wy = weight(j)
      total += wy
      for i in -reach...reach {
        let s = layer.sample(position + Vector2<F>(F(Float(i)), F(Float(j))))
        glow += s * (bright(s) * F(weight(i) * wy))
      }
    }
    return composite(layer.sample(position), glow: glow, total: total)
  }

  /// `floor(radius)`: the taps on each side of the centre.
  @inlinable var reach: Int { Int(radius.rounded(.down)) }

  /// `w(n)`: exp(−n² / (2σ²)) with σ = radius / 2; with radius 0 only n = 0 is read, at
  /// weight 1.
  @inlinable @inline(__always)
  func weight(_ n: Int) -> Float {
    let falloff = radius > 0 ? -2 / (radius * radius) : 0
    return n == 0 ? 1 : exp(Float(n * n) * falloff)
  }

  /// `b(s)`, the bright pass: how much of a sample glows.
  ///
  /// The soft knee: luma from threshold to 1 ramps the glow from 0 to full.
  @inlinable @inline(__always)
  func bright<F: FloatLanes>(_ s: Vector4<F>) -> F {
    let perLuma = F(1 / Swift.max(1 - threshold, 1 / 255))
    return saturate((dot(s.rgb, Vector3<F>(0.2126, 0.7152, 0.0722)) - F(threshold)) * perLuma)
  }

  /// The glow normalised by `total²` (`total` = Σ w(n)) and added to `color` with
  /// plus-lighter: add, then clamp every premultiplied channel to 1.
  @inlinable @inline(__always)
  func composite<F: FloatLanes>(_ color: Vector4<F>, glow: Vector4<F>, total: Float)
    -> Vector4<F>
  {
    min(color + F(intensity) * (glow * F(1 / (total * total))), Vector4<F>(1))
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
