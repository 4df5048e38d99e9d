import LayerFXMath

/// The per-pixel function of an effect, in one of SwiftUI's three shapes, with its arguments
/// already bound.
///
/// | case | Metal signature | called with |
/// |---|---|---|
/// | `color` | `half4 f(float2 position, half4 color, args…)` | the pixel's own premultiplied colour |
/// | `distortion` | `float2 f(float2 position, args…)` | returns the source position to read |
/// | `layer` | `half4 f(float2 position, SwiftUI::Layer layer, args…)` | the padded layer |
/// | `fill` | `half4 f(float2 position, args…)` | nothing: a shader used as a `ShapeStyle` |
///
/// Positions are in points, origin top-left, at pixel centres (Documentation/Semantics.md §2); colours are
/// premultiplied RGBA. A kernel must be a pure function of its inputs: the renderer calls it
/// from several threads in any order.
///
/// Source: Apple, `Shader` and `View.layerEffect(_:maxSampleOffset:isEnabled:)` documentation;
/// Documentation/Semantics.md §1.
public enum EffectKernel: Sendable {
  /// A `colorEffect` body: `(position, color) -> color`.
  case color(@Sendable (float2, half4) -> half4)
  /// A `distortionEffect` body: `(position) -> source position`, both in points.
  case distortion(@Sendable (float2) -> float2)
  /// A `layerEffect` body: `(position, layer) -> color`.
  case layer(@Sendable (float2, Layer) -> half4)
  /// A fill's body (a shader as a `ShapeStyle`): `(position) -> color`.
  case fill(@Sendable (float2) -> half4)

  /// The effect kind of this kernel.
  public var kind: EffectKind {
    switch self {
    case .color: .color
    case .distortion: .distortion
    case .layer: .layer
    case .fill: .fill
    }
  }
}

/// SwiftUI's three shader effect kinds, and the fourth use of a shader: a fill.
public enum EffectKind: String, Sendable, CaseIterable {
  /// `View.colorEffect(_:isEnabled:)`: a function of the pixel's own colour.
  case color
  /// `View.distortionEffect(_:maxSampleOffset:isEnabled:)`: moves where each pixel reads from.
  case distortion
  /// `View.layerEffect(_:maxSampleOffset:isEnabled:)`: samples the layer freely.
  case layer
  /// `Shape.fill(_:)` with a `Shader` as its `ShapeStyle`: a colour per position, no input.
  case fill
}
