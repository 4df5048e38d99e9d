import LayerFXMath

/// One pass of a layer effect's fast form: a layer effect of its own, with its own
/// `maxSampleOffset`, that reads the previous pass's output as its layer.
///
/// A ``MultiPassLayerEffect`` lists its passes; the renderer runs them as SwiftUI runs stacked
/// `.layerEffect` modifiers (`Documentation/Semantics.md` §3.6, §4.1): the first pass reads the
/// source, each later one the output of the one before it, at the source's size, padded by its
/// own offset with transparent black. A pass's closure form is there for rendering it alone;
/// the effect's closure form stays its one-pass original.
///
/// Source: Apple, `View.layerEffect(_:maxSampleOffset:isEnabled:)`;
/// `Documentation/Semantics.md` §3.6, §4.1.
public struct LayerPass: Sendable {
  /// How far (points, per axis) the pass samples from each pixel: its layer is padded by this,
  /// or by the effect's `maxSampleOffset` on an axis where that is smaller (so a caller who
  /// declares less gets the clamping the one-pass original would get).
  public let maxSampleOffset: float2
  /// The pass's per-pixel closure.
  public let kernel: EffectKernel
  /// Returns the pass's lane form for the layer it is about to read (a pass may pick a form
  /// from its input, such as reading texels in place when its taps land on texel centres).
  @usableFromInline let makeLanes: @Sendable (Layer) -> LaneKernel

  @usableFromInline
  init(
    maxSampleOffset: float2, kernel: EffectKernel,
    makeLanes: @escaping @Sendable (Layer) -> LaneKernel
  ) {
    self.maxSampleOffset = maxSampleOffset
    self.kernel = kernel
    self.makeLanes = makeLanes
  }

  /// Creates a pass that runs a layer-effect kernel: its closure form at `F = Float`, its lane
  /// form at `F = LayerEffectLanes`, padded by the kernel's own `maxSampleOffset`.
  ///
  /// - Parameter kernel: The pass's kernel, with its arguments set.
  @inlinable
  public init<K: LayerEffect>(_ kernel: K) {
    let (closure, lanes) = ShaderFunction.layerForms(kernel)
    self.init(maxSampleOffset: kernel.maxSampleOffset, kernel: closure, makeLanes: { _ in lanes })
  }

  /// The pass as a prepared shader for `layer`, padded by `maxSampleOffset`.
  func prepared(for layer: Layer, maxSampleOffset: float2) -> PreparedShader {
    let function = ShaderFunction(name: "pass", kind: .layer, parameters: []) { [kernel] _ in
      kernel
    }
    return PreparedShader(
      function: function, arguments: ShaderArguments(),
      forms: ShaderFunction.Forms(
        kernel: kernel, lanes: makeLanes(layer), maxSampleOffset: maxSampleOffset))
  }
}
