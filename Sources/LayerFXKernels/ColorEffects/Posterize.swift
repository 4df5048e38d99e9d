import LayerFX
import LayerFXMath

/// Posterizes: each channel of the straight colour snaps to one of `levels` evenly spaced
/// values, the W3C `feComponentTransfer` `type="discrete"` with the table `0, 1/(n − 1), …, 1`.
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// n     = levels
/// c'    = min(floor(c · n), n − 1) / (n − 1)           each of r, g, b
/// color = (saturate(c') · color.a, color.a)            premultiplied again
/// ```
/// `levels` is used as given (a fractional value gives uneven steps); 2 gives black and white
/// per channel. Applied to the image's own encoding.
///
/// Source: `Shaders/ColorEffects/Posterize.metal`; W3C Filter Effects Module Level 1,
/// `feComponentTransfer` (https://www.w3.org/TR/filter-effects-1/#feComponentTransferElement),
/// `type="discrete"`: `C' = v_k` for `k / n ≤ C < (k + 1) / n`.
public struct Posterize: ColorEffect {
  /// How many values each channel can take.
  public var levels: Float = 4

  /// Creates the effect with four levels per channel.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Posterize>] = [
    .float(
      "levels", \.levels, summary: "values per channel", validRange: .atLeast(2),
      suggestedRange: 2...16)
  ]

  /// The posterized colour at `position`, line by line as `Shaders/ColorEffects/Posterize.metal`.
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // The transfer works on straight colour; a transparent pixel has none.
    let alpha = color.a
    let rgb = color.rgb * select(0, 1 / alpha, alpha > 0)
    // The step each channel falls in (1 itself falls in the last), as a fraction.
    let n = F(levels)
    let bucket = min(floor(rgb * n), Vector3(n - 1))
    return Vector4(saturate(bucket * F(1 / (levels - 1))) * alpha, alpha)
  }
}

extension ShaderFunction {
  /// Posterization as a colour effect: ``Posterize``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/Posterize.metal`.
  public static let posterize = ShaderFunction(
    Posterize.self, name: "posterize",
    summary: "snaps each channel to a few levels (W3C feComponentTransfer discrete)")
}
