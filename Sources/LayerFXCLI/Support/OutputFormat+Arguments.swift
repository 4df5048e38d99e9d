import LayerFXComposition

extension OutputFormat {
  /// The outputs that take a stream rather than a named file: standard output, and the null
  /// device.
  static let streamPaths: Set<String> = ["-", "/dev/stdout", "/dev/null"]

  /// The format `--format` names, or else: `--contact-sheet` gives a contact sheet, `-o -`,
  /// `-o /dev/stdout` and `-o /dev/null` a raw stream (the last renders every frame and drops
  /// it: timing a render, checking bounds), `-o NAME.apng` an animated PNG, anything else a PNG
  /// sequence.
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
    if OutputFormat.streamPaths.contains(output) { return .raw }
    return output.lowercased().hasSuffix(".apng") ? .apng : .pngSequence
  }
}
