import LayerFXComposition

extension OutputFormat {
  /// The format `timing` names, or else: a contact sheet's columns give a contact sheet, `-o -`,
  /// `-o /dev/stdout` and `-o /dev/null` a raw stream (the last renders every frame and drops
  /// it: timing a render, checking bounds), `-o NAME.apng` an animated PNG, anything else a PNG
  /// sequence.
  ///
  /// - Throws: ``UsageError`` for contact-sheet columns with another format.
  static func of(_ timing: RenderJob.Timing, output: String) throws -> OutputFormat {
    let hasColumns = timing.contactSheet != nil
    if let format = timing.format {
      if hasColumns && format != .contactSheet {
        throw UsageError.invalid(
          "--contact-sheet needs --format contact-sheet, not \(format.rawValue)")
      }
      return format
    }
    if hasColumns { return .contactSheet }
    if OutputFormat.streamPaths.contains(output) { return .raw }
    return output.lowercased().hasSuffix(".apng") ? .apng : .pngSequence
  }
}
