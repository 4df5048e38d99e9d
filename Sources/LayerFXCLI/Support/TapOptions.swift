import LayerFX
import LayerFXArguments
import LayerFXComposition
import LayerFXMath

/// `--tap X,Y@T` and `--position-parameter NAME` on `layerfx apply`: taps for any effect with a
/// position parameter, as `layerfx ripple` has them for its kernel.
///
/// With taps, each effect is replayed by them
/// (``LayerFXComposition/AnimatedEffect/replayed(by:duration:timeParameter:sizeInPoints:)``),
/// once ``LayerFXComposition/AnimatedEffect/checkTaps(_:for:)`` has found an effect that takes
/// their points.
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

  /// Refuses a `--tap` whose time no frame at `fps` reaches
  /// (``LayerFXComposition/AnimationLimits/startProblem(time:fps:noun:)``): the tap, not the
  /// rate, is the value to change.
  ///
  /// - Parameters:
  ///   - arguments: The command line; its `--tap` values are checked.
  ///   - fps: The animation's rate, frames per second; `nil` for a still, which any tap time fits.
  /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` naming the first such tap
  ///   as given (exit 64).
  static func checkTimes(_ arguments: ParsedArguments, fps: Double?) throws {
    guard let fps else { return }
    for (text, tap) in zip(arguments.all("tap"), try arguments.all("tap", as: .tap)) {
      if let problem = AnimationLimits.startProblem(time: tap.time, fps: fps, noun: "tap") {
        throw UsageError.invalidValue(option: "tap", value: text, expected: problem)
      }
    }
  }
}
