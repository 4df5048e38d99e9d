import LayerFXMath

extension Renderer {
  /// The layer a ``MultiPassLayerEffect``'s fast form renders from, or `nil` when the shader
  /// runs in one pass here: it has no passes, lane kernels are off, the source is not a layer,
  /// or the destination has a margin (a padded output runs the one-pass original).
  func passSource(of shader: PreparedShader, _ source: TileSource, margin: SIMD2<Int>) -> Layer? {
    guard usesLaneKernels, margin == .zero, !shader.passes.isEmpty, case .layer(let layer) = source
    else { return nil }
    return layer
  }

  /// Renders the passes of a ``MultiPassLayerEffect``'s fast form over `layer`: pass 1 reads
  /// the layer's image, each later pass the output of the one before it (one working image,
  /// the source's size), each padded by its own `maxSampleOffset` capped by the shader's, as
  /// stacked `.layerEffect`s are (`Documentation/Semantics.md` §3.6, §4.1); `last` renders the
  /// final pass, prepared, over its layer, into the caller's destination.
  ///
  /// The intermediate is kept as computed, not clamped to [0, 1] as between two effects of a
  /// chain: the passes then equal the one-pass original for any input (for inputs in [0, 1]
  /// a filter with non-negative weights summing to 1 stays in range, so the clamp would change
  /// nothing).
  ///
  /// - Complexity: the passes' cost; with two passes, one image of the source's size, kept by
  ///   the shader for its next render (and a copy per further pass).
  func renderPasses<Result>(
    _ shader: PreparedShader, _ layer: Layer, last: (PreparedShader, Layer) -> Result
  ) -> Result {
    var source = Image(
      width: layer.width, height: layer.height, scale: layer.scale, pixels: layer.storage.pixels)
    let scratch = shader.scratch ?? PassScratch()
    var intermediate = scratch.take(width: layer.width, height: layer.height, scale: layer.scale)
    defer { scratch.give(intermediate) }
    for (index, pass) in shader.passes.enumerated() {
      let offset = pointwiseMin(pass.maxSampleOffset, shader.maxSampleOffset)
      let passLayer = Layer(source, maxSampleOffset: offset)
      let prepared = pass.prepared(for: passLayer, maxSampleOffset: offset)
      guard index < shader.passes.count - 1 else { return last(prepared, passLayer) }
      render(RenderRequest(prepared, source: .layer(passLayer)), into: &intermediate)
      source = intermediate
    }
    preconditionFailure("a multi-pass layer effect has at least one pass")
  }
}
