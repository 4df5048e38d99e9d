import LayerFX
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

    /// Loads the input, builds the chain for it with its offsets resolved, checks the output
    /// and the schedule, then runs the render job.
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
      let settings = run.settings
      let outputPath = settings.outputPath
      let input = try SettingError.about("input") {
        try run.configInput.map {
          try RenderJob.Input(config: $0, scale: scale, limits: render.limits)
        }
          ?? RenderJob.Input(commandLine: run.inputArgument, scale: scale, limits: render.limits)
      }
      let effects = offsets.resolve(try chain(input.image))
      // After the chain is built, so every .metal source and image argument it read is known.
      try OutputOptions.checkNotInput(
        outputPath, protecting: (input.path.map { [$0] } ?? []) + reads)
      // One PNG or a contact sheet .png; an animated PNG or a raw file any extension, but one.
      if settings.format == nil || settings.format == .contactSheet {
        try OutputOptions.checkExtension(outputPath)
      } else if settings.format == .apng || settings.format == .raw {
        try OutputOptions.checkExtension(outputPath, allowing: [])
      }
      if offsets.shared != nil {
        try SettingError.reporting {
          try MaxSampleOffsetSources.checkSamples(effects.effects.map(\.function))
        }
      }
      let job = RenderJob(
        input: input,
        chain: effects,
        schedule: try SettingError.reporting {
          try settings.schedule(
            endTime: max(effects.endTime, length), limits: limits,
            bitDepth: output.encoder.bitDepth)
        },
        output: RenderJob.Output(
          path: outputPath, format: settings.format, encoder: output.encoder,
          contactSheetColumns: settings.timing.contactSheet),
        debug: RenderJob.Debug(overlays: settings.overlays, checksBounds: settings.checksBounds),
        limits: jobLimits, reads: reads)
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
