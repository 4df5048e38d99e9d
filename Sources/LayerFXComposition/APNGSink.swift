import Dispatch
import LayerFX
import LayerFXFiles
import LayerFXPNG

/// Writes an animation as one animated PNG (APNG) file, frame by frame.
///
/// Each frame is encoded and appended in the background, in order, while the next one renders,
/// so at most two frames are held (one encoding, one arriving), whatever the frame count. An
/// encoding or write error is thrown by the next ``write(_:index:)-(PNGSamples,_)`` or by
/// ``finish()``.
///
/// The frame count is written before the first frame (`acTL`), so it comes from the schedule;
/// every frame is shown for `1 / fps` seconds (`APNGWriter.delay(fps:)`). The file is written
/// through `AtomicFile.create(_:protecting:followsSymbolicLink:)`: until ``finish()`` succeeds
/// the destination keeps its old content, and a failed or killed run leaves no partial file.
///
/// Source: APNG Specification, https://wiki.mozilla.org/APNG_Specification.
public final class APNGSink: SampleFrameSink, @unchecked Sendable {
  private let file: PreparedFile
  private let writer: APNGWriter
  private let delay: (numerator: UInt16, denominator: UInt16)
  /// Encodes the frame in flight, the one before the frame being rendered.
  private let queue = DispatchQueue(label: "layerfx.apng-writer")
  /// Holds the frame in flight; waited for before the next is queued.
  private let inFlight = DispatchGroup()
  /// The error of the frame in flight; read only after waiting for it.
  private var error: (any Error)?

  /// Opens `path` and writes the file's header and `acTL`.
  ///
  /// - Parameters:
  ///   - path: The `.apng` (or any) file to create or replace.
  ///   - frameCount: How many frames will be written, ≥ 1.
  ///   - fps: Frames per second, finite and > 0; sets every frame's delay.
  ///   - width: Frame width, pixels.
  ///   - height: Frame height, pixels.
  ///   - compressionLevel: The deflate level, 0…9 (1: ISA-L's igzip; the others: zlib).
  ///   - metadata: Colour chunks written after IHDR.
  ///   - protected: Files the command reads, which the output may not replace.
  /// - Throws: `AtomicFileError` when the file cannot be created; `PNGError` when the
  ///   header cannot be encoded.
  public init(
    path: String, frameCount: Int, fps: Double, width: Int, height: Int,
    compressionLevel: Int = PNGEncoder.defaultCompressionLevel,
    metadata: PNGMetadata = PNGMetadata(), protecting protected: [String] = []
  ) throws {
    let file = try AtomicFile.create(path, protecting: protected)
    self.file = file
    writer = try APNGWriter(
      width: width, height: height, frameCount: frameCount, compressionLevel: compressionLevel,
      metadata: metadata, name: path
    ) { bytes in try file.append(bytes) }
    delay = APNGWriter.delay(fps: fps)
  }

  /// 8 bits: APNG frames are 8-bit RGBA.
  public var bitDepth: PNGEncoder.BitDepth { .eight }

  /// Queues `frame`, stored at 8 bits, to be encoded and appended.
  ///
  /// - Throws: As ``write(_:index:)-(PNGSamples,_)``.
  public func write(_ frame: Image, index: Int) throws {
    try write(PNGSamples(frame, bitDepth: .eight), index: index)
  }

  /// Queues frame `index`'s 8-bit samples to be encoded and appended after the frame before;
  /// waits while that one is still encoding.
  ///
  /// - Throws: The error of an earlier frame: `PNGError` after the announced number of frames
  ///   or when encoding failed; `AtomicFileError` when writing failed.
  public func write(_ samples: PNGSamples, index: Int) throws {
    try waitForFrameInFlight()
    queue.async(group: inFlight) { [self] in
      do {
        try writer.write(samples, delay: delay)
      } catch {
        self.error = error
      }
    }
  }

  /// Waits for the last frame, writes `IEND` and gives the file its name.
  ///
  /// - Throws: The first frame's error, if any; `PNGError` unless every announced frame was
  ///   written; `AtomicFileError` when syncing or renaming fails.
  public func finish() throws {
    try waitForFrameInFlight()
    try writer.finish()
    try file.commit()
  }

  /// Waits until the frame in flight is appended, then throws its error, if any (and every
  /// later call again: no frame is queued after a failed one).
  private func waitForFrameInFlight() throws {
    inFlight.wait()
    if let error { throw error }
  }
}
