import LayerFXFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: standard output for results, standard error for messages.
///
/// Writes go straight to the file descriptors with `write(2)`, so a full disk or a closed
/// stream is an error the tool reports (exit 74), never a trap. A command runs on one thread,
/// which alone uses its console.
final class Console: @unchecked Sendable {
  /// Whether standard error is a terminal (progress lines are shown only then).
  let isErrorTerminal = isatty(STDERR_FILENO) == 1
  /// Why the first failed write to standard output failed (the system's words, or "it is
  /// closed"), or `nil`.
  private(set) var outputFailure: String?

  /// Writes `text` and a newline to standard output; a failure is kept in ``outputFailure``.
  func print(_ text: String) {
    try? writeOutput(Array((text + "\n").utf8))
  }

  /// Writes `bytes` to standard output (a PNG, raw frames).
  ///
  /// - Throws: ``CLIError/outputFailed(reason:)`` with the system's reason, or "it is closed"
  ///   when the parent closed standard output (``StandardStreams``).
  func writeOutput(_ bytes: [UInt8]) throws(CLIError) {
    try bytes.withUnsafeBytes { buffer in Result { () throws(CLIError) in try writeOutput(buffer) }
    }
    .get()
  }

  /// Writes `bytes` to standard output, as ``writeOutput(_:)-([UInt8])`` does.
  func writeOutput(_ bytes: UnsafeRawBufferPointer) throws(CLIError) {
    let reason: String
    if StandardStreams.wasClosed(STDOUT_FILENO) {
      // Descriptor 1 is /dev/null now (StandardStreams), which would take every byte.
      reason = "it is closed"
    } else {
      let failure = AtomicFile.writeAll(bytes, to: STDOUT_FILENO)
      guard failure != 0 else { return }
      reason = String(cString: strerror(failure))
    }
    if outputFailure == nil { outputFailure = reason }
    throw .outputFailed(reason: reason)
  }

  /// Writes `text` and a newline to standard error; there is nowhere to report a failure.
  ///
  /// The text is one line whatever it quotes: control characters and bytes that are not UTF-8
  /// (in a file name or a value) are written as `\xNN`, and a line over 1000 characters is
  /// shortened around its middle (``MessageText/escaped(_:limit:)``).
  func error(_ text: String) {
    _ = Self.write(Array((MessageText.escaped(text) + "\n").utf8), to: STDERR_FILENO)
  }

  /// Rewrites the progress line on a terminal; does nothing otherwise.
  func progress(_ text: String) {
    guard isErrorTerminal else { return }
    _ = Self.write(Array(("\r\u{1B}[K" + text).utf8), to: STDERR_FILENO)
  }

  /// Ends a progress line started by ``progress(_:)``.
  func endProgress() {
    guard isErrorTerminal else { return }
    _ = Self.write(Array("\r\u{1B}[K".utf8), to: STDERR_FILENO)
  }

  /// Writes every byte, retrying after interruptions; returns 0 or the failing `errno`.
  private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: descriptor) }
  }
}
