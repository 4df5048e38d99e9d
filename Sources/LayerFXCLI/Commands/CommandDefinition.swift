import LayerFXArguments

/// A `layerfx` subcommand declared as a type: its words, its option table and its run, from
/// which ``command`` makes the ``Command`` the tool dispatches.
protocol CommandDefinition: Sendable {
  /// The word after `layerfx` (`ripple`).
  static var name: String { get }
  /// One line for `layerfx --help`.
  static var summary: String { get }
  /// The synopsis after `Usage: layerfx NAME`; a command with several forms puts one a line.
  static var synopsis: String { get }
  /// Further help: what the positional arguments are, examples.
  static var discussion: String { get }
  /// The options, excluding `--help`.
  static var options: [OptionSpec] { get }
  /// Runs the command (``Command/run``).
  static func run(_ arguments: ParsedArguments, console: Console) throws
}

extension CommandDefinition {
  /// The command the tool dispatches.
  static var command: Command {
    Command(
      name: name, summary: summary, synopsis: synopsis, discussion: discussion,
      options: options, run: { try run($0, console: $1) })
  }
}
