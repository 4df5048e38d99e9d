import LayerFX
import LayerFXArguments
import LayerFXFiles
import LayerFXMath
import LayerFXPNG

#if canImport(Glibc)
  import Glibc
#endif

/// The `layerfx` command line: dispatches to a subcommand and maps errors to sysexits codes.
public enum CommandLineTool {
  static let commands: [Command] = [
    RippleCommand.command, ApplyCommand.command, RenderCommand.command, ListCommand.command,
    ConvertCommand.command, InfoCommand.command, TimelineCommand.command, SpringCommand.command,
    ConfigCommand.command, TuneCommand.command,
  ]

  /// The release this build is.
  static let version = "0.1.0"

  static var help: String {
    let width = commands.map(\.name.count).max() ?? 0
    let rows = commands.map { command in
      "  " + command.name + String(repeating: " ", count: width - command.name.count) + "  "
        + command.summary
    }
    return """
      Usage: layerfx COMMAND [options]

      Run SwiftUI-style shader effects (colorEffect, distortionEffect, layerEffect) on images,
      on the CPU.

      Commands:
      \(rows.joined(separator: "\n"))

      Run 'layerfx help COMMAND' or 'layerfx COMMAND --help' for a command's options, and
      'layerfx --version' for the version.
      """
  }

  /// The status ``main(_:)`` returns for a closed pipe on standard output: 141.
  ///
  /// 128 + SIGPIPE, as a shell reports a command that SIGPIPE ended, when the reader of an
  /// output that is a pipe went away (`EPIPE`: `-o -`, `-o /dev/stdout`, printed text;
  /// `AtomicFile.hasWrittenIntoClosedPipe`). The program then ends by SIGPIPE itself
  /// (`AtomicFile.endByBrokenPipe()`), quietly, as `cat` and `gzip` do.
  public static let brokenPipeStatus = 128 + SIGPIPE

  /// Runs `arguments` (without the program name) and returns the exit status.
  ///
  /// Errors go to standard error as one line, `layerfx: error: …`, followed by a `Usage:` line
  /// for usage errors; a write into a closed pipe (any output) prints nothing and returns
  /// ``brokenPipeStatus``.
  public static func main(_ arguments: [String]) -> Int32 {
    let console = Console()
    let status = run(arguments, console: console)
    if AtomicFile.hasWrittenIntoClosedPipe { return brokenPipeStatus }
    // Text results (info, CSV, help) that could not be written are an I/O error, even when the
    // command itself succeeded.
    guard status == ExitCode.ok.rawValue, let reason = console.outputFailure else { return status }
    let failure = CLIError.outputFailed(reason: reason)
    console.error("layerfx: error: \(failure)")
    return failure.exitCode.rawValue
  }

  private static func run(_ arguments: [String], console: Console) -> Int32 {
    guard let name = arguments.first else {
      // No command is a usage error: the help goes where errors go, and stdout stays empty.
      for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
        console.error(String(line))
      }
      return ExitCode.usage.rawValue
    }
    if name == "--help" || name == "-h" {
      console.print(help)
      return ExitCode.ok.rawValue
    }
    if name == "--version" {
      if arguments.count > 1 {
        console.error("layerfx: error: \(UsageError.unexpectedArgument(arguments[1]))")
        console.error("Usage: layerfx --version")
        return ExitCode.usage.rawValue
      }
      console.print("layerfx \(version)")
      return ExitCode.ok.rawValue
    }
    if name == "help" {
      return run(arguments.count > 1 ? [arguments[1], "--help"] : ["--help"], console: console)
    }
    guard let command = commands.first(where: { $0.name == name }) else {
      let nearest = closestName(to: name, among: commands.map(\.name))
      console.error("layerfx: error: \(UsageError.unknownCommand(name, suggestion: nearest))")
      console.error("Usage: layerfx COMMAND [options]; 'layerfx --help' lists the commands")
      return ExitCode.usage.rawValue
    }
    do {
      let parsed = try ParsedArguments(
        Array(arguments.dropFirst()), options: command.options + [.helpFlag])
      if parsed.has("help") {
        console.print(command.help)
        return ExitCode.ok.rawValue
      }
      try StandardInput.checkOneReader(parsed)
      try MetalFunctionError.naming(parsed) { try command.run(parsed, console) }
      return ExitCode.ok.rawValue
    } catch let reported as AlreadyReported {
      return reported.exitCode.rawValue
    } catch {
      console.endProgress()
      // The reader of an output pipe went away: nothing to say (main returns
      // brokenPipeStatus), whatever error the failed write became.
      if AtomicFile.hasWrittenIntoClosedPipe { return brokenPipeStatus }
      console.error("layerfx: error: \((error as? any ExitCoded)?.line ?? "\(error)")")
      let code = ExitCode(for: error) ?? .software
      if code == .usage { console.error(command.usageLine) }
      return code.rawValue
    }
  }
}
