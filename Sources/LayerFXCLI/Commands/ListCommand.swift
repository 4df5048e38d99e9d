import Foundation
import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXKernels
import LayerFXResolver

/// `layerfx list`: the built-in kernels and their parameters.
enum ListCommand: CommandDefinition {
  static let name = "list"
  static let summary =
    "List the built-in kernels, or a .metal file's functions, with their parameters."
  static let synopsis = "[FILE.metal] [--metal FILE.metal ...] [--library DIR ...] [options]"
  static let discussion = """
    For each kernel: its name, kind and summary, then each parameter after SwiftUI's own with
    its Metal type, unit, default, valid and suggested range. --json prints the same as one
    JSON array: objects with name, kind, summary and parameters (each with name, type as Metal
    spells it, unit, default, imageDefault (imageSize or imageCentre: what the command line
    gives one left out), required, range as JSON Schema bounds, suggestedRange, role,
    summary).
    With FILE.metal, or a library of .metal files (--metal FILE.metal, --library DIR: every
    *.metal file below DIR), the library's [[ stitchable ]] functions instead, with the file
    and line of each when the library has several files.
    """
  static let options: [OptionSpec] =
    [.flag("json", "print one JSON array instead of lines")]
    + MetalOptions.librarySpecs

  static func run(_ arguments: ParsedArguments, console: Console) throws {
    if try MetalListCommand.run(arguments, console: console) { return }  // list FILE.metal
    if let first = arguments.positionals.first { try KernelResolver.checkNotFolder(first) }
    _ = try arguments.positionals()
    if arguments.has("json") {
      console.print(
        try ShaderFunctionListing.json(
          ShaderLibrary.default.functions.map { ShaderFunctionListing($0) }))
      return
    }
    for function in ShaderLibrary.default.functions {
      console.print("\(function.name) (\(function.kind.rawValue) effect): \(function.summary)")
      for parameter in function.parameters {
        console.print("  \(parameter.name): \(parameter.type.metalName), \(parameter.helpText)")
      }
    }
  }
}
