import LayerFXMath

/// A command line parsed against an option table: positional arguments in order and each
/// option's values.
///
/// Accepts `--name value`, `--name=value`, `-n value`, `-nvalue`, flags `--name` / `-n`, and
/// `--` to end options. A value is taken from the next argument even when it starts with `-`, so
/// `--origin -4,10` works. A lone `-` is positional (standard input or output).
public struct ParsedArguments: Sendable, Equatable {
  /// The positional arguments, in order.
  public private(set) var positionals: [String] = []
  /// Each given option's values, in order; a flag has one empty value.
  public private(set) var values: [String: [String]] = [:]
  /// The arguments as given.
  public let commandLine: [String]

  /// Parses `arguments` (without the program and command names) against `options`.
  ///
  /// - Throws: ``UsageError`` for an unknown option, a missing or unexpected value, or a
  ///   non-repeatable option given twice.
  public init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
    commandLine = arguments
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--" {
        positionals.append(contentsOf: remaining)
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        positionals.append(argument)
        continue
      }
      let (spec, inlineValue) = try Self.match(argument, in: options)
      var value = ""
      if spec.valueName != nil {
        if let inlineValue {
          value = inlineValue
        } else if let next = remaining.popFirst() {
          value = next
        } else {
          throw .missingValue(option: spec.name)
        }
      } else if inlineValue != nil {
        throw .unexpectedValue(option: spec.name)
      }
      if values[spec.name] != nil && !spec.isRepeatable { throw .repeated(option: spec.name) }
      values[spec.name, default: []].append(value)
    }
  }

  /// Returns these arguments with another command line's options filled in: every option of
  /// `defaults` not given here takes the values there (what this command line gives wins).
  ///
  /// - Parameter defaults: Values by option name, as the parser stored them (a flag: one empty
  ///   value).
  /// - Returns: The filled-in arguments; ``commandLine`` stays as given.
  public func filling(_ defaults: [String: [String]]) -> ParsedArguments {
    var filled = self
    filled.values.merge(defaults) { given, _ in given }
    return filled
  }

  private static func match(_ argument: String, in options: [OptionSpec]) throws(UsageError)
    -> (OptionSpec, String?)
  {
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      let name = body.prefix { $0 != "=" }
      let inlineValue = name.count < body.count ? String(body.dropFirst(name.count + 1)) : nil
      guard let spec = options.first(where: { $0.name == name }) else {
        let nearest = closestName(to: String(name), among: options.map(\.name))
        throw .unknownOption("--\(name)", suggestion: nearest.map { "--\($0)" })
      }
      return (spec, inlineValue)
    }
    // `-o FILE`, or `-oFILE` for a short option that takes a value, as getopt(3) reads it
    // (POSIX.1-2024, getopt: the option-argument is the rest of the argument).
    let letters = argument.dropFirst()
    guard let letter = letters.first, let spec = options.first(where: { $0.short == letter }),
      letters.count == 1 || spec.valueName != nil
    else { throw .unknownOption(argument) }
    return (spec, letters.count == 1 ? nil : String(letters.dropFirst()))
  }

  /// Returns the positional arguments, which must be exactly one per name in `names`.
  ///
  /// - Throws: ``UsageError/unexpectedArgument(_:)`` for one too many, or
  ///   ``UsageError/missing(_:)`` naming the first one absent.
  public func positionals(_ names: String...) throws(UsageError) -> [String] {
    guard positionals.count <= names.count else {
      throw .unexpectedArgument(positionals[names.count])
    }
    guard positionals.count == names.count else { throw .missing(names[positionals.count]) }
    return positionals
  }

  /// Returns the value of an option the command cannot do without.
  ///
  /// - Throws: ``UsageError/missing(_:)`` with `hint` (what to give) when it is absent.
  public func required(_ name: String, hint: String) throws(UsageError) -> String {
    guard let value = value(name) else { throw .missing(hint) }
    return value
  }

  /// Whether the flag or option `name` was given.
  public func has(_ name: String) -> Bool { values[name] != nil }

  /// The last value of option `name`, if given.
  public func value(_ name: String) -> String? { values[name]?.last }

  /// Every value of a repeatable option `name`, in order.
  public func all(_ name: String) -> [String] { values[name] ?? [] }

  /// Returns the option's value parsed by `parse`, or `defaultValue` when the option is absent.
  ///
  /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` when `parse` returns `nil`.
  public func value<T>(_ name: String, as type: ValueType<T>, default defaultValue: T)
    throws(UsageError) -> T
  {
    try value(name, as: type) ?? defaultValue
  }

  /// Returns the option's value parsed by `type`, or `nil` when the option is absent.
  ///
  /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` when the value does not parse.
  public func value<T>(_ name: String, as type: ValueType<T>) throws(UsageError) -> T? {
    guard let text = value(name) else { return nil }
    return try Self.parse(text, option: name, as: type)
  }

  /// Every value of the repeatable option `name` parsed by `type`, in order.
  ///
  /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` for the first value that
  ///   does not parse.
  public func all<T>(_ name: String, as type: ValueType<T>) throws(UsageError) -> [T] {
    try all(name).map { text throws(UsageError) in try Self.parse(text, option: name, as: type) }
  }

  /// `text`, the value of option `option`, parsed by `type`.
  ///
  /// - Parameters:
  ///   - text: The text to parse.
  ///   - option: The option named in errors, without dashes, or a command's words
  ///     (``UsageError/spelling(of:)``).
  ///   - type: How to read it.
  ///   - shown: The value errors name, when `text` is part of it (`twirl:maxSampleOffset=1,2`
  ///     for `1,2`); `text` by default.
  /// - Returns: The parsed value.
  /// - Throws: ``UsageError/invalidValue(option:value:expected:)``, or for a number that
  ///   ``floatRangeProblem(_:)`` or the type's ``ValueType/problem`` finds, a message naming
  ///   it (`1e39 overflows Float …`, `-1 is below 0`).
  public static func parse<T>(
    _ text: String, option: String, as type: ValueType<T>, shown: String? = nil
  ) throws(UsageError) -> T {
    guard let parsed = type.parse(text) else {
      let value = shown ?? text
      if type.readsFloats, let problem = floatRangeProblem(text) {
        throw .invalid(
          "invalid value '\(value)' for '\(UsageError.spelling(of: option))': \(problem)")
      }
      if let problem = type.problem(text) {
        throw .invalid(
          "invalid value '\(value)' for '\(UsageError.spelling(of: option))': \(problem); "
            + "expected \(type.expected)")
      }
      throw .invalidValue(option: option, value: value, expected: type.expected(insteadOf: text))
    }
    return parsed
  }
}
