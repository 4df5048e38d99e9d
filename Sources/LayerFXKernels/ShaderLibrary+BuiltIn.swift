import LayerFX

extension ShaderLibrary {
  /// Every built-in kernel, one per file under `LayerFXKernels/`, each mirroring its Metal
  /// original in `Shaders/`: SwiftUI's `ShaderLibrary.default`.
  public static let `default` = ShaderLibrary([
    .bloom, .boxBlur, .brightness, .bulge, .checkerboard, .chromaticAberration, .colorInvert,
    .colorMultiply, .colorPlanes, .contrast, .emboss, .gaussianBlur, .gradientMap, .grayscale,
    .hueRotation, .kaleidoscope, .linearGradient, .luminanceToAlpha, .meshGradient, .noise, .offset,
    .pixellate, .posterize, .radialGradient, .ripple, .rotationEffect, .saturation, .scaleEffect,
    .sepia, .shimmer, .sobelEdges, .testCard, .threshold, .twirl, .water, .wave,
  ])

  /// Returns the built-in function called `name`, as SwiftUI's `ShaderLibrary.ripple`.
  ///
  /// - Precondition: ``default`` has a function of that name.
  public static subscript(dynamicMember name: String) -> ShaderFunction {
    do {
      return try ShaderLibrary.default.function(named: name)
    } catch {
      preconditionFailure(error.description)
    }
  }
}
