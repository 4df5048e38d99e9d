import LayerFX
import LayerFXPNG

/// A raw stream of frames: each frame as straight-alpha 8-bit RGBA, width × height × 4 bytes,
/// row by row, frames in order, with no header (what `ffmpeg -f rawvideo -pix_fmt rgba` reads).
///
/// Without debug overlays each frame's last pass is stored straight into these bytes
/// (a ``SampleFrameSink`` at 8 bits): no `Float` image of the frame is made.
///
/// Source: `Documentation/Semantics.md` §3 (the store: premultiplied clamp, un-premultiply,
/// round).
public final class RawRGBASink: SampleFrameSink {
  private let output: (UnsafeRawBufferPointer) throws -> Void

  /// Creates a sink that hands each frame's bytes to `output`.
  ///
  /// - Parameter output: Receives width × height × 4 bytes per frame, in frame order; for
  ///   example a write to standard output. The buffer is valid only during the call: the
  ///   renderer stores the next frame into the same memory.
  public init(_ output: @escaping (UnsafeRawBufferPointer) throws -> Void) {
    self.output = output
  }

  /// 8 bits per sample.
  public var bitDepth: PNGEncoder.BitDepth { .eight }

  /// Converts `frame` and passes its bytes on.
  ///
  /// - Throws: What `output` throws.
  public func write(_ frame: Image, index: Int) throws {
    try PNGEncoder.rgba8(frame).withUnsafeBytes(output)
  }

  /// Passes the bytes of `samples` (8-bit codes, as ``bitDepth`` asks) on, without a copy.
  ///
  /// - Throws: What `output` throws.
  public func write(_ samples: PNGSamples, index: Int) throws {
    try samples.withUnsafeBytes { bytes, _ in try output(bytes) }
  }

  /// `true`: `output` has written a frame's bytes when ``write(_:index:)-(PNGSamples,_)``
  /// returns, so the next frame may be stored into the same memory.
  public var releasesSamplesOnReturn: Bool { true }

  /// Nothing to complete.
  public func finish() throws {}
}
