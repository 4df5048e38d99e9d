import LayerFX

extension ShaderLibrary {
  /// The library `ShaderLibrary.default` and `ShaderLibrary.ripple` look in: SwiftUI's
  /// `ShaderLibrary.default`, the app's own shaders.
  ///
  /// The built-in kernels (``builtIn``) unless a task binds another with
  /// ``withDefault(_:operation:)-(_,()throws->R)``, so that a test's library is the app's own
  /// `.metal` files and the app's line `ShaderLibrary.default.ripple(…)` compiles and runs
  /// unchanged in the test (`LayerFXTesting`'s `.shaderLibrary(…)` trait binds one for a whole
  /// test). Bound per task: concurrent tests each see their own.
  public static var `default`: ShaderLibrary { boundDefault ?? builtIn }

  @TaskLocal private static var boundDefault: ShaderLibrary?

  /// Runs `operation` with `library` as ``default`` in this task and the tasks it creates.
  ///
  /// - Parameters:
  ///   - library: The library `ShaderLibrary.default` returns during `operation`.
  ///   - operation: The work.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public static func withDefault<R>(_ library: ShaderLibrary, operation: () throws -> R) rethrows
    -> R
  {
    try $boundDefault.withValue(library, operation: operation)
  }

  /// Runs the asynchronous `operation` with `library` as ``default`` in this task and the tasks
  /// it creates.
  ///
  /// - Parameters:
  ///   - library: The library `ShaderLibrary.default` returns during `operation`.
  ///   - isolation: The caller's actor.
  ///   - operation: The work.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public static func withDefault<R>(
    _ library: ShaderLibrary, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await $boundDefault.withValue(library, operation: operation)
  }

  /// Every built-in kernel, one per file under `LayerFXKernels/`, each mirroring its Metal
  /// original in `Shaders/`.
  public static let builtIn = ShaderLibrary([
    .bloom, .boxBlur, .brightness, .bulge, .checkerboard, .chromaticAberration, .colorInvert,
    .colorMultiply, .colorPlanes, .contrast, .emboss, .gaussianBlur, .gradientMap, .grayscale,
    .hueRotation, .kaleidoscope, .linearGradient, .luminanceToAlpha, .meshGradient, .noise, .offset,
    .pixellate, .posterize, .radialGradient, .ripple, .rotationEffect, .saturation, .scaleEffect,
    .sepia, .shimmer, .sobelEdges, .testCard, .threshold, .twirl, .water, .wave,
  ])

  /// Returns the function called `name` in ``default``, as SwiftUI's `ShaderLibrary.ripple`.
  ///
  /// A name ``default`` lacks does not trap: its shaders throw
  /// ``LayerFX/ShaderArgumentError/unknownFunction(name:suggestion:available:)`` when they are
  /// prepared (see ``LayerFX/ShaderLibrary/subscript(dynamicMember:)``).
  public static subscript(dynamicMember name: String) -> ShaderFunction {
    ShaderLibrary.default.deferredFunction(named: name)
  }
}
