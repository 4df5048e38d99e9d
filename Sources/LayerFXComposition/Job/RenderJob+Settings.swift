import LayerFXFiles
import LayerFXPNG

extension RenderJob {
  /// Creates the job of `chain` over `input` with a front end's merged `settings`, after the
  /// checks that need the chain and the input: no output replaces a file the render reads, the
  /// output's extension fits its format, an offset for every pass is taken by some pass
  /// (``MaxSampleOffsetSources/checkSamples(_:)``), and the schedule fits the limits
  /// (``Settings/schedule(endTime:limits:bitDepth:)``).
  ///
  /// - Parameters:
  ///   - settings: The output path, timing, overlays and bounds check.
  ///   - input: The image the chain reads.
  ///   - chain: The effects, innermost first, their offsets not yet resolved.
  ///   - offsets: The sources of each pass's offset (``MaxSampleOffsetSources/resolve(_:)``).
  ///   - length: The least length of an animation, seconds: a chain that does not follow the
  ///     clock still renders 0 to `length`; 0 (a config's run) for the chain's own
  ///     ``EffectChain/animationLength``, as long as its replays last or, when nothing in it
  ///     animates, ``EffectChain/stillAnimationLength``.
  ///   - encoder: The PNG encoding.
  ///   - limits: The limits and the renderer.
  ///   - reads: Other files the render reads (a config, a keyframes file).
  /// - Throws: ``RenderJobError``: about no one setting, `LayerFXFiles.AtomicFileError`'s
  ///   `wouldOverwriteInput` for an output that is a file the render reads; about
  ///   ``Setting/output`` for its extension; what ``MaxSampleOffsetSources/checkSamples(_:)`` and
  ///   ``Settings/schedule(endTime:limits:bitDepth:)`` throw.
  public init(
    _ settings: Settings, input: Input, chain: EffectChain, offsets: MaxSampleOffsetSources,
    length: Double, encoder: PNGEncoder, limits: Limits, reads: [String]
  ) throws(RenderJobError) {
    let effects = offsets.resolve(chain)
    let path = settings.outputPath
    do throws(AtomicFileError) {
      try Output.checkNotRead(path, reads: (input.path.map { [$0] } ?? []) + reads)
    } catch {
      throw RenderJobError(setting: nil, underlying: error)
    }
    // One PNG or a contact sheet .png; an animated PNG or a raw file any extension, but one,
    // and not another known format's.
    do throws(OutputPathError) {
      if settings.format == nil || settings.format == .contactSheet {
        try Output.checkExtension(path)
      } else if settings.format == .apng || settings.format == .raw {
        try Output.checkExtension(path, allowing: [])
      }
      if let format = settings.format { try Output.checkFormatName(path, format: format) }
    } catch {
      throw RenderJobError(error)
    }
    if offsets.shared != nil {
      try MaxSampleOffsetSources.checkSamples(effects.effects.map(\.function))
    }
    self.init(
      input: input, chain: effects,
      schedule: try settings.schedule(
        endTime: length > 0 ? max(effects.endTime, length) : effects.animationLength,
        limits: limits.animation, bitDepth: encoder.bitDepth),
      output: Output(
        path: path, format: settings.format, encoder: encoder,
        contactSheetColumns: settings.timing.contactSheet),
      debug: Debug(overlays: settings.overlays, checksBounds: settings.checksBounds),
      limits: limits, reads: reads)
  }
}
