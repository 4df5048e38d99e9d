import LayerFX
import LayerFXArguments
import LayerFXComposition

extension ChainRun {
  /// The options read; ``run(console:reads:checkOnly:length:chain:)`` builds the render
  /// job (``LayerFXComposition/RenderJob``) and runs it.
  struct Prepared {
    let run: ChainRun
    let scale: Float
    let render: RenderOptions
    let output: OutputOptions
    let limits: AnimationLimits
    /// The sources of each pass's `maxSampleOffset`: `--max-sample-offset`, then a config's
    /// `debug.maxSampleOffset`.
    let offsets: MaxSampleOffsetSources

    /// Loads the input, builds the chain for it, then builds the render job
    /// (``LayerFXComposition/RenderJob/init(_:input:chain:offsets:length:encoder:limits:reads:)``,
    /// which resolves the offsets and checks the output and the schedule) and runs it.
    ///
    /// - Parameters:
    ///   - console: Standard output and error.
    ///   - reads: Files the command reads besides the input (a keyframes file), which no output
    ///     may replace.
    ///   - checkOnly: Whether to stop after the checks, just before the first frame renders
    ///     (`layerfx config check`): nothing is rendered or written.
    ///   - length: The least length of an animation, seconds (`apply`'s `--duration`): a chain
    ///     that does not follow the clock still renders 0 to `length`.
    ///   - chain: The chain for the loaded input (which may depend on its size).
    /// - Throws: ``UsageError``, ``PNGError``, ``ShaderArgumentError``, ``CLIError``,
    ///   ``CompositionError`` and what `chain` throws, before the first frame renders except
    ///   for write failures; ``AlreadyReported`` (exit 1) after samples beyond an offset.
    func run(
      console: Console, reads: [String] = [], checkOnly: Bool = false, length: Double = 0,
      chain: (Image) throws -> EffectChain
    ) throws {
      let input = try SettingError.about("input") {
        try run.configInput.map {
          try RenderJob.Input(config: $0, scale: scale, limits: render.limits)
        }
          ?? RenderJob.Input(commandLine: run.inputArgument, scale: scale, limits: render.limits)
      }
      // After the chain is built, so every .metal source and image argument it read is known.
      let chain = try chain(input.image)
      let job = try SettingError.reporting {
        try RenderJob(
          run.settings, input: input, chain: chain, offsets: offsets, length: length,
          encoder: output.encoder, limits: jobLimits, reads: reads)
      }
      _ = consume input
      let outcome = try SettingError.reporting {
        try (consume job).run(checkOnly: checkOnly, events: console.renderJobEvents)
      }
      if !outcome.isWithinBounds { throw AlreadyReported(exitCode: .failure) }
    }

    /// The render's limits: the render options' and the frame limits.
    var jobLimits: RenderJob.Limits {
      var limits = render.limits
      limits.animation = self.limits
      return limits
    }

    /// The times the schedule renders, for the checks of a config's values over the whole
    /// schedule before the first frame: `--time`, or `--fps` for `--frames` frames or until
    /// `endTime`.
    ///
    /// - Throws: ``SettingError`` about `frames` or `fps` for more frames than the limits allow.
    func times(endTime: Double) throws -> [Double] {
      try SettingError.reporting { try run.settings.times(endTime: endTime, limits: limits) }
    }
  }
}
