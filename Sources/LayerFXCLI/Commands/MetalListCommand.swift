import Foundation
import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXMetal
import LayerFXResolver

/// `layerfx list FILE.metal [--metal FILE.metal …] [--library DIR …] [--json]`: the stitchable
/// functions of a `.metal` file or library, with their kinds and parameters as written in
/// Metal; `--json` in the layout of `layerfx list --json` (``LayerFXComposition/ShaderFunctionListing``).
enum MetalListCommand {
  /// Lists the functions when the command's one positional is a `.metal` file, or it has none
  /// and `--metal` or `--library` names a library; returns whether it did.
  ///
  /// - Throws: ``UsageError/unexpectedArgument(_:)`` naming the second positional after a
  ///   `.metal` file (the one list takes), with the `--metal` that adds a second `.metal` file
  ///   to the library; what resolving the library throws.
  static func run(_ arguments: ParsedArguments, console: Console) throws -> Bool {
    let positionals = arguments.positionals
    if positionals.count > 1, KernelReference.isMetal(positionals[0]) {
      let extra = positionals[1]
      guard KernelReference.isMetal(extra) else { throw UsageError.unexpectedArgument(extra) }
      throw UsageError.invalid(
        "unexpected argument '\(extra)': list takes one FILE.metal; add others to its library "
          + "with --metal \(extra)")
    }
    let hasLibrary = !MetalOptions.libraryPaths(arguments).isEmpty
    let path: String?
    if arguments.positionals.count == 1, let first = arguments.positionals.first,
      KernelReference.isMetal(first)
    {
      path = KernelReference.split(first).path
    } else if arguments.positionals.isEmpty && hasLibrary {
      path = nil
    } else {
      return false
    }
    let library = try MetalOptions.resolver(arguments, console: console).library(path)
    if arguments.has("json") {
      // The built-ins' layout (`layerfx list --json`), each type as the file writes it.
      let listing = library.namedFunctions.map {
        ShaderFunctionListing($0.function, metalTypes: $0.metalTypes)
      }
      console.print(try ShaderFunctionListing.json(listing))
      return true
    }
    for line in library.listing { console.print(line) }
    return true
  }
}
