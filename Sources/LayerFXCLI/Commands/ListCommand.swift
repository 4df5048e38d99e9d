import Foundation
import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXKernels
import LayerFXResolver

/// `layerfx list [KERNEL]`: the built-in kernels (or one of them) and their parameters.
enum ListCommand: CommandDefinition {
  static let name = "list"
  static let summary =
    "List the built-in kernels, or a .metal file's functions, with their parameters."
  static let synopsis =
    "[KERNEL | FILE.metal[:FUNCTION]] [--metal FILE.metal ...] [--library DIR ...] [options]"
  static let discussion = """
    For each kernel: its name, kind and summary, then each parameter after SwiftUI's own with
    its Metal type, unit, default, valid and suggested range. --json prints the same as one
    JSON array: objects with name, kind, summary and parameters (each with name, type as Metal
    spells it, unit, default, imageDefault (imageSize or imageCentre: what the command line
    gives one left out), required, range as JSON Schema bounds, suggestedRange, role,
    summary). With KERNEL, that built-in kernel alone.
    With FILE.metal, or a library of .metal files (--metal FILE.metal, --library DIR: every
    *.metal file below DIR), the library's [[ stitchable ]] functions instead, with the file
    and line of each when the library has several files; with FILE.metal:FUNCTION, that
    function alone. With a library, KERNEL is looked up as apply looks it up: the library's
    function of that name, else the built-in.
    """
  static let options: [OptionSpec] =
    [.flag("json", "print one JSON array instead of lines")]
    + MetalOptions.librarySpecs

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    if try MetalListCommand.run(arguments, console: console) { return }  // list FILE.metal
    if let first = arguments.positionals.first { try KernelResolver.checkNotFolder(first) }
    let functions: [ShaderFunction]
    // A name the library given (--library, --metal) lacks is a built-in's, as apply takes it.
    if !arguments.positionals.isEmpty {
      functions = [try builtIn(named: arguments.positionals("KERNEL")[0])]
    } else {
      _ = try arguments.positionals()
      functions = ShaderLibrary.default.functions
    }
    if arguments.has("json") {
      console.print(try ShaderFunctionListing.json(functions.map { ShaderFunctionListing($0) }))
      return
    }
    for function in functions {
      console.print("\(function.name) (\(function.kind.rawValue) effect): \(function.summary)")
      for parameter in function.parameters {
        console.print("  \(parameter.name): \(parameter.type.metalName), \(parameter.helpText)")
      }
    }
  }

  /// Returns the built-in kernel `name` names, for `list KERNEL`.
  ///
  /// - Throws: ``UsageError/invalid(_:)`` when `name` is a file or looks like one (a kernel's
  ///   name has no `.` or `/`), which `list` takes only as a `.metal` file;
  ///   `ShaderArgumentError.unknownFunction(name:suggestion:available:)`, with a did-you-mean,
  ///   for any other name that is not a built-in kernel.
  private static func builtIn(named name: String) throws -> ShaderFunction {
    if name.contains(where: { $0 == "." || $0 == "/" })
      || FileManager.default.fileExists(atPath: name)
    {
      throw UsageError.invalid(
        "'\(name)' is neither a built-in kernel nor a .metal file: list takes KERNEL (one of "
          + "'layerfx list') or FILE.metal, whose name ends in .metal")
    }
    return try ShaderLibrary.default.function(named: name)
  }
}
