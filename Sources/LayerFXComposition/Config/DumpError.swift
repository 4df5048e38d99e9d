import LayerFX

/// A function `config dump` cannot print as a complete config
/// (``DebugConfig/checkDumpable(_:given:name:maxSampleOffset:)``).
public enum DumpError: Error, Equatable, CustomStringConvertible {
  /// Parameters with neither a declared default nor a given value (every parameter of a
  /// `.metal` function, which declares no defaults), in declaration order; `kernel` is the
  /// function as written.
  case missingValues(kernel: String, parameters: [String])
  /// A layer or distortion effect that declares no `maxSampleOffset` (a `.metal` function) and
  /// was given none: its config would fail `config check` (SwiftUI's modifier requires one,
  /// Documentation/Semantics.md §4.1).
  case missingOffset(kernel: String, kind: EffectKind)

  /// One line naming the function and its parameters, and the effect text that gives them
  /// (``KernelReference``): `f.metal:f: a has no default; give it after the function,
  /// f.metal:f:a=VALUE`.
  public var description: String {
    switch self {
    case .missingValues(let kernel, let parameters):
      let one = parameters.count == 1
      return "\(kernel): \(parameters.joined(separator: ", ")) \(one ? "has" : "have") no "
        + "default; give \(one ? "it" : "them") after the function, "
        + "\(kernel):\(parameters.map { "\($0)=VALUE" }.joined(separator: ","))"
    case .missingOffset(let kernel, let kind):
      return "\(kernel): a \(kind.rawValue) effect that declares no maxSampleOffset (a .metal "
        + "function cannot), as SwiftUI's \(kind.rawValue)Effect(_:maxSampleOffset:) requires; "
        + "give it after the function, \(kernel):maxSampleOffset=X,Y (points; to measure one, "
        + "render with --check-bounds)"
    }
  }
}
