extension RenderJob {
  /// When the frames are: one frame at a time on the animation clock, or frame k at k / fps.
  ///
  /// Source: `Documentation/Semantics.md` §5 (the clock); ``FrameSchedule``.
  public enum Schedule: Sendable, Equatable {
    /// One frame at `time` seconds, written as one image; `nil` off the clock (a fill drawn
    /// with its arguments alone; a chain's frame at 0).
    case still(time: Double?)
    /// `frameCount` frames at `fps` frames per second, frame k at t = k / fps; only the frames
    /// of `frames` (0-based, inclusive, within the schedule) when it is set, each keeping its
    /// index, time and name from the full schedule (``FrameRange``).
    case animation(fps: Double, frameCount: Int, frames: ClosedRange<Int>? = nil)

    /// Every frame's time in the schedule, seconds.
    public var times: [Double] {
      switch self {
      case .still(let time): [time ?? 0]
      case .animation(let fps, let frameCount, _):
        FrameSchedule(fps: fps, frameCount: frameCount).times
      }
    }
  }
}
