/// Why a shader's arguments do not fit its function.
///
/// SwiftUI fails silently here; LayerFX throws, naming the function, the parameter and what was
/// expected.
public enum ShaderArgumentError: Error, Equatable, CustomStringConvertible {
  /// More arguments than parameters.
  case tooManyArguments(function: String, parameters: [String], actual: Int)
  /// A parameter without a default was given no argument.
  case missingArgument(function: String, parameter: String, type: Shader.ArgumentType)
  /// An argument names no parameter of the function.
  case unknownParameter(function: String, name: String, suggestion: String?, parameters: [String])
  /// A parameter was given an argument twice (by position and by name).
  case duplicateArgument(function: String, parameter: String)
  /// An argument's Metal type differs from its parameter's.
  case wrongType(
    function: String, parameter: String, expected: Shader.ArgumentType, actual: Shader.ArgumentType)
  /// An argument holds NaN or infinity.
  case notFinite(function: String, parameter: String, value: Float)
  /// An argument lies outside its parameter's valid range.
  case outOfRange(
    function: String, parameter: String, value: Float, range: ShaderFunction.ValueRange,
    unit: ShaderFunction.Unit?)
  /// More than one `image` argument (SwiftUI allows one per shader).
  case tooManyImages(function: String, count: Int)
  /// The function is of another effect kind than the effect it was used with.
  case wrongEffectKind(function: String, declared: EffectKind, used: EffectKind)
  /// A function's own argument binding refused the arguments, for the reason given.
  case invalidArguments(function: String, reason: String)
  /// No function of that name in the library.
  case unknownFunction(name: String, suggestion: String?, available: [String])
  /// A layer or distortion effect whose function declares no `maxSampleOffset` (a compiled
  /// `.metal` function, ``ShaderFunction/requiresMaxSampleOffset``) was given none, where
  /// SwiftUI's modifier requires the argument.
  case missingMaxSampleOffset(function: String, kind: EffectKind)

  /// One line naming the function and the problem.
  public var description: String {
    switch self {
    case .tooManyArguments(let function, let parameters, let actual):
      "\(function): takes \(parameters.count) arguments (\(parameters.joined(separator: ", "))), "
        + "got \(actual)"
    case .missingArgument(let function, let parameter, let type):
      "\(function): argument '\(parameter)' (\(type.rawValue)) is required"
    case .unknownParameter(let function, let name, let suggestion, let parameters):
      "\(function): no parameter named '\(name)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        + (parameters.isEmpty
          ? " (it takes none)" : " (parameters: \(parameters.joined(separator: ", ")))")
    case .duplicateArgument(let function, let parameter):
      "\(function): argument '\(parameter)' is given twice"
    case .wrongType(let function, let parameter, let expected, let actual):
      "\(function): argument '\(parameter)' must be \(expected.rawValue), got \(actual.rawValue)"
    case .notFinite(let function, let parameter, let value):
      "\(function): argument '\(parameter)' must be finite, got \(value)"
    case .outOfRange(let function, let parameter, let value, let range, let unit):
      "\(function): argument '\(parameter)' must be \(Self.phrase(range, unit)), got "
        + value.shortDescription
    case .tooManyImages(let function, let count):
      "\(function): at most one image argument is allowed, got \(count)"
    case .wrongEffectKind(let function, let declared, let used):
      "\(function) is a \(declared.rawValue) effect and cannot be used as a \(used.rawValue) effect"
    case .invalidArguments(let function, let reason):
      "\(function): \(reason)"
    case .unknownFunction(let name, let suggestion, let available):
      "no shader function named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        + " (available: \(available.joined(separator: ", ")))"
    case .missingMaxSampleOffset(let function, let kind):
      "\(function): a \(kind.rawValue) effect that declares no maxSampleOffset needs one from "
        + "its caller, as SwiftUI's \(kind.rawValue)Effect(_:maxSampleOffset:) requires; the "
        + "bounds checker measures one (Renderer's checksSampleBounds, layerfx --check-bounds)"
    }
  }

  /// `range` with `unit` as the message says it: a unit that counts (`points`, `seconds`)
  /// follows the range (`0…24 points`, `> 0 points per second`); a fraction, which is what the
  /// value is rather than what it counts, comes first (`a fraction in 0…1`, `a fraction ≥ 0`).
  private static func phrase(_ range: ShaderFunction.ValueRange, _ unit: ShaderFunction.Unit?)
    -> String
  {
    guard unit == .fraction else { return "\(range)" + (unit.map { " \($0)" } ?? "") }
    return "a fraction " + (range.lower != nil && range.upper != nil ? "in " : "") + "\(range)"
  }
}
