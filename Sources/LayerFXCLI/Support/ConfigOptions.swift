import Foundation
import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXKernels
import LayerFXResolver

/// `--config FILE.json` on the rendering commands: reads a debug config (``DebugConfig``) whose
/// settings the options the command line gives override, typed.
///
/// Precedence: a flag on the command line wins over the file's value of the same setting. The
/// timing options override as a group (``LayerFXComposition/RenderJob/Timing/overriding(_:)``),
/// as do the ripple's taps (`--tap`, `--origin`), so a flag never combines with the file's rival
/// setting; INPUT on the command line replaces the file's `input`.
enum ConfigOptions {
  static let spec = OptionSpec.value(
    "config", "FILE.json",
    "a debug config (see 'layerfx config dump'); flags given here override its values")

  /// Finds a `kernel` or `fill` text: a built-in name, or `FILE.metal:FUNCTION` compiled by the
  /// .metal runner with the command line's `--half`, and the per-frame limit of
  /// `--shader-timeout`, else of the config's `debug.shaderTimeout` (read from `configData`
  /// before the document is decoded, since its effects are compiled while it is).
  ///
  /// With `reportsErrors` off, a failed compile's errors are not written to standard error (the
  /// error thrown still says why).
  static func resolver(
    _ arguments: ParsedArguments, console: Console, configData: Data? = nil,
    reportsErrors: Bool = true
  ) -> DebugConfig.Resolver {
    let timeout = configData.flatMap(DebugConfig.shaderTimeout(in:))
    var resolver = MetalOptions.resolver(arguments, console: console, shaderTimeout: timeout)
    if !reportsErrors { resolver.reportError = { _ in } }
    return resolver.function
  }

  /// Reads and decodes the debug config at `path`, as `DebugConfig(contentsOf:resolve:)` does,
  /// with ``resolver(_:console:configData:reportsErrors:)`` reading its `debug.shaderTimeout`.
  ///
  /// - Throws: ``ConfigError``.
  static func decode(
    _ path: String, arguments: ParsedArguments, console: Console, reportsErrors: Bool = true
  ) throws -> DebugConfig {
    let data = try ConfigFile.read(path)
    return try DebugConfig(
      data: data, file: path, directory: DebugConfig.directory(of: path),
      resolve: resolver(
        arguments, console: console, configData: data, reportsErrors: reportsErrors))
  }

  /// Reads `--config`, if given, and refuses its output outside its folder unless `-o` names
  /// the output (``checkOutputFolder(_:commandLine:)``).
  ///
  /// - Throws: ``ConfigError`` (exit 65, or 66 for an unreadable file).
  static func load(_ arguments: ParsedArguments, console: Console) throws
    -> (path: String, config: DebugConfig)?
  {
    guard let path = arguments.value("config") else { return nil }
    let config = try decode(path, arguments: arguments, console: console)
    try checkOutputFolder((path, config), commandLine: arguments)
    return (path, config)
  }

  /// Refuses the config's `output.path` outside the config's folder
  /// (``DebugConfig/checkOutputInsideFolder(_:configFile:)``), unless the command line names
  /// the output (`-o`), which replaces it.
  ///
  /// - Throws: ``ConfigError/invalidValue(file:path:reason:)`` at `output.path` (exit 65).
  static func checkOutputFolder(
    _ loaded: (path: String, config: DebugConfig), commandLine arguments: ParsedArguments
  ) throws {
    guard !arguments.has("output"), let output = loaded.config.output.path else { return }
    try DebugConfig.checkOutputInsideFolder(output, configFile: loaded.path)
  }

  /// The command line's options without its positional arguments: what a command whose
  /// positional names the config (`tune CONFIG.json`, `config check FILE.json`), not an INPUT
  /// that replaces the config's `input`, gives ``attributing(_:commandLine:_:)``.
  ///
  /// - Throws: Nothing in practice (no arguments to parse); ``UsageError`` by signature.
  static func optionsOnly(_ arguments: ParsedArguments) throws -> ParsedArguments {
    try ParsedArguments([], options: []).filling(arguments.values)
  }

  /// Runs `body`, a command's run over a config's settings; an error about a setting
  /// that the config gave, not the command line (``SettingError``, or a value its option does
  /// not take, ``UsageError/invalidValue(option:value:expected:)``), becomes a
  /// ``ConfigError/invalidValue(file:path:reason:)`` naming the config file and the key, so
  /// every check a render runs before frame 0 reports the config's own words: the setting's
  /// ``SettingError/inConfig`` text, or ``reason(_:)``, never a flag for the setting itself.
  ///
  /// - Parameters:
  ///   - loaded: The config and its path.
  ///   - given: The command line as given (before the config filled it in).
  ///   - body: The run.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, a setting's error from the config as ``ConfigError`` (exit 65)
  ///   or, for a file it names that cannot be read or made, ``ConfigFileSettingError`` (the
  ///   file error's exit code).
  static func attributing<T>(
    _ loaded: (path: String, config: DebugConfig), commandLine given: ParsedArguments,
    _ body: () throws -> T
  ) throws -> T {
    do {
      return try body()
    } catch let error as SettingError {
      // INPUT is a positional argument: the config gave it only when the command line has none.
      let isGiven =
        given.has(error.option) || (error.option == "input" && !given.positionals.isEmpty)
      guard !isGiven, let path = keyPath(error.option, in: loaded.config) else { throw error }
      // Files that cannot be read or made keep their own exit codes (66, 73, 74).
      guard [.usage, .dataError].contains(error.exitCode) else {
        throw ConfigFileSettingError(file: loaded.path, path: path, underlying: error)
      }
      throw ConfigError.invalidValue(
        file: loaded.path, path: path, reason: error.inConfig ?? reason(error.underlying))
    } catch UsageError.invalidValue(let option, let value, let expected) {
      // A value the config gave that its option does not take (a fps of 1e-300 is 0 as a Float).
      let error = UsageError.invalidValue(option: option, value: value, expected: expected)
      guard !given.has(option), let path = keyPath(option, in: loaded.config) else { throw error }
      throw ConfigError.invalidValue(file: loaded.path, path: path, reason: reason(error))
    }
  }

  /// The problem `error` states, in a config's words: a value its option does not take
  /// (``UsageError/invalidValue(option:value:expected:)``) reads `invalid value "25..40":
  /// expected …`, without the option, since the key path names the setting; a number is echoed
  /// as JSON writes it (`70000`, not the option's `70000.0`), anything else as a JSON string.
  static func reason(_ error: any Error) -> String {
    guard case UsageError.invalidValue(_, let value, let expected) = error else {
      return "\(error)"
    }
    let echo =
      Double(value) == nil
      ? "\"\(value)\"" : value.hasSuffix(".0") ? String(value.dropLast(2)) : value
    return "invalid value \(echo): expected \(expected)"
  }

  /// Whether the command line gives a flag that changes a pass's padding (the offset, the
  /// scale, or one of `parameterOptions`, a command's kernel parameters as options), so a
  /// padded size too large is the command line's to report.
  static func changesPadding(_ given: ParsedArguments, parameterOptions: [String] = []) -> Bool {
    (["max-sample-offset", "scale"] + parameterOptions).contains(where: given.has)
  }

  /// The config key that gives the setting of `option`
  /// (``LayerFXComposition/RenderJob/Setting/keyPath(in:)``); `nil` for an option a config does
  /// not give.
  static func keyPath(_ option: String, in config: DebugConfig) -> String? {
    RenderJob.Setting(option: option)?.keyPath(in: config)
  }
}
