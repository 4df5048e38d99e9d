import LayerFX

extension RenderJob {
  /// The settings of a fill's render (a fill drawn alone over a new image) that a front end
  /// gives over a config document's, each checked where it is merged: the timing, the output
  /// path, the overlays and the image's size.
  ///
  /// Every check throws ``RenderJobError`` naming the ``Setting`` (or none) with a ``Misfit`` in
  /// the command line's words and a config's.
  ///
  /// Source: `Documentation/Semantics.md` §5 (frame timing).
  public enum FillSettings {
    /// The front end's `time`, `fps` and `frames` over the config's
    /// (``Timing/overriding(_:)``; a fill's render takes no contact sheet, format or range).
    ///
    /// - Parameters:
    ///   - given: The front end's timing.
    ///   - givesDuration: Whether the front end gives the animation's length.
    ///   - config: The config whose timing the front end's overrides, if any.
    /// - Returns: The merged timing.
    /// - Throws: ``RenderJobError`` about no one setting: both a time and a rate, or frames or
    ///   a length without a rate.
    public static func timing(_ given: Timing, givesDuration: Bool, config: DebugConfig?)
      throws(RenderJobError) -> Timing
    {
      let timing = (config.map { Timing($0.output) } ?? Timing()).overriding(given)
      func invalid(_ message: String) -> RenderJobError {
        RenderJobError(
          setting: nil, underlying: Misfit.invalid(commandLine: message, inConfig: nil))
      }
      if timing.time != nil && timing.fps != nil {
        throw invalid("--time and --fps cannot be used together")
      }
      if timing.fps == nil && timing.frames != nil { throw invalid("--frames needs --fps") }
      if timing.fps == nil && givesDuration { throw invalid("--duration needs --fps") }
      return timing
    }

    /// The output path, the front end's else the config's: a file for one image, a folder for
    /// an animation.
    ///
    /// - Throws: ``RenderJobError`` about ``Setting/output`` for none, a directory for one
    ///   image, or for an animation a PNG, animated PNG or raw file or a stream
    ///   (``OutputFormat/streamPaths``, which would otherwise become a folder named `-`); about
    ///   none for a missing folder.
    public static func outputPath(_ path: String?, isAnimation: Bool) throws(RenderJobError)
      -> String
    {
      guard let path else {
        throw RenderJobError(
          setting: .output,
          underlying: Misfit.missing(
            commandLine: isAnimation ? "output: give -o DIR/" : "output: give -o OUT.png",
            inConfig: "missing: give "
              + (isAnimation ? "a folder, DIR/ (frames)" : "a file name, OUT.png")
              + ", here or with -o"))
      }
      if !isAnimation {
        do { try Output.checkIsFile(path) } catch { throw RenderJobError(error) }
      } else if let named = notFolder(path) {
        throw RenderJobError(
          setting: .output,
          underlying: Misfit.invalid(
            commandLine: "-o \(path) names \(named), but a fill's animation writes a directory "
              + "of frames: give -o DIR/",
            inConfig: "\(path) names \(named), but a fill's animation writes a directory of "
              + "frames: give a folder, DIR/"))
      }
      return path
    }

    /// What `path` names when it cannot be an animation's folder of frames, or `nil`.
    private static func notFolder(_ path: String) -> String? {
      if OutputFormat.streamPaths.contains(path) { return "a stream" }
      return OutputFormat.oneFileFormat(named: path)?.fileDescription
    }

    /// Refuses the overlays of layer sampling: a fill samples no layer, so it has no
    /// displacement and nothing beyond bounds to draw; it takes origins and tiles.
    ///
    /// - Throws: ``RenderJobError`` about ``Setting/overlays``.
    public static func check(_ overlays: DebugOverlays) throws(RenderJobError) {
      let sampling = overlays.intersection([.displacement, .bounds])
      guard sampling.isEmpty else {
        throw RenderJobError(
          setting: .overlays,
          underlying: Misfit.invalid(
            commandLine: "a fill samples no layer, so it has no "
              + "\(sampling.names.joined(separator: " or ")) overlay; a fill takes origins and "
              + "tiles",
            inConfig: nil))
      }
    }

    /// Refuses an image of more pixels than `pixelLimit`.
    ///
    /// - Throws: ``RenderJobError`` about ``Setting/size``.
    public static func check(size: SIMD2<Int>, pixelLimit: Int) throws(RenderJobError) {
      guard size.x * size.y <= pixelLimit else {
        let problem =
          "a \(size.x) × \(size.y) image has more than the limit of \(pixelLimit) pixels"
        // Past what --max-pixels allows, raising it is no way out.
        let beyond =
          size.x * size.y > RenderJob.Limits.largestPixelLimit
          ? "; beyond what LayerFX can render: at most \(RenderJob.Limits.largestPixelLimit) "
            + "pixels" : nil
        throw RenderJobError(
          setting: .size,
          underlying: Misfit.limitExceeded(
            commandLine: problem
              + (beyond.map { $0 + "; lower --size" }
                ?? "; lower --size or raise --max-pixels"),
            inConfig: problem
              + (beyond.map { $0 + "; give fewer pixels" }
                ?? "; give fewer pixels or raise --max-pixels")))
      }
    }

    /// The schedule of `timing`: one PNG at its time, or frame k at k / fps for its frames or
    /// `duration` seconds.
    ///
    /// - Parameters:
    ///   - timing: From ``timing(_:givesDuration:config:)``.
    ///   - output: From ``outputPath(_:isAnimation:)``.
    ///   - limits: The most frames allowed.
    ///   - duration: The animation's length, seconds, read only for an animation.
    /// - Returns: One frame, or the animation's frame count.
    /// - Throws: ``RenderJobError`` about ``Setting/output`` (a still's extension), or about
    ///   ``Setting/frames`` or ``Setting/fps`` for more frames than `limits` allow or for what
    ///   `duration` throws.
    public static func schedule(
      _ timing: Timing, output: String, limits: AnimationLimits, duration: () throws -> Double
    ) throws -> Schedule {
      guard let fps = timing.fps else {
        do { try Output.checkExtension(output) } catch { throw RenderJobError(error) }
        return .still(time: timing.time)
      }
      do {
        let count = try limits.frameCount(explicit: timing.frames, duration: duration(), fps: fps)
        return .animation(fps: fps, frameCount: count)
      } catch {
        throw RenderJobError(setting: timing.frames != nil ? .frames : .fps, underlying: error)
      }
    }
  }
}
