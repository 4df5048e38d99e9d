import LayerFX

extension AnimatedEffect {
  /// Refuses taps whose points no effect takes: a tap's point goes to an effect's position
  /// parameter (`ShaderFunction.Role.position`), so with none among `effects`, or
  /// with every one that has it given a value, the point would be dropped without a word.
  ///
  /// Without one, an effect with two `float2` parameters named as a position (`center`,
  /// `origin`) is named as ambiguous, with both and `--position-parameter` to choose.
  ///
  /// These are a front end's taps (`layerfx apply --tap X,Y@T`); a config's `triggers` are
  /// checked as it is decoded, in its own words.
  ///
  /// - Parameters:
  ///   - taps: The taps; nothing is checked without them.
  ///   - effects: The effects, with the arguments the front end gave them.
  /// - Throws: ``RenderJobError`` about no one setting, with a
  ///   ``RenderJob/Misfit/invalid(commandLine:inConfig:)`` in a command line's words (`--tap`,
  ///   `--position-parameter`) naming the effects and the parameter.
  public static func checkTaps(_ taps: [Trigger], for effects: [AnimatedEffect])
    throws(RenderJobError)
  {
    guard !taps.isEmpty else { return }
    let takers = effects.filter { $0.parameterName(role: .position) != nil }
    guard !takers.isEmpty else {
      if let ambiguous = AmbiguousPosition(among: effects.map(\.function)) {
        throw misfit(
          "--tap puts its point in an effect's position parameter, but \(ambiguous.problem); "
            + "choose one with --position-parameter NAME (\(ambiguous.choices))")
      }
      let names = effects.map(\.function.name)
      let which =
        names.count == 1
        ? "\(names[0]) has no position parameter"
        : "no effect (\(names.joined(separator: ", "))) has a position parameter"
      throw misfit(
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
    throw misfit(
      "--tap gives \(effect.function.name)'s position parameter '\(name)', which is also given a "
        + "value; leave \(name) out")
  }

  /// A tap check's error: about no one setting, in the command line's words only.
  private static func misfit(_ commandLine: String) -> RenderJobError {
    RenderJobError(
      setting: nil, underlying: RenderJob.Misfit.invalid(commandLine: commandLine, inConfig: nil))
  }
}
