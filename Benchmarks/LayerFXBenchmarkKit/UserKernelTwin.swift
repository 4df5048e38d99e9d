import LayerFX
import UserKernels

/// A built-in kernel's user-style twin (Benchmarks/UserKernels): the same math written as a user
/// writes their own kernel, from `Sources/LayerFXKernels/README.md`, in a module that depends on
/// the `LayerFX` product alone.
///
/// The harness renders the twin with the built-in's arguments, passed by parameter name (a twin
/// declares the same names), checks that it agrees with the built-in within 1 code value, and
/// times it interleaved with the built-in to report what a user's own kernel costs.
enum UserKernelTwin {
  /// Every twin's shader function, by the built-in kernel's name.
  static let all: [String: ShaderFunction] = [
    "ripple": .userRipple
  ]

  /// Returns `twin` with the checked arguments of `builtIn`, by name.
  static func shader(_ twin: ShaderFunction, like builtIn: PreparedShader) -> Shader {
    let names = builtIn.arguments.parameters.map(\.name)
    return Shader(
      function: twin,
      namedArguments: zip(names, builtIn.arguments.values).map { (name: $0, value: $1) })
  }
}
