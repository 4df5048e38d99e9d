import Foundation

/// The progress line of a render job, as a front end shows it (the CLI on a terminal).
///
/// It gives the frames done, the rate since the first frame and the estimated time left, e.g.
/// `30/90 frames done, 15.0 fps, 4 s left`.
///
/// The estimate assumes the frames left render at the rate measured so far: time left =
/// frames left ÷ frames per second, rounded up to a whole second. A render job reports each
/// frame before it renders (``RenderJobEvents/progress``), so frame `index` means `index`
/// frames done.
public final class RenderProgress {
  /// The first frame reported and when (`DispatchTime` nanoseconds); `nil` before it.
  private var start: (frame: Int, nanoseconds: UInt64)?

  /// A progress line with no frame timed yet.
  public init() {}

  /// The line for frame `index` (0-based) of `frameCount`, about to render, timed from the
  /// first frame this object was given (``RenderJobEvents/progress`` hands both).
  ///
  /// - Returns: As ``line(framesDone:of:framesTimed:seconds:)``.
  public func line(frame index: Int, of frameCount: Int) -> String {
    let now = DispatchTime.now().uptimeNanoseconds
    let first = start ?? (index, now)
    start = first
    return Self.line(
      framesDone: index, of: frameCount, framesTimed: index - first.frame,
      seconds: Double(now - first.nanoseconds) / 1e9)
  }

  /// The progress line from counts and an elapsed time (a pure function).
  ///
  /// - Parameters:
  ///   - framesDone: Frames of the schedule done (rendered, or skipped before this run).
  ///   - frameCount: Frames in the schedule.
  ///   - framesTimed: Frames rendered in `seconds`.
  ///   - seconds: Time since the first timed frame started.
  /// - Returns: `D/N frames done, R fps, T left`; only `D/N frames done` until a frame was
  ///   timed.
  public static func line(framesDone: Int, of frameCount: Int, framesTimed: Int, seconds: Double)
    -> String
  {
    let done = "\(framesDone)/\(frameCount) frames done"
    guard framesTimed > 0, seconds > 0 else { return done }
    let rate = Double(framesTimed) / seconds
    let left = Double(max(frameCount - framesDone, 0)) / rate
    return "\(done), \(rate.fixed(1)) fps, \(duration(left)) left"
  }

  /// `seconds` rounded up to a whole second, as `S s`, `M min S s` or `H h M min`.
  public static func duration(_ seconds: Double) -> String {
    let total = Int(min(seconds.rounded(.up), Double(Int.max / 2)))
    let (hours, minutes, rest) = (total / 3600, total % 3600 / 60, total % 60)
    if hours > 0 { return "\(hours) h \(minutes) min" }
    if minutes > 0 { return "\(minutes) min \(rest) s" }
    return "\(rest) s"
  }
}
