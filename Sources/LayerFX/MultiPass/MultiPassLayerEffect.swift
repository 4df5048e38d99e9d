import LayerFXMath

/// A layer effect whose fast form runs as a sequence of passes, as two or more stacked
/// `.layerEffect` modifiers would in SwiftUI, while its body (``LayerEffect/shade(position:layer:)``)
/// stays the one-pass original.
///
/// A separable filter is the case in point: a 2-D blur whose weights are products `w(i) w(j)`
/// equals a horizontal pass of `w(i)` followed by a vertical pass of `w(j)`
/// (``ConvolutionPass``), with `2 (2k + 1)` samples per pixel instead of `(2k + 1)²`.
///
/// What runs where: the renderer's lane path renders the passes (``Renderer/usesLaneKernels``,
/// destination ``RenderRequest/OutputBounds/source``); the per-pixel closure, the bounds checker's
/// record and a ``RenderRequest/OutputBounds/padded`` destination run the original, one pass (the
/// checker records the original's samples and the stored colours still come from the passes,
/// so checking never changes the output). The passes must agree with the original within
/// 1 8-bit code value, as any lane form must (`Documentation/Semantics.md` §8.3).
///
/// Source: `Documentation/Semantics.md` §3.6, §4.1, §8.3.
public protocol MultiPassLayerEffect: LayerEffect {
  /// The passes of the fast form, first to last, for these arguments.
  var passes: [LayerPass] { get }
}
