import LayerFX
import LayerFXAnimation
import LayerFXMath

/// One effect whose timeline every tap replays: the render `layerfx ripple` is, for any function
/// with a time-since-trigger and a position parameter.
///
/// Each tap (a trigger) replays the effect from its time with the position parameter at its
/// point; without taps there is one at ``origin`` (by default the image's centre) at t = 0.
/// The timeline is, in order of precedence: a keyframes document's (``keyframes``), the config
/// effect's own tracks (``configEffect``) starting from ``initialValue``, or the function's
/// time parameter alone running 0 to ``duration`` (``AnimatedEffect/triggered(_:duration:triggers:initialValue:)``).
///
/// Source: `Documentation/Semantics.md` §5.3 (triggers).
public struct ReplayPreset: Sendable {
  /// The effect replayed; it has a time-since-trigger parameter.
  public var function: ShaderFunction
  /// The animatable values a track starts from and a parameter without a track keeps.
  public var initialValue: ParameterValues
  /// Each replay's length, seconds > 0.
  public var duration: Double
  /// The taps, in order; empty for the one at ``origin``.
  public var taps: [AnimatedEffect.Trigger]
  /// The single tap's point when there are no ``taps``, points; `nil` for the image's centre.
  public var origin: float2?
  /// A keyframes document, whose timeline and duration win over everything else.
  public var keyframes: KeyframesConfig?
  /// A config's effect, whose tracks (if any) are the timeline when there is no ``keyframes``.
  public var configEffect: DebugConfig.Effect?

  /// Creates a preset of `function`; see the properties.
  public init(
    _ function: ShaderFunction, initialValue: ParameterValues, duration: Double,
    taps: [AnimatedEffect.Trigger] = [], origin: float2? = nil, keyframes: KeyframesConfig? = nil,
    configEffect: DebugConfig.Effect? = nil
  ) {
    self.function = function
    self.initialValue = initialValue
    self.duration = duration
    self.taps = taps
    self.origin = origin
    self.keyframes = keyframes
    self.configEffect = configEffect
  }

  /// Creates a preset of `function` whose timeline is the keyframes document at
  /// `keyframesFile`, when one is given (``keyframes``), read with `function`'s
  /// time-since-trigger parameter as its clock and `duration` as its default length.
  ///
  /// - Throws: ``ConfigError`` (or `LayerFXFiles.InputFileError`) for a document that cannot be
  ///   read or does not fit `initialValue`.
  /// - Precondition: `function` has a time-since-trigger parameter.
  public init(
    _ function: ShaderFunction, initialValue: ParameterValues, duration: Double,
    taps: [AnimatedEffect.Trigger] = [], origin: float2? = nil, keyframesFile: String?,
    configEffect: DebugConfig.Effect? = nil
  ) throws {
    guard let clock = function.parameter(role: .timeSinceTrigger)?.name else {
      preconditionFailure("\(function.name) declares no time-since-trigger parameter")
    }
    self.init(
      function, initialValue: initialValue, duration: duration, taps: taps, origin: origin,
      keyframes: try keyframesFile.map {
        try KeyframesConfig(
          file: $0, initialValue: initialValue, clock: clock, defaultDuration: duration)
      }, configEffect: configEffect)
  }

  /// Whether the timeline is the config effect's tracks (no ``keyframes`` replace them).
  public var usesConfigTracks: Bool {
    keyframes == nil && !(configEffect?.trackNames.isEmpty ?? true)
  }

  /// The chain of the one replayed effect over an image of `sizeInPoints`.
  ///
  /// - Parameter sizeInPoints: The image's size, points; its centre is the default origin.
  /// - Returns: One effect, its triggers the taps.
  /// - Throws: `KeyframeError` for config tracks that do not fit the initial values.
  public func chain(sizeInPoints: float2) throws -> EffectChain {
    let triggers: [AnimatedEffect.Trigger] =
      taps.isEmpty ? [.init(time: 0, payload: origin ?? sizeInPoints / 2)] : taps
    if let keyframes {
      return EffectChain([
        AnimatedEffect(
          function, timeline: keyframes.timeline, triggers: triggers,
          duration: keyframes.duration)
      ])
    }
    if usesConfigTracks, let configEffect {
      return EffectChain([
        AnimatedEffect(
          function, timeline: try configEffect.timeline(initialValue: initialValue),
          triggers: triggers, duration: duration)
      ])
    }
    return EffectChain([
      .triggered(function, duration: duration, triggers: triggers, initialValue: initialValue)
    ])
  }
}
