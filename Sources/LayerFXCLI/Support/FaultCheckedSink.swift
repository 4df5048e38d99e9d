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
  /// Whether a frame has been handed on.
  private var hasHandedOn = false

  /// Wraps `base`.
  ///
  /// - Parameters:
  ///   - base: The sink the frames go to.
  ///   - times: Every frame's time in the schedule, seconds.
  ///   - writesEachFrame: Whether `base` names each frame as it gets it (a PNG sequence).
  init(base: Base, times: [Double], writesEachFrame: Bool) {
    self.base = base
    self.times = times
    self.writesEachFrame = writesEachFrame
  }

  /// Hands `frame` to the base sink unless a fault was recorded while it rendered.
  ///
  /// - Throws: ``MetalFaultError`` (exit 65) naming the frame after a fault, and what the base
  ///   sink throws.
  func write(_ frame: Image, index: Int) throws {
    try checkFaults(index)
    try base.write(frame, index: index)
    hasHandedOn = true
  }

  /// Throws the fault recorded while frame `index` rendered, if any.
  fileprivate func checkFaults(_ index: Int) throws {
    try MetalFunctionReference.checkFaults(
      frame: index, time: times.indices.contains(index) ? times[index] : .nan,
      earlierFramesWritten: writesEachFrame && hasHandedOn)
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
    hasHandedOn = true
  }
}
