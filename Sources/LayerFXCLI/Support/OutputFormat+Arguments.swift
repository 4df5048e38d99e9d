import LayerFXComposition

extension OutputFormat {
  /// The format `--format` names, or else: `--contact-sheet` gives a contact sheet, `-o -`,
  /// `-o /dev/stdout` and `-o /dev/null` a raw stream (the last renders every frame and drops
  /// it: timing a render, checking bounds), `-o NAME.apng` an animated PNG, anything else a PNG
  /// sequence.
  ///
  /// - Throws: ``UsageError`` for an unknown name, or `--contact-sheet` with another format.
  static func of(_ arguments: ParsedArguments, output: String) throws -> OutputFormat {
    let hasColumns = arguments.has("contact-sheet")
    if let format = try arguments.value("format", as: .named(allCases.map { ($0.rawValue, $0) })) {
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
