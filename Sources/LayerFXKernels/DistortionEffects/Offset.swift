import LayerFX
import LayerFXMath

/// Moves the content by `(x, y)` points: SwiftUI's `offset(x:y:)` as a distortion.
///
/// ```
/// return position − (x, y)
/// ```
/// The pixel at `position` shows what was `(x, y)` points up-left of it, so the content moves
/// right by `x` and down by `y`; what moves in from outside is the transparent padding. A
/// distortion effect with `maxSampleOffset = (|x|, |y|)`.
///
/// Source: `Shaders/DistortionEffects/Offset.metal`; Apple, `View.offset(x:y:)`.
public struct Offset: DistortionEffect {
  /// How far right the content moves, points.
  public var x: Float = 20
  /// How far down the content moves, points.
  public var y: Float = 10

  /// Creates the effect moving the content 20 points right and 10 down.
  public init() {}

  /// The declaration: Metal order, units, ranges; defaults are `init()`'s values.
  public static let parameters: [KernelParameter<Offset>] = [
    .float(
      "x", \.x, summary: "how far right the content moves", unit: .points,
      suggestedRange: -100...100),
    .float(
      "y", \.y, summary: "how far down the content moves", unit: .points,
      suggestedRange: -100...100),
  ]

  /// `(|x|, |y|)`: every pixel reads exactly that far away.
  public var maxSampleOffset: float2 { float2(Swift.abs(x), Swift.abs(y)) }

  /// Where the pixels at `position` read from, line by line as
  /// `Shaders/DistortionEffects/Offset.metal`.
  @inlinable @inline(__always)
  public func distort<F: PixelLanes>(position: Vector2<F>) -> Vector2<F> {
    // Moving the content by +offset means reading from −offset.
    position - Vector2<F>(float2(x, y))
  }
}

extension ShaderFunction {
  /// SwiftUI's `offset(x:y:)` as a distortion: ``Offset``'s declaration, closure and lane forms.
  ///
  /// Source: `Shaders/DistortionEffects/Offset.metal`.
  public static let offset = ShaderFunction(
    Offset.self, name: "offset", summary: "moves the content (SwiftUI offset(x:y:))")
}
