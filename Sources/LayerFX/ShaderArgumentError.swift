/// Why a shader's arguments do not fit its function.
///
/// SwiftUI fails silently here; LayerFX throws.
public enum ShaderArgumentError: Error, Equatable, CustomStringConvertible {
  /// The number of arguments differs from the number of parameters.
  case wrongCount(function: String, expected: [String], actual: Int)
  /// An argument's Metal type differs from its parameter's.
  case wrongType(
    function: String, parameter: String, expected: Shader.ArgumentType, actual: Shader.ArgumentType)
  /// An argument holds NaN or infinity.
  case notFinite(function: String, parameter: String, value: Float)
  /// More than one `image` argument (SwiftUI allows one per shader).
  case tooManyImages(function: String, count: Int)
  /// The function is of another effect kind than the effect it was used with.
  case wrongEffectKind(function: String, declared: EffectKind, used: EffectKind)
  /// No function of that name in the library.
  case unknownFunction(name: String, available: [String])

  /// One line naming the function and the problem.
  public var description: String {
    switch self {
    case .wrongCount(let function, let expected, let actual):
      "\(function): expected \(expected.count) arguments (\(expected.joined(separator: ", "))), "
        + "got \(actual)"
    case .wrongType(let function, let parameter, let expected, let actual):
      "\(function): argument '\(parameter)' must be \(expected.rawValue), got \(actual.rawValue)"
    case .notFinite(let function, let parameter, let value):
      "\(function): argument '\(parameter)' must be finite, got \(value)"
    case .tooManyImages(let function, let count):
      "\(function): at most one image argument is allowed, got \(count)"
    case .wrongEffectKind(let function, let declared, let used):
      "\(function): is a \(declared.rawValue) effect and cannot be used as a \(used.rawValue) effect"
    case .unknownFunction(let name, let available):
      "no shader function named '\(name)' (available: \(available.joined(separator: ", ")))"
    }
  }
}
