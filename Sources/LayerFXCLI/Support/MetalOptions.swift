import Foundation
import LayerFXArguments
import LayerFXComposition
import LayerFXFiles
import LayerFXMetal
import LayerFXResolver

/// The options of commands that name kernels, for `.metal` functions
/// (`Shaders/LayerEffects/Ripple.metal:Ripple`, ``LayerFXComposition/KernelReference``): each
/// command maps them to one ``LayerFXResolver/KernelResolver``.
enum MetalOptions {
  /// The options of commands that take a `.metal` function.
  static let specs: [OptionSpec] =
    [
      .value(
        "half", "float|binary16",
        "how a .metal file's half is computed (default float); only with a .metal function"),
      .value(
        "shader-timeout", "SECONDS",
        "how long a .metal function may run per frame before it is stopped, at most 3600 (an "
          + "hour; default 30)"),
    ] + librarySpecs

  /// The options that make a library of several `.metal` files, as an app's default library
  /// holds every `.metal` file it ships.
  static let librarySpecs: [OptionSpec] = [
    .value(
      "metal", "FILE.metal",
      "a .metal file compiled and linked with the .metal functions named, so one file calls "
        + "helpers defined in another (repeatable)", repeatable: true),
    .value(
      "library", "DIR",
      "every *.metal file below DIR joins the library, whose functions may then be named "
        + "without FILE.metal: (repeatable)", repeatable: true),
  ]

  /// The library's files and folders given by `--metal` and `--library`.
  static func libraryPaths(_ arguments: ParsedArguments) -> [String] {
    arguments.all("library") + arguments.all("metal")
  }

  /// Refuses a `--library` value that is not a folder, and a `--metal` value that is one.
  ///
  /// A link to a folder is one. A missing `--library` folder, or a file, which the library would
  /// otherwise read as one `.metal` file, is refused first; then a `--metal` folder, which the
  /// library would otherwise read as `--library` does. A missing `--metal` file is left to the
  /// library, which says "cannot read: no such file".
  ///
  /// - Throws: ``LibraryFolderError`` (exit 66) for the first such value.
  static func checkLibraryFolders(_ arguments: ParsedArguments) throws(LibraryFolderError) {
    func isFolder(_ path: String) -> Bool? {
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      return exists ? isFolder.boolValue : nil
    }
    for path in arguments.all("library") {
      switch isFolder(path) {
      case nil: throw .noFolder(path)
      case false: throw .notFolder(path)
      case true: continue
      }
    }
    for path in arguments.all("metal") where isFolder(path) == true {
      throw .folderForMetal(path)
    }
  }

  /// The resolver the options give: the library of `--library` and `--metal`, compiled with
  /// `--half` and `--shader-timeout` (over a config's `debug.shaderTimeout`, `shaderTimeout`,
  /// over the runner's default), `LAYERFX_METAL_FORM` (``formChoice(_:)``) and
  /// `LAYERFX_METAL_LANES` (``usesLaneForm(_:)``), all read only
  /// when `.metal` code is compiled; the errors of a failed compile with several go to
  /// standard error, one line each, in clang's order.
  ///
  /// The resolver throws ``UsageError`` for a bad `--half`, `--shader-timeout`,
  /// `LAYERFX_METAL_FORM` or `LAYERFX_METAL_LANES`, and ``LibraryFolderError`` for a
  /// `--library` that is not a folder or a `--metal` that is one (``checkLibraryFolders(_:)``).
  static func resolver(
    _ arguments: ParsedArguments, console: Console, shaderTimeout: Double? = nil
  ) -> KernelResolver {
    KernelResolver(libraryPaths: libraryPaths(arguments)) {
      try checkLibraryFolders(arguments)
      var options = MetalCompileOptions()
      options.half = try half(arguments) ?? options.half
      let environment = ProcessInfo.processInfo.environment
      options.formChoice = try formChoice(environment) ?? options.formChoice
      options.usesLaneForm = try usesLaneForm(environment) ?? options.usesLaneForm
      options.shaderTimeout =
        try arguments.value("shader-timeout", as: .shaderTimeout) ?? shaderTimeout
        ?? options.shaderTimeout
      return options
    } reportError: {
      console.error("layerfx: error: \($0)")
    }
  }

  /// The form choice the environment variable `LAYERFX_METAL_FORM` names (`measured`,
  /// `verdict` or `lanes`, ``LayerFXMetal/MetalCompileOptions/FormChoice``), or `nil` when it
  /// is unset or empty.
  ///
  /// - Parameter environment: The process's environment.
  /// - Returns: The choice, or `nil` for the library's default.
  /// - Throws: ``UsageError/invalidValue(option:value:expected:)``-style ``UsageError`` (exit
  ///   64) for another value, which the library alone would take as `measured`.
  static func formChoice(_ environment: [String: String]) throws(UsageError)
    -> MetalCompileOptions.FormChoice?
  {
    try choice(
      "LAYERFX_METAL_FORM", in: environment,
      MetalCompileOptions.FormChoice.allCases.map { ($0.rawValue, $0) })
  }

  /// Whether the environment variable `LAYERFX_METAL_LANES` turns the lane form on (`1`) or off
  /// (`0`, ``LayerFXMetal/MetalCompileOptions/usesLaneForm``), or `nil` when it is unset or
  /// empty.
  ///
  /// - Parameter environment: The process's environment.
  /// - Returns: The setting, or `nil` for the library's default (on).
  /// - Throws: ``UsageError`` (exit 64) for another value, which the library alone would take as
  ///   on (`LAYERFX_METAL_LANES=off` had left the lane form on).
  static func usesLaneForm(_ environment: [String: String]) throws(UsageError) -> Bool? {
    try choice("LAYERFX_METAL_LANES", in: environment, [("0", false), ("1", true)])
  }

  /// The value of the environment variable `name` among `choices` (each value's text and
  /// meaning), or `nil` when it is unset or empty.
  ///
  /// - Throws: ``UsageError`` (exit 64) naming the variable, the value and the choices for
  ///   another value.
  private static func choice<Value>(
    _ name: String, in environment: [String: String], _ choices: [(text: String, value: Value)]
  ) throws(UsageError) -> Value? {
    guard let text = environment[name], !text.isEmpty else { return nil }
    guard let match = choices.first(where: { $0.text == text }) else {
      let names = choices.map(\.text)
      throw .invalid(
        "invalid value '\(text)' for environment variable \(name): expected "
          + MessageText.list(names, conjunction: "or"))
    }
    return match.value
  }

  /// The `--half` option, if given.
  ///
  /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` for another value than
  ///   `float` or `binary16`.
  static func half(_ arguments: ParsedArguments) throws(UsageError)
    -> MetalCompileOptions.HalfPrecision?
  {
    try arguments.value(
      "half",
      as: .named(
        MetalCompileOptions.HalfPrecision.allCases.map { ($0.rawValue, $0) },
        expected: "float or binary16"))
  }

  /// Refuses a bad `--shader-timeout` value, and `--half` when no `.metal` function is part of
  /// the command: none of its positional arguments and `--effect` values, nor the files
  /// `config` names, is one, and no library is given
  /// (``LayerFXResolver/KernelResolver/compilesMetal(_:)``).
  ///
  /// `--half` says how a `.metal` file's `half` is computed; the built-ins compute `half` in
  /// `Float` lanes whatever it says (Documentation/Semantics.md §8.1), so accepting it would
  /// promise a change that never happens. `--shader-timeout` is read by the resolver only when
  /// `.metal` code compiles, so without this check a value such as `abc` passed unseen.
  ///
  /// - Throws: ``UsageError`` (exit 64): a bad `--half` or `--shader-timeout` value, or
  ///   `--half` without a `.metal` function.
  static func checkOptions(_ arguments: ParsedArguments, config: DebugConfig? = nil)
    throws(UsageError)
  {
    _ = try arguments.value("shader-timeout", as: .shaderTimeout)
    guard try half(arguments) != nil else { return }
    let named = arguments.positionals + arguments.all("effect") + (config?.files ?? [])
    guard !KernelResolver(libraryPaths: libraryPaths(arguments)).compilesMetal(named) else {
      return
    }
    throw .invalid(
      "--half \(arguments.value("half") ?? "") applies to .metal functions only, and the "
        + "command names none")
  }
}
