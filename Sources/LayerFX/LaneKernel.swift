import LayerFXMath

/// The optional second form of a kernel: the same effect computed for eight pixels at once, in
/// SIMD lanes, which the renderer uses instead of the per-pixel closure when a kernel has one.
///
/// The renderer calls it once per run of a row (``LaneRow``); the kernel passes its eight-pixel
/// body to the row's method for its kind, which inlines the body into the row loop:
///
/// | case | closure form it mirrors | the body, given to |
/// |---|---|---|
/// | `color` | `(float2, half4) -> half4` | `row.shade { positions, colours in … }` |
/// | `distortion` | `(float2) -> float2` | `row.distort { positions in … }` (source positions) |
/// | `layer` | `(float2, Layer) -> half4` | `row.shade { positions in … }` (`row.layer` to sample) |
///
/// A lane kernel must compute each lane from that lane's inputs alone (no reduction across
/// lanes), so a pixel's value never depends on which other pixels share its batch, and hence
/// never on tile size or thread count. It must agree with the kernel's closure form within 1
/// 8-bit code value; `Benchmarks/README.md` ("The lane fast path") says how to write one.
///
/// Source: design.md ("Kernel representation").
public enum LaneKernel: Sendable {
  /// A `colorEffect` over a row: calls `row.shade { positions, colours in … }`.
  case color(@Sendable (LaneRow) -> Void)
  /// A `distortionEffect` over a row: calls `row.distort { positions in … }`.
  case distortion(@Sendable (LaneRow) -> Void)
  /// A `layerEffect` over a row: calls `row.shade { positions in … }`.
  case layer(@Sendable (LaneRow) -> Void)

  /// The effect kind of this kernel.
  public var kind: EffectKind {
    switch self {
    case .color: .color
    case .distortion: .distortion
    case .layer: .layer
    }
  }
}
