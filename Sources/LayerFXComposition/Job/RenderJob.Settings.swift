import LayerFX
import LayerFXPNG

extension RenderJob {
  /// The settings of a chain's render that a front end gives over a config document's: the
  /// output path, the timing, the overlays and the bounds check, merged (the front end's over
  /// the config's) and checked to go together, before the input is loaded.
  ///
  /// Every check throws ``RenderJobError`` naming the ``Setting`` (or none, for settings that
  /// cannot be used together) with a ``Misfit`` in the command line's words and a config's, so
  /// each front end reports it as its user gave the setting.
  ///
  /// Source: `Documentation/Semantics.md` §5 (frame timing).
  public struct Settings: Sendable {
    /// The output path: a file for one image, an animated PNG or a raw stream; a folder for a
    /// PNG sequence.
    public var outputPath: String
    /// The timing: the front end's over the config's (``Timing/overriding(_:)``).
    public var timing: Timing
    /// One frame's time: the timing's, or the still time of a chain that nothing animates;
    /// `nil` for an animation.
    public var time: Double?
    /// How the animation is written (the timing's, or what the path implies); `nil` for one
    /// frame.
    public var format: OutputFormat?
    /// The overlays: the front end's, else the config's `debug.overlays`.
    public var overlays: DebugOverlays
    /// Whether samples beyond each pass's offset are reported: the front end's or the config's
    /// `debug.checkBounds`.
    public var checksBounds: Bool

    /// The output path the front end gives, else the config's `output.path`.
    ///
    /// - Throws: ``RenderJobError`` about ``Setting/output`` when neither gives one, or the path
    ///   is empty.
    public static func outputPath(_ given: String?, config: DebugConfig?) throws(RenderJobError)
      -> String
    {
      guard let path = given ?? config?.output.path else {
        throw RenderJobError(
          setting: .output,
          underlying: Misfit.missing(
            commandLine: "output: give -o OUT.png or -o DIR/",
            inConfig: "missing: give a file name, OUT.png (one frame), or a folder, DIR/ "
              + "(frames), here or with -o"))
      }
      guard !path.isEmpty else {
        throw RenderJobError(
          setting: .output,
          underlying: Misfit.invalid(
            commandLine: "-o needs a file or directory name (it is empty)",
            inConfig: "an empty path names no file or folder: give OUT.png or DIR/"))
      }
      return path
    }

    /// Merges the front end's settings over `config`'s and checks them.
    ///
    /// - Parameters:
    ///   - outputPath: From ``outputPath(_:config:)``.
    ///   - timing: The front end's timing, which overrides the config's.
    ///   - overlays: The front end's overlays, if it gives them.
    ///   - checksBounds: Whether the front end asks for the bounds check.
    ///   - stillTime: The time of one frame when neither a time nor a rate is given (a chain
    ///     that nothing animates); `nil` to require one.
    ///   - config: The config document whose settings the front end's override, if any.
    /// - Throws: ``RenderJobError``: neither a time nor a rate (about ``Setting/time``), both,
    ///   an animation's setting for one frame, a format the columns or the path do not fit, or
    ///   a rate an APNG cannot represent (about ``Setting/fps``).
    public init(
      outputPath: String, timing: Timing, overlays: DebugOverlays?, checksBounds: Bool,
      stillTime: Double?, config: DebugConfig?
    ) throws(RenderJobError) {
      self.outputPath = outputPath
      let timing = (config.map { Timing($0.output) } ?? Timing()).overriding(timing)
      self.timing = timing
      time = timing.time ?? (timing.fps == nil ? stillTime : nil)
      self.overlays = overlays ?? config?.debug.overlays ?? []
      self.checksBounds = checksBounds || config?.debug.checkBounds == true
      try Self.check(timing, time: time)
      format = time == nil ? try Self.format(of: timing, output: outputPath) : nil
      do { try Output.checkPath(outputPath, format: format) } catch { throw RenderJobError(error) }
      // An APNG frame's delay is a fraction of two 16-bit integers (fcTL).
      if format == .apng, let fps = timing.fps, !APNGWriter.representableFPS.contains(fps) {
        throw RenderJobError(
          setting: .fps,
          underlying: Misfit.invalidValue(
            value: "\(fps)",
            expected: "1/65535 (0.0000153) to 65535 frames per second in an APNG (its "
              + "frame delay is a 16-bit fraction of seconds)"))
      }
    }

    /// Refuses a timing whose settings do not go together: neither a `time` (or still time) nor
    /// an `fps`, both, or an animation's setting for one frame.
    static func check(_ timing: Timing, time: Double?) throws(RenderJobError) {
      func invalid(_ message: String) -> RenderJobError {
        RenderJobError(
          setting: nil, underlying: Misfit.invalid(commandLine: message, inConfig: nil))
      }
      switch (time, timing.fps) {
      case (nil, nil):
        throw RenderJobError(
          setting: .time,
          underlying: Misfit.missing(
            commandLine: "--time SECONDS (one frame) or --fps FPS (animation)",
            inConfig: "missing: give time, seconds (one frame), or fps (an animation)"))
      case (.some, .some): throw invalid("--time and --fps cannot be used together")
      case (.some, nil) where timing.frames != nil: throw invalid("--frames needs --fps")
      case (.some, nil) where timing.contactSheet != nil:
        throw invalid("--contact-sheet needs --fps")
      default: break
      }
      if time != nil && timing.format != nil { throw invalid("--format needs --fps") }
      if time != nil && timing.frameRange != nil { throw invalid("--frame-range needs --fps") }
    }

    /// The format `timing` names, or else: a contact sheet's columns give a contact sheet,
    /// `-`, `/dev/stdout` and `/dev/null` a raw stream (the last renders every frame and drops
    /// it: timing a render, checking bounds), `NAME.apng` an animated PNG, anything else a PNG
    /// sequence.
    ///
    /// - Throws: ``RenderJobError`` about ``Setting/format`` for contact-sheet columns with
    ///   another format.
    static func format(of timing: Timing, output: String) throws(RenderJobError) -> OutputFormat {
      let hasColumns = timing.contactSheet != nil
      if let format = timing.format {
        if hasColumns && format != .contactSheet {
          throw RenderJobError(
            setting: .format,
            underlying: Misfit.invalid(
              commandLine: "--contact-sheet needs --format contact-sheet, not \(format.rawValue)",
              inConfig: nil))
        }
        return format
      }
      if hasColumns { return .contactSheet }
      if OutputFormat.streamPaths.contains(output) { return .raw }
      return output.lowercased().hasSuffix(".apng") ? .apng : .pngSequence
    }
  }
}
