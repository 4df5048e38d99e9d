import LayerFX
import LayerFXPNG

/// A raw stream of frames: each frame as straight-alpha 8-bit RGBA, width × height × 4 bytes,
/// row by row, frames in order, with no header (what `ffmpeg -f rawvideo -pix_fmt rgba` reads).
///
/// Source: `Documentation/Semantics.md` §3 (the store: premultiplied clamp, un-premultiply,
/// round).
public struct RawRGBASink: FrameSink {
  private let output: ([UInt8]) throws -> Void

  /// Creates a sink that hands each frame's bytes to `output`.
  ///
  /// - Parameter output: Receives width × height × 4 bytes per frame, in frame order; for
  ///   example a write to standard output.
  public init(_ output: @escaping ([UInt8]) throws -> Void) {
    self.output = output
  }

  /// Converts `frame` and passes its bytes on.
  ///
  /// - Throws: What `output` throws.
  public mutating func write(_ frame: Image, index: Int) throws {
    try output(PNGEncoder.rgba8(frame))
  }

  /// Nothing to complete.
  public mutating func finish() throws {}
}
