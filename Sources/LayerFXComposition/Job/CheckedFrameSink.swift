import LayerFX
import LayerFXPNG

/// A sink that passes frames on to `base` only while the front end reports no failure outside
/// the renderer (``RenderJobEvents/checkFaults``: a fault of compiled `.metal` code) and no
/// cancellation, so nothing is written or published after one: a frame that faulted is never
/// handed on, and ``finish()`` refuses before an animated PNG or a raw stream is committed and
/// before the caller writes a contact sheet.
///
/// A class, so that over a ``SampleFrameSink`` (a PNG sequence) it is one too, and the renderer
/// stores each frame's last pass straight into the encoder's samples (no `Float` frame) as it
/// does for the base sink.
final class CheckedFrameSink<Base: FrameSink>: FrameSink {
  /// The sink the frames go to.
  var base: Base
  /// Every frame's time in the schedule, seconds, for the fault's message.
  let times: [Double]
  /// The folder the base sink names each frame in as it gets it (a PNG sequence's, as given),
  /// so those frames stay when a later one faults; `nil` for any other sink.
  let writesFramesTo: String?
  /// Where the base sink streams each frame as it gets it (`standard output` for a raw stream
  /// to `-o -`), so those frames are gone when a later one faults; `nil` when it publishes
  /// nothing before ``finish()`` or names files (``writesFramesTo``).
  let streamsTo: String?
  /// The front end's checks.
  let events: RenderJobEvents
  /// The overlays' legend, for ``RenderJobEvents/overlayLegend`` once the first frame passes
  /// the fault check (a failed run's one line is its error); `nil` once given, or without
  /// overlays.
  private var legend: String?
  /// The frames handed on, in order.
  private var handedOn: [Int] = []

  /// Wraps `base`.
  ///
  /// - Parameters:
  ///   - base: The sink the frames go to.
  ///   - times: Every frame's time in the schedule, seconds.
  ///   - writesFramesTo: The folder `base` names each frame in as it gets it (a PNG
  ///     sequence); the caller waits for the frames handed on before it reports a failure
  ///     (`PNGSequenceSink.finish()`), so the fault's message, which counts them, holds.
  ///   - streamsTo: What `base` streams each frame to as it gets it (`standard output`).
  ///   - legend: The legend of the overlays drawn (`DisplacementColorScale.legend(for:)`),
  ///     given to the front end once, when the first frame passes the fault check; `nil`
  ///     without overlays.
  ///   - events: The front end's fault check, cancellation and legend.
  init(
    base: Base, times: [Double], writesFramesTo: String? = nil, streamsTo: String? = nil,
    legend: String? = nil, events: RenderJobEvents
  ) {
    self.base = base
    self.times = times
    self.writesFramesTo = writesFramesTo
    self.streamsTo = streamsTo
    self.legend = legend
    self.events = events
  }

  /// What a fault at this point leaves behind, for its message: `nothing written`, or the
  /// frames handed on, which a PNG sequence named and a stream sent out.
  var outcome: String {
    let place = writesFramesTo.map { "written to \($0)" } ?? streamsTo.map { "went to \($0)" }
    guard let first = handedOn.first, let last = handedOn.last, let place else {
      return "nothing written"
    }
    return RenderJobCheckpoint.outcome(first...last, place)
  }

  /// Hands `frame` to the base sink unless a fault was recorded while it rendered or the run
  /// was cancelled.
  ///
  /// - Throws: What ``RenderJobEvents/checkFaults`` throws, `CancellationError`, and what the
  ///   base sink throws.
  func write(_ frame: Image, index: Int) throws {
    try check(index)
    try base.write(frame, index: index)
    handedOn.append(index)
  }

  /// Throws the fault recorded while frame `index` rendered, if any, or `CancellationError`.
  fileprivate func check(_ index: Int) throws {
    try events.checkFaults(
      .frame(
        index: index, time: times.indices.contains(index) ? times[index] : .nan, outcome: outcome))
    if events.isCancelled() { throw CancellationError() }
    if let legend = legend.take() { events.overlayLegend(legend) }
  }

  /// Finishes the base sink unless a fault was recorded.
  ///
  /// - Throws: What ``RenderJobEvents/checkFaults`` throws, and what the base sink throws.
  func finish() throws {
    try events.checkFaults(.finish)
    try base.finish()
  }
}

extension CheckedFrameSink: SampleFrameSink where Base: SampleFrameSink {
  /// The base sink's bits per sample.
  var bitDepth: PNGEncoder.BitDepth { base.bitDepth }

  /// Whether the base sink releases the samples it was given when its write returns.
  var releasesSamplesOnReturn: Bool { base.releasesSamplesOnReturn }

  /// Whether the base sink reuses what it made of the input.
  var reusesInputFrames: Bool { base.reusesInputFrames }

  /// The base sink's spare samples.
  func takeSpareSamples() -> PNGSamples? { base.takeSpareSamples() }

  /// Hands `samples` to the base sink unless a fault was recorded while they rendered, as
  /// ``write(_:index:)-(Image,_)`` does a frame.
  ///
  /// - Throws: As ``write(_:index:)-(Image,_)``.
  func write(_ samples: PNGSamples, index: Int) throws {
    try check(index)
    try base.write(samples, index: index)
    handedOn.append(index)
  }

  /// Hands frame `index`, the input itself, to the base sink unless a fault was recorded, as
  /// ``write(_:index:)-(Image,_)`` does a frame.
  ///
  /// - Throws: As ``write(_:index:)-(Image,_)``.
  func writeInput(index: Int, samples: () -> PNGSamples) throws {
    try check(index)
    try base.writeInput(index: index, samples: samples)
    handedOn.append(index)
  }
}
