/// What an animation (`--fps`) writes: named by `--format`, or chosen from `-o` and
/// `--contact-sheet`.
enum OutputFormat: String, CaseIterable {
  /// `DIR/frame_0000.png`, …: one PNG per frame.
  case pngSequence = "png-sequence"
  /// One animated PNG file.
  case apng
  /// One PNG with every frame laid out in a grid.
  case contactSheet = "contact-sheet"
  /// Straight-alpha 8-bit RGBA, frame after frame, no header (for `ffmpeg -f rawvideo`).
  case raw

  /// The format `--format` names, or else: `--contact-sheet` gives a contact sheet, `-o -` a
  /// raw stream, `-o NAME.apng` an animated PNG, anything else a PNG sequence.
  ///
  /// - Throws: ``UsageError`` for an unknown name, or `--contact-sheet` with another format.
  static func of(_ arguments: ParsedArguments, output: String) throws -> OutputFormat {
    let hasColumns = arguments.has("contact-sheet")
    if let name = arguments.value("format") {
      guard let format = OutputFormat(rawValue: name) else {
        throw UsageError.invalidValue(
          option: "format", value: name,
          expected: allCases.map(\.rawValue).joined(separator: ", "))
      }
      if hasColumns && format != .contactSheet {
        throw UsageError.invalid("--contact-sheet needs --format contact-sheet, not \(name)")
      }
      return format
    }
    if hasColumns { return .contactSheet }
    if output == "-" { return .raw }
    return output.lowercased().hasSuffix(".apng") ? .apng : .pngSequence
  }

  /// Whether the format writes one file (or standard output) rather than a directory.
  var writesOneFile: Bool { self != .pngSequence }
}
