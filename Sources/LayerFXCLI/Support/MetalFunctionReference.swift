import Foundation
import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXFiles
import LayerFXKernels
import LayerFXMetal

/// A kernel named on the command line: a built-in (`ripple`) or a function of a `.metal` file
/// (`Shaders/LayerEffects/Ripple.metal:Ripple`, ``LayerFXComposition/KernelReference``),
/// compiled by the runner.
enum MetalFunctionReference {
  /// The options of commands that take a `.metal` function.
  static let specs: [OptionSpec] =
    [
      .value(
        "half", "float|binary16",
        "how a .metal file's half is computed (default float); only with a .metal function"),
      .value(
        "shader-timeout", "SECONDS",
        "how long a .metal function may run per frame before it is stopped (default 30)"),
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

  /// The largest `.metal` source read, in bytes (16 MiB).
  static let maxSourceByteCount = 16 << 20

  /// Compiles the `.metal` file at `path` (if any) with the library's other files (`--metal`,
  /// `--library`) and the `--half` option; each file is read through ``InputFile`` (a regular
  /// file, at most ``maxSourceByteCount`` bytes).
  ///
  /// - Throws: ``UsageError`` for a bad `--half`; ``MetalCompileError`` when a file cannot be
  ///   read or compiled (clang's errors, one line each, are printed first).
  static func library(
    _ path: String?, arguments: ParsedArguments, console: Console, shaderTimeout: Double? = nil
  ) throws -> MetalLibrary {
    var options = MetalCompileOptions()
    options.half = try half(arguments) ?? options.half
    // --shader-timeout over a config's debug.shaderTimeout over the runner's default.
    options.shaderTimeout =
      try arguments.value("shader-timeout", as: .positiveNumber) ?? shaderTimeout
      ?? options.shaderTimeout
    do {
      let paths = (path.map { [$0] } ?? []) + libraryPaths(arguments)
      return try MetalLibrary(paths: paths, options: options)
    } catch {
      // Matching the case in the catch clause crashes the 6.3 compiler (an ownership error).
      guard case .compileFailed(let diagnostics, let output) = error else { throw error }
      let errors = diagnostics.filter { $0.severity == "error" }
      for diagnostic in errors.dropFirst() { console.error("layerfx: error: \(diagnostic)") }
      throw MetalCompileError.compileFailed(diagnostics: Array(errors.prefix(1)), output: output)
    }
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

  /// Refuses `--half` when no `.metal` function is part of the command: none of its
  /// positional arguments and `--effect` values, nor the files `config` names, is one.
  ///
  /// `--half` says how a `.metal` file's `half` is computed; the built-ins compute `half` in
  /// `Float` lanes whatever it says (Documentation/Semantics.md §8.1), so accepting it would
  /// promise a change that never happens.
  ///
  /// - Throws: ``UsageError`` (exit 64): a bad `--half` value, or `--half` without a `.metal`
  ///   function.
  static func checkHalf(_ arguments: ParsedArguments, config: DebugConfig? = nil)
    throws(UsageError)
  {
    guard try half(arguments) != nil else { return }
    let named = arguments.positionals + arguments.all("effect") + (config?.files ?? [])
    guard !named.contains(where: KernelReference.isMetal), libraryPaths(arguments).isEmpty else {
      return
    }
    throw .invalid(
      "--half \(arguments.value("half") ?? "") applies to .metal functions only, and the "
        + "command names none")
  }

  /// The function `text` names: `FILE.metal:FUNCTION` compiled with the library's other files;
  /// with `--metal` or `--library`, a bare name of one of the library's functions; else a
  /// built-in.
  static func function(
    _ text: String, arguments: ParsedArguments, console: Console, shaderTimeout: Double? = nil
  ) throws -> ShaderFunction {
    guard KernelReference.isMetal(text) else {
      if !libraryPaths(arguments).isEmpty {
        let library = try library(
          nil, arguments: arguments, console: console, shaderTimeout: shaderTimeout)
        if let function = library.library.functions.first(where: { $0.name == text }) {
          return function
        }
      }
      return try ShaderLibrary.default.function(named: text)
    }
    let (path, name) = KernelReference.split(text)
    let library = try library(
      path, arguments: arguments, console: console, shaderTimeout: shaderTimeout)
    guard let name else {
      let names = library.library.functions.map(\.name).joined(separator: ", ")
      throw UsageError.invalid("\(path): name a function, FILE.metal:FUNCTION (one of \(names))")
    }
    if let problem = library.uncallable.first(where: {
      if case .unsupportedSignature(_, name, _, _) = $0 { true } else { false }
    }) {
      throw problem
    }
    return try library.library.function(named: name)
  }
}

extension MetalFaultError: ExitCoded {
  /// A fault of compiled shader code is bad input: 65, `EX_DATAERR`.
  var exitCode: ExitCode { .dataError }
}

extension MetalCompileError: ExitCoded {
  /// The sysexits code of the error's cause (``LayerFXMetal/MetalCompileError/summary``).
  var exitCode: ExitCode {
    switch summary.cause {
    case .compilerMissing: .configuration
    case .unreadable: .noInput
    case .invalidSource: .dataError
    case .diskFailing: .ioError
    case .cannotCreate: .cannotCreate
    case .outOfMemory: .osError
    case .unrecognised: .software
    }
  }
  var line: String { summary.line }
}
