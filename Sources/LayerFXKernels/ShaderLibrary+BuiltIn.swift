import LayerFX

extension ShaderLibrary {
  /// Every built-in kernel, one per file under `LayerFXKernels/`, each mirroring its Metal
  /// original in `Shaders/`.
  public static let builtIn = ShaderLibrary([.ripple])
}
