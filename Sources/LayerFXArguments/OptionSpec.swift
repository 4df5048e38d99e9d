/// One row of a command's option table: what the parser accepts and what `--help` prints.
public struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes (`time` for `--time`).
  public let name: String
  /// A one-letter alias (`o` for `-o`), if any.
  public let short: Character?
  /// The value's placeholder in help (`SECONDS`); `nil` for a flag that takes no value.
  public let valueName: String?
  /// What the option does, with its unit and default.
  public let help: String
  /// Whether the option may be given more than once (each value is kept, in order).
  public let isRepeatable: Bool

  /// Creates an option that takes a value.
  public static func value(
    _ name: String, short: Character? = nil, _ valueName: String, _ help: String,
    repeatable: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      name: name, short: short, valueName: valueName, help: help, isRepeatable: repeatable)
  }

  /// Creates a flag that takes no value.
  public static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: nil, help: help, isRepeatable: false)
  }

  /// The option as help shows it: `-o, --output FILE`.
  public var signature: String {
    let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
    return short.map { "-\($0), \(long)" } ?? "    \(long)"
  }
}
