/// The times at which an animation's frames are rendered: frame `k` at `t = k / fps`.
///
/// Each time is computed from its index, never by summing steps, so frame times do not drift.
///
/// Source: `Documentation/Semantics.md` §5 (frame timing).
public struct FrameSchedule: Sendable, Equatable {
  /// Frames per second, finite and > 0.
  public let fps: Double

  /// How many frames, ≥ 1.
  public let frameCount: Int

  /// Creates a schedule.
  ///
  /// - Parameters:
  ///   - fps: Frames per second, finite and > 0.
  ///   - frameCount: Frames, ≥ 1.
  /// - Precondition: Both in range; checked in release.
  public init(fps: Double, frameCount: Int) {
    precondition(fps.isFinite && fps > 0, "fps must be finite and > 0")
    precondition(frameCount >= 1, "an animation has at least one frame")
    self.fps = fps
    self.frameCount = frameCount
  }

  /// The frames that cover `duration` seconds: `⌈duration × fps⌉`, at least 1 (a time within
  /// 10⁻⁹ of a whole frame does not add one), computed in `Double`.
  ///
  /// - Parameters:
  ///   - duration: Seconds, ≥ 0.
  ///   - fps: Frames per second, finite and > 0.
  /// - Returns: The count as a `Double`, so a caller can compare it with a limit before
  ///   converting it.
  public static func frameCount(covering duration: Double, fps: Double) -> Double {
    max(1, (duration * fps - 1e-9).rounded(.up))
  }

  /// The time of frame `index`, `index / fps` seconds.
  public func time(ofFrame index: Int) -> Double { Double(index) / fps }

  /// Every frame's time, in order.
  public var times: [Double] { (0..<frameCount).map(time(ofFrame:)) }
}
