extension RenderJob {
  /// When a render's frames are, as a front end states it before the schedule is counted: one
  /// frame at ``time``, or an animation at ``fps`` of ``frames`` frames (or until the chain's
  /// end), with how it is written (``contactSheet``, ``format``) and which frames
  /// (``frameRange``).
  ///
  /// A front end's own settings override a config's by ``overriding(_:)``, the one place that
  /// precedence is stated. Every value is as checked where it was read (a config's decoder,
  /// a command line's parser): `time` ≥ 0, `fps` > 0, `frames` 1…1 000 000, `contactSheet`
  /// 1…1000.
  ///
  /// Source: `Documentation/Semantics.md` §5 (frame timing).
  public struct Timing: Sendable, Equatable {
    /// One frame at this time, seconds on the animation clock.
    public var time: Double?
    /// An animation at this rate, frames per second.
    public var fps: Double?
    /// The animation's frame count; `nil` until the chain's last replay ends.
    public var frames: Int?
    /// The frames as one contact sheet, this many per row.
    public var contactSheet: Int?
    /// How the animation is written; `nil` for the format the output path implies.
    public var format: OutputFormat?
    /// The frames of the animation to render; `nil` for all of them.
    public var frameRange: FrameRange?

    /// Creates a timing; every setting is absent by default.
    public init(
      time: Double? = nil, fps: Double? = nil, frames: Int? = nil, contactSheet: Int? = nil,
      format: OutputFormat? = nil, frameRange: FrameRange? = nil
    ) {
      self.time = time
      self.fps = fps
      self.frames = frames
      self.contactSheet = contactSheet
      self.format = format
      self.frameRange = frameRange
    }

    /// The timing of a config's `output` section: its `frames`, or ⌈`duration` × `fps`⌉
    /// frames for a `duration` (``FrameSchedule/frameCount(covering:fps:)``).
    public init(_ output: DebugConfig.Output) {
      var frames = output.frames
      if let duration = output.duration, let fps = output.fps {
        frames = Int(FrameSchedule.frameCount(covering: duration, fps: fps))
      }
      self.init(
        time: output.time, fps: output.fps, frames: frames, contactSheet: output.contactSheet,
        format: output.format, frameRange: output.frameRange)
    }

    /// Whether any setting of the clock group is given: `time`, `fps`, `frames` or
    /// `contactSheet`.
    public var givesClock: Bool {
      time != nil || fps != nil || frames != nil || contactSheet != nil
    }

    /// This timing (a config's) with `given` (a front end's own settings) over it.
    ///
    /// The clock group (`time`, `fps`, `frames`, `contactSheet`) overrides as a whole: when
    /// `given` sets any of it, none of this timing's settings is kept, so a flag never combines
    /// with the config's rival setting (`--time` with the config's `fps`). Otherwise `format`
    /// and `frameRange` each override this timing's own.
    public func overriding(_ given: Timing) -> Timing {
      guard !given.givesClock else { return given }
      var merged = self
      merged.format = given.format ?? format
      merged.frameRange = given.frameRange ?? frameRange
      return merged
    }

    /// The times rendered: `[time]`, or `fps` for `frames` frames or until `endTime`; empty
    /// when neither `time` nor `fps` is set.
    ///
    /// - Parameters:
    ///   - endTime: When the chain's last replay ends, seconds ≥ 0.
    ///   - limits: The most frames allowed.
    /// - Returns: Seconds, frame k at k / fps.
    /// - Throws: What ``AnimationLimits/frameCount(explicit:duration:fps:)`` throws for more
    ///   frames than `limits` allow.
    public func times(endTime: Double, limits: AnimationLimits) throws -> [Double] {
      if let time { return [time] }
      guard let fps else { return [] }
      let count = try limits.frameCount(explicit: frames, duration: endTime, fps: fps)
      return FrameSchedule(fps: fps, frameCount: count).times
    }
  }
}
