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
  private let output: ([UInt8]) throws -> Void

  /// Creates a sink that hands each frame's bytes to `output`.
  ///
  /// - Parameter output: Receives width × height × 4 bytes per frame, in frame order; for
  ///   example a write to standard output.
  public init(_ output: @escaping ([UInt8]) throws -> Void) {
    self.output = output
  }

  /// 8 bits per sample.
  public var bitDepth: PNGEncoder.BitDepth { .eight }

  /// Converts `frame` and passes its bytes on.
  ///
  /// - Throws: What `output` throws.
  public func write(_ frame: Image, index: Int) throws {
    try output(PNGEncoder.rgba8(frame))
  }

  /// Passes the bytes of `samples` (8-bit codes, as ``bitDepth`` asks) on.
  ///
  /// - Throws: What `output` throws.
  public func write(_ samples: PNGSamples, index: Int) throws {
    try output(samples.withUnsafeBytes { bytes, _ in Array(bytes) })
  }

  /// Nothing to complete.
  public func finish() throws {}
}
