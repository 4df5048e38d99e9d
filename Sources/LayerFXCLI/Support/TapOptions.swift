import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXMath

/// `--tap X,Y@T` and `--position-parameter NAME` on `layerfx apply`: taps for any effect with a
/// position parameter, as `layerfx ripple` has them for its kernel.
///
/// With taps, each effect is replayed by them
/// (``LayerFXComposition/AnimatedEffect/replayed(by:duration:timeParameter:sizeInPoints:)``).
enum TapOptions {
  static let specs: [OptionSpec] = [
    .value(
      "tap", "X,Y@T",
      "a tap at X,Y points, T seconds into the animation: replays each effect with a position "
        + "parameter from there (repeatable)",
      repeatable: true),
    .value(
      "position-parameter", "NAME",
      "the float2 parameter a tap's point goes to (default: the one named origin, center, "
        + "touch, point, location, tapLocation or touchLocation)"),
  ]

  /// `function` with the `float2` parameter `--position-parameter` names in the position role,
  /// when it has a parameter of that name and type; else `function` unchanged.
  static func function(_ function: ShaderFunction, _ arguments: ParsedArguments) -> ShaderFunction {
    guard let name = arguments.value("position-parameter"),
      function.parameters.contains(where: { $0.name == name && $0.type == .float2 })
    else { return function }
    return function.assigningRole(.position, to: name)
  }

  /// Refuses taps whose points no effect takes.
  ///
  /// - Parameters:
  ///   - taps: The taps given; nothing is checked without them.
  ///   - effects: The effects, with the arguments the command line gave them.
  /// - Throws: ``UsageError`` (exit 64) naming `--tap` when no effect has a position parameter,
  ///   or when every one that has is given its value.
  static func check(_ taps: [AnimatedEffect.Trigger], for effects: [AnimatedEffect]) throws {
    guard !taps.isEmpty else { return }
    let takers = effects.filter { $0.parameterName(role: .position) != nil }
    guard !takers.isEmpty else {
      let names = effects.map(\.function.name)
      let which =
        names.count == 1
        ? "\(names[0]) has no position parameter"
        : "no effect (\(names.joined(separator: ", "))) has a position parameter"
      throw UsageError.invalid(
        "--tap puts its point in an effect's position parameter, but \(which): a float2 named "
          + ShaderFunction.Role.positionNames.joined(separator: ", ")
          + ", or the one --position-parameter NAME names")
    }
    let free = takers.filter { effect in
      !effect.arguments.contains { $0.name == effect.parameterName(role: .position) }
    }
    guard free.isEmpty, let effect = takers.first,
      let name = effect.parameterName(role: .position)
    else { return }
    throw UsageError.invalid(
      "--tap gives \(effect.function.name)'s position parameter '\(name)', which is also given a "
        + "value; leave \(name) out")
  }
}
