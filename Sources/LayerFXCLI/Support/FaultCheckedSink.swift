import LayerFX
import LayerFXComposition
import LayerFXPNG

/// A sink that passes frames on to `base` only while no compiled `.metal` code has faulted
/// (SIGFPE, an out-of-range array read: ``MetalFunctionReference/checkFaults()``), so nothing
/// is written or published after a fault: a frame that faulted is never handed on, and
/// ``finish()`` refuses before an animated PNG or a raw stream is committed and before the
/// caller writes a contact sheet.
///
/// A class, so that over a ``LayerFXComposition/SampleFrameSink`` (a PNG sequence) it is one
/// too, and the renderer stores each frame's last pass straight into the encoder's samples
/// (no `Float` frame) as it does for the base sink.
final class FaultCheckedSink<Base: FrameSink>: FrameSink {
  /// The sink the frames go to.
  var base: Base
  /// Every frame's time in the schedule, seconds, for the fault's message.
  let times: [Double]
  /// Whether the base sink names each frame as it gets it (a PNG sequence).
  let writesEachFrame: Bool
  /// Where the base sink streams each frame as it gets it (`standard output` for a raw stream
  /// to `-o -`), so those frames are gone when a later one faults; `nil` when it publishes
  /// nothing before ``finish()`` or names files (``writesEachFrame``).
  let streamsTo: String?
  /// The frames handed on, in order.
  private var handedOn: [Int] = []

  /// Wraps `base`.
  ///
  /// - Parameters:
  ///   - base: The sink the frames go to.
  ///   - times: Every frame's time in the schedule, seconds.
  ///   - writesEachFrame: Whether `base` names each frame as it gets it (a PNG sequence).
  ///   - streamsTo: What `base` streams each frame to as it gets it (`standard output`).
  init(base: Base, times: [Double], writesEachFrame: Bool, streamsTo: String? = nil) {
    self.base = base
    self.times = times
    self.writesEachFrame = writesEachFrame
    self.streamsTo = streamsTo
  }

  /// What a fault at this point leaves behind, for its message: `nothing written`, frames that
  /// may be written (a PNG sequence), or how many frames went out on the stream.
  var outcome: String {
    guard let first = handedOn.first, let last = handedOn.last else { return "nothing written" }
    if writesEachFrame { return "frames before it may be written, none from it on" }
    guard let streamsTo else { return "nothing written" }
    let frames =
      handedOn.count == 1
      ? "1 frame (frame \(first))" : "\(handedOn.count) frames (\(first)–\(last))"
    return "\(frames) went to \(streamsTo) before it, none from it on"
  }

  /// Hands `frame` to the base sink unless a fault was recorded while it rendered.
  ///
  /// - Throws: ``MetalFaultError`` (exit 65) naming the frame after a fault, and what the base
  ///   sink throws.
  func write(_ frame: Image, index: Int) throws {
    try checkFaults(index)
    try base.write(frame, index: index)
    handedOn.append(index)
  }

  /// Throws the fault recorded while frame `index` rendered, if any.
  fileprivate func checkFaults(_ index: Int) throws {
    try MetalFunctionReference.checkFaults(
      frame: index, time: times.indices.contains(index) ? times[index] : .nan, outcome: outcome)
  }

  /// Finishes the base sink unless a fault was recorded.
  ///
  /// - Throws: ``MetalFaultError`` after a fault, and what the base sink throws.
  func finish() throws {
    try MetalFunctionReference.checkFaults()
    try base.finish()
  }
}

extension FaultCheckedSink: SampleFrameSink where Base: SampleFrameSink {
  /// The base sink's bits per sample.
  var bitDepth: PNGEncoder.BitDepth { base.bitDepth }

  /// Hands `samples` to the base sink unless a fault was recorded while they rendered, as
  /// ``write(_:index:)-(Image,_)`` does a frame.
  ///
  /// - Throws: ``MetalFaultError`` after a fault, and what the base sink throws.
  func write(_ samples: PNGSamples, index: Int) throws {
    try checkFaults(index)
    try base.write(samples, index: index)
    handedOn.append(index)
  }
}
