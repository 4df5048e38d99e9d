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

  /// The one-file format whose extension ends `path` (any case): `.png` a contact sheet's (or
  /// one image's), `.apng` an animated PNG's, `.raw` raw frames'; `nil` for any other name.
  ///
  /// A directory of frames under such a name is a mistake (`-o x.raw` made a folder `x.raw`),
  /// so a PNG sequence refuses it.
  public static func oneFileFormat(named path: String) -> OutputFormat? {
    let name = path.lowercased()
    return [OutputFormat.contactSheet, .apng, .raw].first {
      name.hasSuffix($0.fileExtension) && name.count > $0.fileExtension.count
    }
  }

  /// The extension ``oneFileFormat(named:)`` reads, with its dot: `.png`, `.apng`, `.raw`
  /// (`.png` for a PNG sequence's frames too).
  var fileExtension: String {
    switch self {
    case .pngSequence, .contactSheet: ".png"
    case .apng: ".apng"
    case .raw: ".raw"
    }
  }

  /// What a file of this format is called in messages: `a PNG file`, `an animated PNG file`,
  /// `a raw file`.
  public var fileDescription: String {
    switch self {
    case .pngSequence, .contactSheet: "a PNG file"
    case .apng: "an animated PNG file"
    case .raw: "a raw file"
    }
  }

  /// The outputs that take a stream rather than a named file: standard output (`-`,
  /// `/dev/stdout`), and the null device (renders every frame and drops it: timing a render,
  /// checking bounds).
  public static let streamPaths: Set<String> = ["-", "/dev/stdout", "/dev/null"]
}
