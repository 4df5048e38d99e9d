import Foundation

/// Where a command writes: standard output for results, standard error for messages.
struct Console: Sendable {
  /// Whether standard error is a terminal (progress lines are shown only then).
  let isErrorTerminal = isatty(FileHandle.standardError.fileDescriptor) == 1

  /// Writes `text` and a newline to standard output.
  func print(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// Writes `text` and a newline to standard error.
  func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// Rewrites the progress line on a terminal; does nothing otherwise.
  func progress(_ text: String) {
    guard isErrorTerminal else { return }
    FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
  }

  /// Ends a progress line started by ``progress(_:)``.
  func endProgress() {
    guard isErrorTerminal else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
