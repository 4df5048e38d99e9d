/// A command line that does not fit the command's options (sysexits `EX_USAGE`, 64).
public enum UsageError: Error, Equatable, CustomStringConvertible {
  /// An option the command does not have, with the nearest one it has.
  case unknownOption(String, suggestion: String? = nil)
  /// An option that needs a value came last.
  case missingValue(option: String)
  /// A flag was given a value (`--help=yes`).
  case unexpectedValue(option: String)
  /// A non-repeatable option was given twice.
  case repeated(option: String)
  /// A value does not parse as what the option takes (`option` as ``spelling(of:)`` takes it).
  case invalidValue(option: String, value: String, expected: String)
  /// A required positional argument or option is missing.
  case missing(String)
  /// More positional arguments than the command takes.
  case unexpectedArgument(String)
  /// No such command, with the nearest one there is.
  case unknownCommand(String, suggestion: String? = nil)
  /// Options that cannot be used together, or a value out of the allowed range.
  case invalid(String)

  /// How a message names `option`: an option's name without dashes as the command line
  /// spells it (`arg` is `--arg`); words with a space, a command's own (`config dump`, whose
  /// operands take `KERNEL:P=V` items as `--effect` does), as they are.
  public static func spelling(of option: String) -> String {
    option.contains(" ") ? option : "--\(option)"
  }

  /// One line stating the problem.
  public var description: String {
    switch self {
    case .unknownOption(let option, let suggestion):
      "unknown option '\(option)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .missingValue(let option): "option '--\(option)' needs a value"
    case .unexpectedValue(let option): "option '--\(option)' takes no value"
    case .repeated(let option): "option '--\(option)' given more than once"
    case .invalidValue(let option, let value, let expected):
      "invalid value '\(value)' for '\(Self.spelling(of: option))': expected \(expected)"
    case .missing(let what): "missing \(what)"
    case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
    case .unknownCommand(let name, let suggestion):
      "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .invalid(let message): message
    }
  }
}
