import LayerFX

extension MetalLibrary {
  /// The functions a user names: the library's own, not those of the helper files its
  /// default library adds; each with its parameters' types as the source writes them
  /// (`device const float *`), by name.
  public var namedFunctions: [(function: ShaderFunction, metalTypes: [String: String])] {
    library.functions.filter { function in
      !signatures.contains { $0.name == function.name && helperFiles.contains($0.file) }
    }.map { function in
      let signature = signatures.first { $0.name == function.name }
      let types = Dictionary(
        (signature?.parameters ?? []).map { ($0.name, $0.metalType) }
      ) { first, _ in first }
      return (function, types)
    }
  }

  /// The stitchable functions as `layerfx list FILE.metal` prints them, one line each.
  ///
  /// Per function a line `NAME (KIND effect, PLACE)` and a line per parameter
  /// `  NAME: METAL TYPE (TYPE)`, where TYPE, the `--arg` type, is left out when it is the Metal
  /// type as written (`time: float`, but `to: half4 (color)`), then a line for each function
  /// not callable from SwiftUI with the reason. PLACE is `line N` for one file, `FILE:N` for a
  /// library of several. A `float2` that the command line fills when it is left out, as
  /// built-ins' (Documentation/Semantics.md §1.2), says so after its types: a view size
  /// `size: float2 (default: the image's size, points)`, a position
  /// `center: float2 (default: the image's centre, points)`.
  public var listing: [String] { listing(of: nil) }

  /// The lines of ``listing`` for the function `name` alone (`layerfx list FILE.metal:NAME`),
  /// or for every function when `name` is `nil`.
  ///
  /// - Parameter name: A function's Metal name, or `nil`.
  /// - Returns: Its lines; none when the library has no function `name`.
  public func listing(of name: String?) -> [String] {
    var lines: [String] = []
    for signature in signatures
    where !helperFiles.contains(signature.file) && (name == nil || signature.name == name) {
      let place =
        files.count - helperFiles.count > 1
        ? "\(signature.file):\(signature.line)" : "line \(signature.line)"
      lines.append("\(signature.name) (\(signature.kind.rawValue) effect, \(place))")
      let roles = library.functions.first { $0.name == signature.name }?.parameters
      for parameter in signature.parameters {
        let count = parameter.countParameter.map { ", \($0.metalType) \($0.name)" } ?? ""
        let written = parameter.metalType + count
        // `float (float)` would say one thing twice: the `--arg` type only where it differs.
        var notes = written == parameter.type.rawValue ? [] : [parameter.type.rawValue]
        let role = roles?.first { $0.name == parameter.name }?.role
        if let filled = Self.imageDefault(of: parameter.type, role: role) { notes.append(filled) }
        let noted = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
        lines.append("  \(parameter.name): \(written)\(noted)")
      }
    }
    for case .unsupportedSignature(let file, let function, let line, let message) in uncallable
    where name == nil || function == name {
      let place = files.count > 1 ? "\(file):\(line)" : "line \(line)"
      lines.append("\(function) (not callable from SwiftUI, \(place)): \(message)")
    }
    return lines
  }

  /// What the command line gives a parameter of `type` with `role` left out, as the listing
  /// says it: the image's size for a `float2` view size, its centre for a `float2` position
  /// (LayerFXComposition's `ShaderFunction.Parameter.viewArgument`, which fills them).
  private static func imageDefault(of type: Shader.ArgumentType, role: ShaderFunction.Role?)
    -> String?
  {
    guard type == .float2 else { return nil }
    switch role {
    case .viewSize?: return "default: the image's size, points"
    case .position?: return "default: the image's centre, points"
    default: return nil
    }
  }
}
