import LayerFX
import LayerFXFiles

/// A function none of whose parameters takes the position role because two or more of its
/// `float2` parameters have a position's name (``LayerFX/ShaderFunction/Role/positionNames``):
/// what a refusal of taps or triggers says instead of "has no position parameter".
struct AmbiguousPosition {
  /// The function's name.
  let function: String
  /// Its position-named `float2` parameters, in the signature's order; two or more.
  let names: [String]

  /// The first of `functions` whose position names are ambiguous, or `nil` when none is.
  init?(among functions: [ShaderFunction]) {
    for function in functions {
      let float2s = function.parameters.filter { $0.type == .float2 }.map(\.name)
      let names = ShaderFunction.Role.ambiguousPositions(among: float2s)
      if !names.isEmpty {
        self.function = function.name
        self.names = names
        self.problem =
          "\(function.name)'s is ambiguous: its float2 parameters "
          + MessageText.list(names, conjunction: "and") + " "
          + (names.count == 2 ? "both" : "all") + " have a position's name"
        return
      }
    }
    return nil
  }

  /// The problem, after "but": `ring's is ambiguous: its float2 parameters center and origin
  /// both have a position's name`.
  let problem: String

  /// The names to choose from: `center or origin`, `center, origin or touch`.
  var choices: String { MessageText.list(names, conjunction: "or") }
}
