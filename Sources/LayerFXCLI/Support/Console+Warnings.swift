extension Console {
  /// Writes each of an input file's decoding warnings to standard error, one line each:
  /// `layerfx: warning: FILE: …` (for example an ancillary chunk dropped for a bad CRC).
  func warn(_ warnings: [String], file: String) {
    for warning in warnings { error("layerfx: warning: \(file): \(warning)") }
  }
}
