import LayerFX

/// What a running ``RenderJob`` tells its front end, and asks it: progress, the overlays'
/// legend, bounds reports, bytes for standard output, and whether to stop.
///
/// Every member has a default that does nothing (or, for ``standardOutput``, refuses), so a
/// front end sets only what it shows.
public struct RenderJobEvents {
  /// Called with each frame's index (0-based in the whole schedule) and the schedule's frame
  /// count, before the frame renders.
  public var progress: (_ frame: Int, _ frameCount: Int) -> Void
  /// Called once after an animation's last frame.
  public var progressEnded: () -> Void
  /// Called with the legend of the overlays drawn (``DisplacementColorScale/legend(for:)``),
  /// once, when the first frame (a still: the image) has rendered without a fault, so a run
  /// that fails prints its error alone.
  public var overlayLegend: (String) -> Void
  /// Called with each bounds report: for a still, every pass's (`LayerFX.SampleBoundsReport`
  /// as text); for an animation, `frame K pass P: REPORT` for each pass that sampled beyond its
  /// offset, then, after the last frame, `all frames: pass P: …` with the offset enough for
  /// every frame, for each such pass checked in more than one frame.
  public var boundsReport: (String) -> Void
  /// Called with a still's bounds reports as values, one per pass (outermost last), after
  /// ``boundsReport`` has had each as text: for a front end that shows the suggested offset
  /// (`LayerFX.SampleBoundsReport/sufficientOffset`); not called for an animation.
  public var stillBoundsReports: ([SampleBoundsReport]) -> Void
  /// Writes bytes to standard output (`-o -`: a PNG, raw frames); the buffer is valid only
  /// during the call (a raw frame's is the next frame's memory).
  public var standardOutput: (UnsafeRawBufferPointer) throws -> Void
  /// Checks for a failure outside the renderer at a point of the run (a fault of compiled
  /// `.metal` code, SIGFPE or an out-of-range read), throwing it; nothing is written after it.
  public var checkFaults: (RenderJobCheckpoint) throws -> Void
  /// Whether to stop: asked before a still renders and before each frame is handed to its
  /// output; the run then throws `CancellationError` and publishes nothing more.
  public var isCancelled: () -> Bool

  /// Creates the events; each member does nothing unless given.
  public init(
    progress: @escaping (_ frame: Int, _ frameCount: Int) -> Void = { _, _ in },
    progressEnded: @escaping () -> Void = {},
    overlayLegend: @escaping (String) -> Void = { _ in },
    boundsReport: @escaping (String) -> Void = { _ in },
    stillBoundsReports: @escaping ([SampleBoundsReport]) -> Void = { _ in },
    standardOutput: @escaping (UnsafeRawBufferPointer) throws -> Void = { _ in
      throw CompositionError.limitExceeded("this front end has no standard output")
    },
    checkFaults: @escaping (RenderJobCheckpoint) throws -> Void = { _ in },
    isCancelled: @escaping () -> Bool = { false }
  ) {
    self.progress = progress
    self.progressEnded = progressEnded
    self.overlayLegend = overlayLegend
    self.boundsReport = boundsReport
    self.stillBoundsReports = stillBoundsReports
    self.standardOutput = standardOutput
    self.checkFaults = checkFaults
    self.isCancelled = isCancelled
  }
}

/// A point of a ``RenderJob``'s run at which ``RenderJobEvents/checkFaults`` is asked.
public enum RenderJobCheckpoint: Sendable, Equatable {
  /// After a still at `time` seconds rendered, before it is written; `nil` off the clock.
  case still(time: Double?)
  /// After frame `index` (at `time` seconds) rendered, before it is handed to its output;
  /// `outcome` says what the frames handed on so far left behind (`nothing written`, the
  /// frames a PNG sequence named, the frames a stream sent out).
  case frame(index: Int, time: Double, outcome: String)
  /// Before an animation's output is finished (committed, published).
  case finish
}

extension RenderJobCheckpoint {
  /// What frames handed on before a fault left behind, for its message: `3 frames (0–2) went
  /// to standard output before it, none from it on`, `1 frame (frame 0) written to frames/
  /// before it, none from it on`.
  ///
  /// - Parameters:
  ///   - frames: The frames handed on, by index in the schedule.
  ///   - place: Where they are: `went to standard output`, `written to DIR`.
  /// - Returns: The outcome, without a leading separator.
  static func outcome(_ frames: ClosedRange<Int>, _ place: String) -> String {
    let count =
      frames.count == 1
      ? "1 frame (frame \(frames.lowerBound))"
      : "\(frames.count) frames (\(frames.lowerBound)–\(frames.upperBound))"
    return "\(count) \(place) before it, none from it on"
  }
}
