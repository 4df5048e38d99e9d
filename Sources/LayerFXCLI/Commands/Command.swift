import LayerFXArguments

/// A `layerfx` subcommand: its option table, its help text and what it does.
struct Command: Sendable {
  /// The word after `layerfx` (`ripple`).
  let name: String
  /// One line for `layerfx --help`.
  let summary: String
  /// The synopsis after `Usage: layerfx NAME` (`INPUT [options]`); a command with several
  /// forms puts one a line.
  let synopsis: String
  /// Further help: what the positional arguments are, examples.
  var discussion = ""
  /// The options, excluding `--help`, which every command has.
  let options: [OptionSpec]
  /// Runs the command; throws any error with an exit code (``ExitCoded``), others map to
  /// `EX_SOFTWARE`.
  let run: @Sendable (ParsedArguments, Console) throws -> Void

  /// The forms of the synopsis, one a line.
  var forms: [Substring] { synopsis.split(separator: "\n") }

  /// The one line after a usage error: the first form, and where the others are.
  var usageLine: String {
    "Usage: layerfx \(name) \(forms.first ?? "")"
      + (forms.count > 1 ? " (other forms: layerfx \(name) --help)" : "")
  }

  var help: String {
    let indent = String(repeating: " ", count: "Usage: ".count)
    var lines = forms.enumerated().map { index, form in
      (index == 0 ? "Usage: " : indent) + "layerfx \(name) \(form)"
    }
    lines += ["", summary]
    if !discussion.isEmpty { lines += ["", discussion] }
    lines += ["", "Options:"]
    let all = options + [.helpFlag]
    let width = all.map(\.signature.count).max() ?? 0
    for option in all {
      let padding = String(repeating: " ", count: width - option.signature.count)
      lines.append("  \(option.signature)\(padding)  \(option.help)")
    }
    return lines.joined(separator: "\n")
  }
}

extension OptionSpec {
  /// The flag every command accepts.
  static let helpFlag = OptionSpec.flag("help", short: "h", "show this help and exit")
}
