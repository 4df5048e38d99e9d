import LayerFX
import LayerFXMath

extension ReplayPreset {
  /// What a debug config gives a replay preset, as typed values: its one effect's values and
  /// duration, and where the taps are (the config's triggers, or the effect's own position).
  ///
  /// A front end's own settings win over each value; its taps replace both ``origin`` and
  /// ``taps`` (read them with `readsTaps` false).
  public struct ConfigValues: Sendable {
    /// The effect's values of the parameters the front end also sets, by name.
    public var values: [String: Double] = [:]
    /// Each tap's replay length, seconds.
    public var duration: Double
    /// The single tap's point (the effect's own position), points.
    public var origin: float2?
    /// The config's triggers.
    public var taps: [AnimatedEffect.Trigger]?
    /// The config's effect.
    public var effect: DebugConfig.Effect

    /// Reads the one effect of `function` in `config`.
    ///
    /// - Parameters:
    ///   - config: The decoded config.
    ///   - file: The config's path, for messages.
    ///   - function: The preset's function; the config's only effect must be of its kernel.
    ///   - parameters: The parameters whose values are read.
    ///   - readsTaps: Whether the taps are read (false when the front end gives its own).
    ///   - readsInput: Whether the config's input is read (false when the front end gives its
    ///     own); a replayed effect reads an image, so a fill input is refused.
    /// - Throws: ``ConfigError/invalidValue(file:path:reason:)`` (exit 65) when the config's
    ///   effects are not one effect of `function`, its clock is given a value, or the input read
    ///   is a fill.
    public init(
      _ config: DebugConfig, file: String, function: ShaderFunction, parameters: [String],
      readsTaps: Bool, readsInput: Bool = true
    ) throws {
      guard config.effects.count == 1, let effect = config.effects.first,
        effect.kernel == function.name
      else {
        throw ConfigError.invalidValue(
          file: file, path: "effects",
          reason: "'layerfx \(function.name)' renders one \(function.name) effect; use "
            + "'layerfx apply --config' for another chain")
      }
      guard effect.clock != nil else {
        throw ConfigError.invalidValue(
          file: file, path: "effects[0]",
          reason: "the \(function.name)'s time runs from each tap; give output.time instead")
      }
      self.effect = effect
      duration = effect.duration
      for name in parameters where effect.values.contains(name) {
        values[name] = effect.values[name]
      }
      if readsInput, case .fill? = config.input {
        throw ConfigError.invalidValue(
          file: file, path: "input",
          reason: "a fill input needs 'layerfx render --config', 'layerfx apply --config' or "
            + "'layerfx tune'")
      }
      guard readsTaps else { return }
      let position = function.parameter(role: .position)?.name
      if case .float2(let point)? = effect.arguments.first(where: { $0.name == position })?.value {
        origin = point
      } else {
        taps = config.triggers
      }
    }
  }
}
