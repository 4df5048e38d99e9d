import LayerFXMath

extension Renderer {
  /// Renders the passes of a ``MultiPassLayerEffect``'s fast form over `layer` into
  /// `destination`, which gets the layer's size: pass 1 reads the layer's image, each later
  /// pass the output of the one before it (one working image, the source's size), each padded
  /// by its own `maxSampleOffset` capped by the shader's, as stacked `.layerEffect`s are
  /// (`Documentation/Semantics.md` §3.6, §4.1).
  ///
  /// The intermediate is kept as computed, not clamped to [0, 1] as between two effects of a
  /// chain: the passes then equal the one-pass original for any input (for inputs in [0, 1]
  /// a filter with non-negative weights summing to 1 stays in range, so the clamp would change
  /// nothing).
  ///
  /// - Complexity: the passes' cost; with two passes, one image of the source's size, kept by
  ///   the shader for its next render (and a copy per further pass).
  func renderPasses(_ shader: PreparedShader, _ layer: Layer, into destination: inout Image) {
    var source = Image(
      width: layer.width, height: layer.height, scale: layer.scale, pixels: layer.storage.pixels)
    let scratch = shader.scratch ?? PassScratch()
    var intermediate = scratch.take(width: layer.width, height: layer.height, scale: layer.scale)
    defer { scratch.give(intermediate) }
    for (index, pass) in shader.passes.enumerated() {
      let offset = pointwiseMin(pass.maxSampleOffset, shader.maxSampleOffset)
      let passLayer = Layer(source, maxSampleOffset: offset)
      let prepared = pass.prepared(for: passLayer, maxSampleOffset: offset)
      guard index < shader.passes.count - 1 else {
        render(prepared, passLayer, into: &destination)
        return
      }
      render(prepared, passLayer, into: &intermediate)
      source = intermediate
    }
  }
}
