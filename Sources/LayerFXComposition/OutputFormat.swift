/// What an animation writes, by its stable name (the CLI's `--format`, the config's output
/// format).
public enum OutputFormat: String, CaseIterable, Sendable {
  /// `png-sequence`: `DIR/frame_0000.png`, …, one PNG per frame (``PNGSequenceSink``).
  case pngSequence = "png-sequence"
  /// `apng`: one animated PNG file (``APNGSink``).
  case apng
  /// `contact-sheet`: one PNG with every frame laid out in a grid (``ContactSheetSink``).
  case contactSheet = "contact-sheet"
  /// `raw`: straight-alpha 8-bit RGBA, frame after frame, no header, for
  /// `ffmpeg -f rawvideo -pix_fmt rgba` (``RawRGBASink``).
  case raw

  /// Whether the format writes one file (or standard output) rather than a directory.
  public var writesOneFile: Bool { self != .pngSequence }

  /// The outputs that take a stream rather than a named file: standard output (`-`,
  /// `/dev/stdout`), and the null device (renders every frame and drops it: timing a render,
  /// checking bounds).
  public static let streamPaths: Set<String> = ["-", "/dev/stdout", "/dev/null"]
}
