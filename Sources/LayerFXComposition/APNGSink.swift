import LayerFX
import LayerFXFiles
import LayerFXPNG

/// Writes an animation as one animated PNG (APNG) file, frame by frame: each frame is encoded
/// and written as it arrives, so one frame is held at a time, whatever the frame count.
///
/// The frame count is written before the first frame (`acTL`), so it comes from the schedule;
/// every frame is shown for `1 / fps` seconds (`APNGWriter.delay(fps:)`). The file is written
/// through `AtomicFile.create(_:protecting:followsSymbolicLink:)`: until ``finish()`` succeeds
/// the destination keeps its old content, and a failed or killed run leaves no partial file.
///
/// Source: APNG Specification, https://wiki.mozilla.org/APNG_Specification.
public struct APNGSink: FrameSink {
  private let file: PreparedFile
  private let writer: APNGWriter
  private let delay: (numerator: UInt16, denominator: UInt16)

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

  /// Encodes `frame` and appends it to the file.
  ///
  /// - Throws: `PNGError` after the announced number of frames or when encoding fails;
  ///   `AtomicFileError` when writing fails.
  public mutating func write(_ frame: Image, index: Int) throws {
    try writer.write(frame, delay: delay)
  }

  /// Writes `IEND` and gives the file its name.
  ///
  /// - Throws: `PNGError` unless every announced frame was written; `AtomicFileError`
  ///   when syncing or renaming fails.
  public mutating func finish() throws {
    try writer.finish()
    try file.commit()
  }
}
