import LayerFX
import LayerFXComposition

/// A sink that passes frames on to `base` only while no compiled `.metal` code has faulted
/// (SIGFPE, an out-of-range array read: ``MetalFunctionReference/checkFaults()``), so nothing
/// is written or published after a fault: a frame that faulted is never handed on, and
/// ``finish()`` refuses before an animated PNG or a raw stream is committed and before the
/// caller writes a contact sheet.
struct FaultCheckedSink<Base: FrameSink>: FrameSink {
  /// The sink the frames go to.
  var base: Base

  /// Hands `frame` to the base sink unless a fault was recorded while it rendered.
  ///
  /// - Throws: ``AlreadyReported`` (exit 65) after a fault, and what the base sink throws.
  mutating func write(_ frame: Image, index: Int) throws {
    try MetalFunctionReference.checkFaults()
    try base.write(frame, index: index)
  }

  /// Finishes the base sink unless a fault was recorded.
  ///
  /// - Throws: As ``write(_:index:)``.
  mutating func finish() throws {
    try MetalFunctionReference.checkFaults()
    try base.finish()
  }
}
