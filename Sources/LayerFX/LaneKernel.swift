import LayerFXMath

/// The optional second form of a kernel: the same effect computed for eight pixels at once, in
/// SIMD lanes, which the renderer uses instead of the per-pixel closure when a kernel has one.
///
/// | case | closure form it mirrors | called with |
/// |---|---|---|
/// | `color` | `(float2, half4) -> half4` | eight positions and the pixels' own colours |
/// | `distortion` | `(float2) -> float2` | eight positions; returns eight source positions |
/// | `layer` | `(float2, Layer) -> half4` | eight positions and the padded layer |
///
/// A lane kernel must compute each lane from that lane's inputs alone (no reduction across
/// lanes), so a pixel's value never depends on which other pixels share its batch, and hence
/// never on tile size or thread count. It must agree with the kernel's closure form within 1
/// 8-bit code value; `Benchmarks/README.md` ("The lane fast path") says how to write one.
///
/// Source: design.md ("Kernel representation").
public enum LaneKernel: Sendable {
  /// A `colorEffect` body over eight pixels.
  case color(@Sendable (LanePosition, LaneColor) -> LaneColor)
  /// A `distortionEffect` body over eight pixels: returns the source positions, points.
  case distortion(@Sendable (LanePosition) -> LanePosition)
  /// A `layerEffect` body over eight pixels.
  case layer(@Sendable (LanePosition, Layer) -> LaneColor)

  /// The effect kind of this kernel.
  public var kind: EffectKind {
    switch self {
    case .color: .color
    case .distortion: .distortion
    case .layer: .layer
    }
  }
}
