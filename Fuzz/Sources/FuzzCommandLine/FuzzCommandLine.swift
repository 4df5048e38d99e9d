import Foundation
import FuzzSupport
import LayerFX
import LayerFXArguments
import LayerFXKernels

@testable import LayerFXCLI

/// Treats each input as a command line (arguments separated by NUL bytes) whose first byte
/// selects a command, and runs it the way `layerfx` would.
///
/// First the pieces: the command line is parsed against the command's options, every given
/// option is read through each value type, and `--arg NAME=VALUE` pairs are bound to every
/// built-in kernel as `layerfx apply` does. Then, when it is safe, the whole command runs
/// (`CommandLineTool.main`) inside a scratch directory: never with an argument `-` (standard
/// input), only when no argument contains `/`
/// (so nothing outside the directory is read or written), the input is small
/// (`--max-pixels` at most 4096, added when absent) and an animation is short
/// (`--max-frames` at most 3, added when absent).
@main
enum FuzzCommandLine: FuzzTarget {
  /// The scratch directory every command runs in; emptied after each run.
  static let scratch: String = {
    let path = NSTemporaryDirectory() + "layerfx-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    _ = FileManager.default.changeCurrentDirectoryPath(path)
    return path
  }()

  static func test(_ bytes: [UInt8]) {
    let commands = CommandLineTool.commands
    guard let selector = bytes.first else { return }
    let command = commands[Int(selector) % commands.count]
    let arguments = fuzzArguments(Array(bytes.dropFirst()))
    guard let parsed = try? ParsedArguments(arguments, options: command.options + [.helpFlag])
    else { return }
    for name in parsed.values.keys {
      _ = try? parsed.value(name, as: .number)
      _ = try? parsed.value(name, as: .positiveNumber)
      _ = try? parsed.value(name, as: .nonNegativeNumber)
      _ = try? parsed.value(name, as: .integer(in: 1...1_000_000))
      _ = try? parsed.value(name, as: .point)
      _ = try? parsed.value(name, as: .size)
    }
    _ = try? RenderOptions(parsed)
    _ = try? OutputOptions(parsed)
    for function in ShaderLibrary.default.functions {
      guard let bound = try? function.bind(parsed.all("arg"), pixelLimit: 64)
      else { continue }
      _ = try? Shader(function: function, namedArguments: bound).prepared(
        for: function.kind, sizeInPoints: .init(64, 48))
    }
    runWhole(command, arguments: arguments, parsed: parsed)
  }

  /// Runs the command when its arguments stay inside the scratch directory and its size is
  /// bounded, then empties the directory.
  static func runWhole(_ command: Command, arguments: [String], parsed: ParsedArguments) {
    // Not `-`: that reads standard input, which would wait for the fuzzer's terminal.
    guard !arguments.contains("-"),
      !arguments.contains(where: { $0.contains("/") })
    else { return }
    let names = Set(command.options.map(\.name))
    var bounded = arguments
    for (option, limit) in [("max-pixels", 4096), ("max-frames", 3)] where names.contains(option) {
      if let value = parsed.value(option) {
        guard let number = Int(value), number <= limit else { return }
      } else {
        bounded = ["--\(option)", "\(limit)"] + bounded
      }
    }
    if command.name == RippleCommand.name || command.name == ApplyCommand.name {
      // Render with one thread: libFuzzer's input loop is single-threaded and fast.
      guard parsed.value("threads") == nil else { return }
      bounded = ["--threads", "1"] + bounded
    }
    // `tune` watches its config until interrupted; the fuzzer takes its one render.
    if command.name == TuneCommand.name && !parsed.has("once") { bounded = ["--once"] + bounded }
    let directory = scratch  // created and entered on first use
    _ = CommandLineTool.main([command.name] + bounded)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
      try? FileManager.default.removeItem(atPath: directory + "/" + name)
    }
  }
}
