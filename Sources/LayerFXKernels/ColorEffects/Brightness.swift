import LayerFX
import LayerFXMath

/// Brightens by adding to every channel: SwiftUI's `brightness(_:)`, which is additive (unlike
/// W3C `brightness()`, a multiplication).
///
/// ```
/// rgb   = color.a > 0 ? color.rgb / color.a : 0        straight colour
/// color = (saturate(rgb + amount) · color.a, color.a)  premultiplied again
/// ```
/// `amount` 0 leaves the image unchanged, 1 makes every visible pixel white, a negative amount
/// darkens (SwiftUI: "0 (no effect) to 1 (full white brightening)"). Adding to straight colour
/// and premultiplying again is `color.rgb += amount · color.a`: transparent pixels stay
/// transparent. Applied to the image's own encoding.
///
/// Source: `Shaders/ColorEffects/Brightness.metal`; Apple, `View.brightness(_:)`.
public struct Brightness: ColorEffect {
  /// What to add to each channel: 0 unchanged, 1 white, negative darker.
  public var amount: Float = 0.2

  /// Creates the effect adding 0.2.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Brightness>] = [
    .float(
      "amount", \.amount, summary: "added to each channel: 0 unchanged, 1 white",
      suggestedRange: -1...1)
  ]

  /// The brightened colour at `position`, line by line as
  /// `Shaders/ColorEffects/Brightness.metal`.
  @inlinable @inline(__always)
  public func shade<F: PixelLanes>(position: Vector2<F>, color: Vector4<F>) -> Vector4<F> {
    // Add to the straight colour; a transparent pixel has none.
    let alpha = color.a
    let rgb = color.rgb * select(0, 1 / alpha, alpha > 0)
    // Clamped to [0, 1] like every filter result, then premultiplied again.
    return Vector4(saturate(rgb + F(amount)) * alpha, alpha)
  }
}

extension ShaderFunction {
  /// SwiftUI's `brightness(_:)` as a colour effect: ``Brightness``'s declaration and forms.
  ///
  /// Source: `Shaders/ColorEffects/Brightness.metal`.
  public static let brightness = ShaderFunction(
    Brightness.self, name: "brightness",
    summary: "adds to every channel (SwiftUI brightness(_:), additive)")
}
