import Foundation
import LayerFX
import LayerFXMetal

/// `layerfx list FILE.metal [--json]`: the stitchable functions of a `.metal` file, with their
/// kinds and parameters as written in Metal; `--json` in the layout of `layerfx list --json`
/// (``KernelListing``).
enum MetalListCommand {
  /// Lists the functions when the command's one positional is a `.metal` file; returns whether
  /// it did.
  static func run(_ arguments: ParsedArguments, console: Console) throws -> Bool {
    guard arguments.positionals.count == 1, let path = arguments.positionals.first,
      MetalFunctionReference.isMetal(path)
    else { return false }
    let library = try MetalFunctionReference.library(
      MetalFunctionReference.split(path).path, arguments: arguments, console: console)
    if arguments.has("json") {
      // The built-ins' layout (`layerfx list --json`), each type as the file writes it.
      let listing = library.library.functions.map { function in
        let signature = library.signatures.first { $0.name == function.name }
        return KernelListing(
          function,
          metalTypes: Dictionary(
            (signature?.parameters ?? []).map { ($0.name, $0.metalType) }
          ) { first, _ in first })
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      console.print(String(decoding: try encoder.encode(listing), as: UTF8.self))
      return true
    }
    for signature in library.signatures {
      console.print("\(signature.name) (\(signature.kind.rawValue) effect, line \(signature.line))")
      for parameter in signature.parameters {
        let count = parameter.countParameter.map { ", \($0.metalType) \($0.name)" } ?? ""
        console.print(
          "  \(parameter.name): \(parameter.metalType)\(count) (\(parameter.type.rawValue))")
      }
    }
    return true
  }
}
