import Foundation
import LayerFX
import LayerFXComposition
import LayerFXMetal

/// `layerfx list FILE.metal [--metal FILE.metal …] [--library DIR …] [--json]`: the stitchable
/// functions of a `.metal` file or library, with their kinds and parameters as written in
/// Metal; `--json` in the layout of `layerfx list --json` (``LayerFXComposition/ShaderFunctionListing``).
enum MetalListCommand {
  /// Lists the functions when the command's one positional is a `.metal` file, or it has none
  /// and `--metal` or `--library` names a library; returns whether it did.
  static func run(_ arguments: ParsedArguments, console: Console) throws -> Bool {
    let hasLibrary = !MetalFunctionReference.libraryPaths(arguments).isEmpty
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
    let library = try MetalFunctionReference.library(path, arguments: arguments, console: console)
    if arguments.has("json") {
      // The built-ins' layout (`layerfx list --json`), each type as the file writes it.
      let named = library.library.functions.filter { function in
        !library.signatures.contains {
          $0.name == function.name && library.helperFiles.contains($0.file)
        }
      }
      let listing = named.map { function in
        let signature = library.signatures.first { $0.name == function.name }
        return ShaderFunctionListing(
          function,
          metalTypes: Dictionary(
            (signature?.parameters ?? []).map { ($0.name, $0.metalType) }
          ) { first, _ in first })
      }
      console.print(try ShaderFunctionListing.json(listing))
      return true
    }
    for signature in library.signatures where !library.helperFiles.contains(signature.file) {
      // One file: its line; a library: the file and line.
      let place =
        library.files.count - library.helperFiles.count > 1
        ? "\(signature.file):\(signature.line)" : "line \(signature.line)"
      console.print("\(signature.name) (\(signature.kind.rawValue) effect, \(place))")
      for parameter in signature.parameters {
        let count = parameter.countParameter.map { ", \($0.metalType) \($0.name)" } ?? ""
        console.print(
          "  \(parameter.name): \(parameter.metalType)\(count) (\(parameter.type.rawValue))")
      }
    }
    for case .unsupportedSignature(let file, let function, let line, let message)
      in library.uncallable
    {
      let place = library.files.count > 1 ? "\(file):\(line)" : "line \(line)"
      console.print("\(function) (not callable from SwiftUI, \(place)): \(message)")
    }
    return true
  }
}
