import Foundation
import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXMetal
import LayerFXResolver

/// `layerfx list FILE.metal[:FUNCTION] [--metal FILE.metal …] [--library DIR …] [--json]`: the
/// stitchable functions of a `.metal` file or library (or the one named), with their kinds and
/// parameters as written in Metal; `--json` in the layout of `layerfx list --json` (``LayerFXComposition/ShaderFunctionListing``).
enum MetalListCommand {
  /// Lists the functions when the command's one positional is a `.metal` file, or it has none
  /// and `--metal` or `--library` names a library; returns whether it did.
  ///
  /// A positional `FILE.metal:FUNCTION` lists that function alone, and so does a name with a
  /// library that has a function of that name: looked up as `apply NAME --library DIR` looks it
  /// up, in the library before the built-ins (a name the library lacks is left to `list`'s
  /// built-ins: nothing is listed here).
  ///
  /// - Throws: ``UsageError/unexpectedArgument(_:)`` naming the second positional after a
  ///   `.metal` file (the one list takes), with the `--metal` that adds a second `.metal` file
  ///   to the library; what resolving the library throws, and the function named
  ///   (`ShaderArgumentError.unknownFunction` for a name the file does not have).
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
    let function: String?
    let isName = positionals.count == 1 && !KernelReference.isMetal(positionals[0])
    if positionals.count == 1, let first = positionals.first, KernelReference.isMetal(first) {
      (path, function) = KernelReference.split(first)
    } else if (positionals.isEmpty || isName) && hasLibrary {
      (path, function) = (nil, positionals.first)
    } else {
      return false
    }
    let resolver = MetalOptions.resolver(arguments, console: console)
    let library = try resolver.library(path)
    if isName, !library.namedFunctions.contains(where: { $0.function.name == function }) {
      return false
    }
    // FILE.metal:FUNCTION lists that function alone, as list KERNEL does a built-in; a name the
    // file lacks is refused as apply refuses it.
    if let function, let first = arguments.positionals.first {
      _ = try resolver.function(first)
      if arguments.has("json") {
        let named = library.namedFunctions.filter { $0.function.name == function }
        try printJSON(named, console: console)
      } else {
        for line in library.listing(of: function) { console.print(line) }
      }
      return true
    }
    if arguments.has("json") {
      try printJSON(library.namedFunctions, console: console)
      return true
    }
    for line in library.listing { console.print(line) }
    return true
  }

  /// Prints `functions` in the built-ins' layout (`layerfx list --json`), each type as the file
  /// writes it.
  private static func printJSON(
    _ functions: [(function: ShaderFunction, metalTypes: [String: String])], console: Console
  ) throws {
    let listing = functions.map { ShaderFunctionListing($0.function, metalTypes: $0.metalTypes) }
    console.print(try ShaderFunctionListing.json(listing))
  }
}
