import LayerFX
import LayerFXComposition
import LayerFXMath

/// `--tap X,Y@T` and `--position-parameter NAME` on `layerfx apply`: taps for any effect with a
/// position parameter, as `layerfx ripple` has them for its kernel.
///
/// With taps, each effect is built as a debug config's effect is with its triggers
/// (``DebugConfig/Effect/animated(triggers:sizeInPoints:initialValue:)``): one with a time
/// parameter is replayed by every tap, its position parameter at the tap's point, and drawn while
/// its time lies in (0, `--duration`), stacked one pass per active tap in tap order; one without
/// follows the chain's clock with its position at the first tap's point
/// (`Documentation/Semantics.md` §5.3).
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

  /// `effect` for an image of `sizeInPoints`: with the view's arguments it leaves out, or,
  /// with `taps`, replayed by them as a config's effect is.
  ///
  /// - Parameters:
  ///   - effect: The effect as the command line gives it (arguments, own offset).
  ///   - taps: The taps; none for the effect on the animation clock as it is.
  ///   - duration: Each replay's window, seconds > 0 (`--duration`).
  ///   - timeParameter: `--time-parameter`: the `float` parameter the taps' clocks drive, when
  ///     the effect has one of that name.
  ///   - sizeInPoints: The image's size, points.
  /// - Returns: The effect to render.
  static func effect(
    _ effect: AnimatedEffect, taps: [AnimatedEffect.Trigger], duration: Double,
    timeParameter: String?, sizeInPoints: float2
  ) -> AnimatedEffect {
    guard !taps.isEmpty else { return effect.withViewArguments(sizeInPoints: sizeInPoints) }
    var function = effect.function
    if let timeParameter,
      function.parameters.contains(where: { $0.name == timeParameter && $0.type == .float })
    {
      function = function.assigningRole(.timeSinceTrigger, to: timeParameter)
    }
    var entry = DebugConfig.Effect(function, duration: duration)
    entry.arguments = effect.arguments
    entry.maxSampleOffset = effect.maxSampleOffset
    // The config's rules supply the view's size and, without a clock, the first tap's point.
    return entry.animated(triggers: taps, sizeInPoints: sizeInPoints)
  }
}
