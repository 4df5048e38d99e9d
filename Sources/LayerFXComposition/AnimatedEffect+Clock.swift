import LayerFX
import LayerFXAnimation
import LayerFXMath

extension ShaderFunction {
  /// The parameter an animation clock drives: the `float` parameter `name` when the function
  /// has one (a front end's `--time-parameter`), else its time-since-trigger parameter; `nil`
  /// when it has neither.
  public func clockParameter(named name: String?) -> String? {
    if let name, parameters.contains(where: { $0.name == name && $0.type == .float }) {
      return name
    }
    return parameter(role: .timeSinceTrigger)?.name
  }
}

extension AnimatedEffect {
  /// Returns an effect of `function` whose clock parameter runs on the chain's clock.
  ///
  /// The clock parameter (`ShaderFunction.clockParameter(named:)`), unless an
  /// argument gives it, runs from 0 to `length` seconds; every other `float` parameter holds its
  /// default. Without a clock parameter, or with its value given, the effect is the same in
  /// every frame.
  ///
  /// - Parameters:
  ///   - function: The shader function.
  ///   - arguments: Its bound arguments by name.
  ///   - timeParameter: The `float` parameter to drive instead of the time-since-trigger one.
  ///   - length: The clock's length, seconds ≥ 0.
  ///   - maxSampleOffset: The effect's own offset, points; `nil` for the shared or declared one.
  /// - Returns: The effect.
  ///
  /// Source: `Documentation/Semantics.md` §5 (the clock).
  public static func onClock(
    _ function: ShaderFunction, arguments: [(name: String, value: Shader.Argument)],
    timeParameter: String?, length: Double, maxSampleOffset: float2?
  ) -> AnimatedEffect {
    guard let clock = function.clockParameter(named: timeParameter),
      !arguments.contains(where: { $0.name == clock })
    else {
      return AnimatedEffect(function, arguments: arguments, maxSampleOffset: maxSampleOffset)
    }
    // A .metal function's time has no default, so it is not among the animatable values yet.
    var values = ParameterValues(defaultsOf: function)
    if !values.contains(clock) {
      values = ParameterValues(names: values.names + [clock], values: values.values + [0])
    }
    let timeline = KeyframeTimeline(
      initialValue: values, clock: ParameterValues.keyPath(clock), duration: length)
    return AnimatedEffect(
      function, arguments: arguments, timeline: timeline, maxSampleOffset: maxSampleOffset)
  }

  /// This effect for an image of `sizeInPoints`: with the view's arguments it leaves out, or,
  /// with `taps`, replayed by them as a debug config's effect is with its triggers
  /// (``DebugConfig/Effect/animated(triggers:sizeInPoints:initialValue:)``).
  ///
  /// One with a time parameter is replayed by every tap, its position parameter at the tap's
  /// point, and drawn while its time lies in (0, `duration`), stacked one pass per active tap
  /// in tap order; one without follows the chain's clock with its position at the first tap's
  /// point.
  ///
  /// - Parameters:
  ///   - taps: The taps; none for the effect on the animation clock as it is.
  ///   - duration: Each replay's window, seconds > 0.
  ///   - timeParameter: The `float` parameter the taps' clocks drive, when the effect has one
  ///     of that name.
  ///   - sizeInPoints: The image's size, points.
  /// - Returns: The effect to render.
  ///
  /// Source: `Documentation/Semantics.md` §5.3 (triggers).
  public func replayed(
    by taps: [Trigger], duration: Double, timeParameter: String?, sizeInPoints: float2
  ) -> AnimatedEffect {
    guard !taps.isEmpty else { return withViewArguments(sizeInPoints: sizeInPoints) }
    var function = function
    if let timeParameter,
      function.parameters.contains(where: { $0.name == timeParameter && $0.type == .float })
    {
      function = function.assigningRole(.timeSinceTrigger, to: timeParameter)
    }
    var entry = DebugConfig.Effect(function, duration: duration)
    entry.arguments = arguments
    entry.maxSampleOffset = maxSampleOffset
    // The config's rules supply the view's size and, without a clock, the first tap's point.
    return entry.animated(triggers: taps, sizeInPoints: sizeInPoints)
  }
}
