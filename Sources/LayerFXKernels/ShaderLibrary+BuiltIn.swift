import LayerFX

extension ShaderLibrary {
  /// Every built-in kernel, one per file under `LayerFXKernels/`, each mirroring its Metal
  /// original in `Shaders/`: SwiftUI's `ShaderLibrary.default`.
  public static let `default` = ShaderLibrary([
    .bloom, .boxBlur, .checkerboard, .chromaticAberration, .emboss, .gaussianBlur, .linearGradient,
    .meshGradient, .noise, .radialGradient, .ripple, .shimmer, .sobelEdges, .testCard,
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
