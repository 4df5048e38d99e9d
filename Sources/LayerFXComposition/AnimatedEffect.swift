import LayerFX
import LayerFXAnimation
import LayerFXMath

/// One effect of an animated chain: a shader function, its fixed arguments by name, keyframe
/// tracks for any of its `float` parameters, and the triggers that replay those tracks.
///
/// At chain time `t` (seconds) the effect gives its passes (``passes(at:sizeInPoints:)``):
/// - Without triggers, one pass with the timeline's value at `t`.
/// - With triggers, one pass per trigger fired at `t₀ ≤ t`, in trigger order, with the
///   timeline's value at `t − t₀` and the trigger's point in the parameter whose role is
///   `ShaderFunction.Role.position`: one timeline replayed per trigger
///   (`KeyframeAnimator`).
///
/// A pass is drawn only inside the enabled window: when ``duration`` is set, while the value of
/// the parameter whose role is `ShaderFunction.Role.timeSinceTrigger` (the clock) lies in
/// `(0, duration)`, the condition Apple's ripple sample puts on `isEnabled`. A fixed argument
/// wins over the timeline's value of the same name (animate a parameter by giving it a track,
/// not an argument); parameters given neither way take their declared defaults. Each
/// pass pads its layer by the function's declared `maxSampleOffset` for its arguments, or by
/// ``maxSampleOffset`` when set (SwiftUI's modifier argument), which a layer or distortion
/// function that declares none (a compiled `.metal` one,
/// `LayerFX.ShaderFunction.requiresMaxSampleOffset`) must have, as SwiftUI's modifier requires.
///
/// Source: `Documentation/Semantics.md` §4 (padding), §5 (clock, window, taps), §7 (keyframes);
/// Apple, WWDC24 session 10151 "Create custom visual effects with SwiftUI".
public struct AnimatedEffect: Sendable {
  /// A trigger: a time in seconds on the chain's clock and a point in points.
  public typealias Trigger = KeyframeAnimator<ParameterValues, float2>.Trigger

  /// The shader function.
  public var function: ShaderFunction

  /// Arguments that do not change over time, by parameter name.
  public var arguments: [(name: String, value: Shader.Argument)]

  /// The replays of the animated `float` parameters: its timeline's names must be parameters
  /// of ``function``.
  public var animator: KeyframeAnimator<ParameterValues, float2>

  /// The enabled window of the clock parameter, `(0, duration)` seconds; `nil` for always
  /// enabled.
  public var duration: Double?

  /// The offset every pass pads its layer by and holds samples to, points per axis; `nil` for
  /// the function's declared one (then ``passes(at:sizeInPoints:)`` throws for a function that
  /// declares none).
  public var maxSampleOffset: float2?

  /// Whether the effect draws at all (SwiftUI's `isEnabled`).
  public var isEnabled: Bool

  /// Creates an animated effect.
  ///
  /// - Parameters:
  ///   - function: The shader function.
  ///   - arguments: Fixed arguments by name.
  ///   - timeline: The animated parameters over seconds (since each trigger, or on the chain's
  ///     clock without triggers); by default, every `float` parameter held at its default.
  ///   - triggers: Times (seconds) and points (points) that replay the timeline.
  ///   - duration: The enabled window of the clock parameter, seconds; `nil` for always.
  ///   - maxSampleOffset: Points per axis; `nil` for the declared offset. Required for a
  ///     layer or distortion function that declares none (a `.metal` one).
  ///   - isEnabled: Whether the effect draws.
  public init(
    _ function: ShaderFunction, arguments: [(name: String, value: Shader.Argument)] = [],
    timeline: KeyframeTimeline<ParameterValues>? = nil, triggers: [Trigger] = [],
    duration: Double? = nil, maxSampleOffset: float2? = nil, isEnabled: Bool = true
  ) {
    self.function = function
    self.arguments = arguments
    let values = ParameterValues(defaultsOf: function)
    self.animator = KeyframeAnimator(
      timeline: timeline ?? KeyframeTimeline(constant: values),
      triggers: triggers)
    self.duration = duration
    self.maxSampleOffset = maxSampleOffset
    self.isEnabled = isEnabled
  }

  /// Returns `function` replayed by each trigger with Apple's clock: its time-since-trigger
  /// parameter runs from 0 to `duration` over `duration` seconds after each trigger, drawn
  /// while in `(0, duration)`; every other `float` parameter holds its value in `initialValue`.
  ///
  /// - Parameters:
  ///   - function: A shader function with a `ShaderFunction.Role.timeSinceTrigger` parameter.
  ///   - duration: Seconds, finite and > 0.
  ///   - triggers: Times (seconds) and points (points), such as taps.
  ///   - initialValue: The animatable values; the function's declared defaults unless given.
  /// - Returns: The effect.
  /// - Precondition: `function` has a time-since-trigger parameter and `duration` is finite
  ///   and > 0; checked in release.
  ///
  /// Source: Apple, WWDC24 session 10151 (the ripple's `keyframeAnimator`);
  /// `Documentation/Semantics.md` §5.
  public static func triggered(
    _ function: ShaderFunction, duration: Double, triggers: [Trigger],
    initialValue: ParameterValues? = nil
  ) -> AnimatedEffect {
    guard let clock = function.parameter(role: .timeSinceTrigger)?.name else {
      preconditionFailure("\(function.name) has no time-since-trigger parameter")
    }
    precondition(duration.isFinite && duration > 0, "duration must be finite and > 0")
    let timeline = KeyframeTimeline(
      initialValue: initialValue ?? ParameterValues(defaultsOf: function),
      clock: ParameterValues.keyPath(clock), duration: duration)
    return AnimatedEffect(function, timeline: timeline, triggers: triggers, duration: duration)
  }

  /// The name of the parameter whose role is `role`, if any.
  public func parameterName(role: ShaderFunction.Role) -> String? {
    function.parameter(role: role)?.name
  }

  /// The time the last replay ends, seconds: the latest trigger (0 without) plus the timeline's
  /// duration.
  public var endTime: Double { animator.endTime }

  /// Returns the effect's passes at `time`, in order, each a prepared shader.
  ///
  /// - Parameters:
  ///   - time: Seconds on the chain's clock.
  ///   - sizeInPoints: The size of the image the passes render, points.
  /// - Returns: Zero or more prepared shaders (empty outside the enabled window).
  /// - Throws: `ShaderArgumentError` if an argument (such as a keyframed value that is not
  ///   finite or leaves its valid range) does not fit the function, or
  ///   `ShaderArgumentError.missingMaxSampleOffset(function:kind:)` at any time when
  ///   ``maxSampleOffset`` is `nil` and the function declares none for its layer or distortion
  ///   effect (Apple: `layerEffect(_:maxSampleOffset:isEnabled:)` takes it as a required
  ///   argument).
  public func passes(at time: Double, sizeInPoints: float2) throws(ShaderArgumentError)
    -> [PreparedShader]
  {
    guard isEnabled else { return [] }
    if maxSampleOffset == nil && function.requiresMaxSampleOffset {
      throw .missingMaxSampleOffset(function: function.name, kind: function.kind)
    }
    let clock = parameterName(role: .timeSinceTrigger)
    let replays: [(values: ParameterValues, point: float2?)] =
      animator.triggers.isEmpty
      ? [(animator.timeline.value(time: time), nil)]
      : animator.replays(at: time).map { ($0.value, $0.trigger.payload) }
    var passes: [PreparedShader] = []
    for (values, point) in replays {
      if let duration, let clock, let t = clockValue(clock, in: values) {
        guard 0 < t && t < duration else { continue }
      }
      passes.append(try prepared(values, point: point, sizeInPoints: sizeInPoints))
    }
    return passes
  }

  /// The clock's value in this replay: a fixed argument of that name wins, as it does for the
  /// kernel.
  private func clockValue(_ clock: String, in values: ParameterValues) -> Double? {
    if let fixed = arguments.first(where: { $0.name == clock }) {
      if case .float(let value) = fixed.value { return Double(value) }
      return nil
    }
    return values.contains(clock) ? values[clock] : nil
  }

  private func prepared(_ values: ParameterValues, point: float2?, sizeInPoints: float2)
    throws(ShaderArgumentError) -> PreparedShader
  {
    let position = point.flatMap { _ in parameterName(role: .position) }
    var named = arguments.filter { $0.name != position }
    for (name, value) in zip(values.names, values.values)
    where !named.contains(where: { $0.name == name }) {
      named.append((name, .float(Float(value))))
    }
    if let position, let point { named.append((position, .float2(point))) }
    return try MaxSampleOffsetSources().prepare(
      Shader(function: function, namedArguments: named), own: maxSampleOffset,
      sizeInPoints: sizeInPoints)
  }
}
