import LayerFXMath

// SwiftUI's three shader modifiers, applied to an image. Each returns a new image of the same
// size and scale (premultiplied RGBA); `isEnabled == false` returns the input bit for bit.
//
// Source: Apple, `View.colorEffect(_:isEnabled:)`, `View.distortionEffect(_:maxSampleOffset:
// isEnabled:)` and `View.layerEffect(_:maxSampleOffset:isEnabled:)`;
// `Documentation/Semantics.md` §1–§4.
extension Image {
  /// Returns the image with `shader` applied to every pixel's own colour.
  ///
  /// - Parameters:
  ///   - shader: A ``EffectKind/color`` shader.
  ///   - isEnabled: When `false`, the image is returned unchanged.
  ///   - renderer: Tiling and threading; the output does not depend on them.
  /// - Returns: Premultiplied RGBA of the same size and scale.
  /// - Throws: ``ShaderArgumentError`` if the shader is not a colour shader or its arguments do
  ///   not fit its function.
  /// - Complexity: O(width × height) kernel calls; reads the image in place.
  public func colorEffect(
    _ shader: Shader, isEnabled: Bool = true, renderer: Renderer = Renderer()
  ) throws(ShaderArgumentError) -> Image {
    guard isEnabled else { return self }
    let prepared = try shader.prepared(for: .color, sizeInPoints: sizeInPoints)
    return renderer.render(RenderRequest(prepared, source: .image(self))).image
  }

  /// Returns the image with each pixel read from the position `shader` returns for it.
  ///
  /// - Parameters:
  ///   - shader: A ``EffectKind/distortion`` shader.
  ///   - maxSampleOffset: How far (points, per axis) a returned position may lie from the pixel's;
  ///     the layer is padded by that much transparent black.
  ///   - isEnabled: When `false`, the image is returned unchanged.
  ///   - renderer: Tiling and threading; the output does not depend on them.
  /// - Returns: Premultiplied RGBA of the same size and scale.
  /// - Throws: ``ShaderArgumentError`` if the shader is not a distortion shader or its
  ///   arguments do not fit its function;
  ///   ``ShaderArgumentError/invalidArguments(function:reason:)`` if `maxSampleOffset` is not
  ///   finite and ≥ 0 on both axes.
  /// - Complexity: O(width × height) kernel calls and bilinear samples; one padded copy.
  public func distortionEffect(
    _ shader: Shader, maxSampleOffset: float2, isEnabled: Bool = true,
    renderer: Renderer = Renderer()
  ) throws(ShaderArgumentError) -> Image {
    try effect(shader, .distortion, maxSampleOffset, isEnabled, renderer)
  }

  /// Returns the image with `shader` computing every pixel from the whole layer.
  ///
  /// - Parameters:
  ///   - shader: A ``EffectKind/layer`` shader.
  ///   - maxSampleOffset: How far (points, per axis) the shader samples from each pixel's
  ///     position; the layer is padded by that much transparent black.
  ///   - isEnabled: When `false`, the image is returned unchanged.
  ///   - renderer: Tiling and threading; the output does not depend on them.
  /// - Returns: Premultiplied RGBA of the same size and scale.
  /// - Throws: ``ShaderArgumentError`` if the shader is not a layer shader or its arguments do
  ///   not fit its function;
  ///   ``ShaderArgumentError/invalidArguments(function:reason:)`` if `maxSampleOffset` is not
  ///   finite and ≥ 0 on both axes.
  /// - Complexity: O(width × height) kernel calls; one padded copy.
  public func layerEffect(
    _ shader: Shader, maxSampleOffset: float2, isEnabled: Bool = true,
    renderer: Renderer = Renderer()
  ) throws(ShaderArgumentError) -> Image {
    try effect(shader, .layer, maxSampleOffset, isEnabled, renderer)
  }

  private func effect(
    _ shader: Shader, _ kind: EffectKind, _ maxSampleOffset: float2, _ isEnabled: Bool,
    _ renderer: Renderer
  ) throws(ShaderArgumentError) -> Image {
    guard isEnabled else { return self }
    var prepared = try shader.prepared(for: kind, sizeInPoints: sizeInPoints)
    // A caller's value (a slider, a config) is an argument like the others: thrown, not trapped
    // in `Layer.init`, which holds the same rule as a precondition.
    guard maxSampleOffset.x.isFinite && maxSampleOffset.y.isFinite && all(maxSampleOffset .>= 0)
    else {
      throw .invalidArguments(
        function: prepared.function.name,
        reason: "maxSampleOffset must be finite and at least 0 points, got "
          + "(\(maxSampleOffset.x), \(maxSampleOffset.y))")
    }
    prepared.maxSampleOffset = maxSampleOffset
    return renderer.render(RenderRequest(prepared, source: .image(self))).image
  }
}
