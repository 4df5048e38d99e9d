import Foundation
import LayerFX
import LayerFXMetal

/// `layerfx list FILE.metal [--json]`: the stitchable functions of a `.metal` file, with their
/// kinds and parameters as written in Metal.
enum MetalListCommand {
  /// One function in `--json` output.
  struct Listing: Encodable {
    struct Parameter: Encodable {
      let name: String
      let type: String
      let argument: String
      let count: String?
    }
    let name: String
    let kind: String
    let line: Int
    let parameters: [Parameter]
  }

  /// Lists the functions when the command's one positional is a `.metal` file; returns whether
  /// it did.
  static func run(_ arguments: ParsedArguments, console: Console) throws -> Bool {
    guard arguments.positionals.count == 1, let path = arguments.positionals.first,
      MetalFunctionReference.isMetal(path)
    else { return false }
    let library = try MetalFunctionReference.library(
      MetalFunctionReference.split(path).path, arguments: arguments, console: console)
    if arguments.has("json") {
      let listing = library.signatures.map { signature in
        Listing(
          name: signature.name, kind: signature.kind.rawValue, line: signature.line,
          parameters: signature.parameters.map {
            Listing.Parameter(
              name: $0.name, type: $0.metalType, argument: $0.type.rawValue,
              count: $0.countParameter.map { "\($0.metalType) \($0.name)" })
          })
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
