import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads messages that end with a delimiter byte (a newline, a NUL) from the read end of a
/// pipe, waiting at most a bound for each, so that a silent child fails a test instead of
/// hanging it.
final class DelimitedReader {
  /// The read end; closed when the reader is released.
  let descriptor: Int32
  private let delimiter: UInt8
  private var buffer: [UInt8] = []

  /// Why a message did not come.
  enum Failure: Error, CustomStringConvertible {
    case timedOut(Double)
    case endOfFile([UInt8])

    var description: String {
      switch self {
      case .timedOut(let seconds): "no message within \(seconds) s"
      case .endOfFile(let rest):
        "the writer closed the pipe (unterminated rest: \(String(decoding: rest, as: UTF8.self)))"
      }
    }
  }

  /// A reader of `descriptor`, whose messages end with `delimiter`.
  init(descriptor: Int32, delimiter: UInt8) {
    self.descriptor = descriptor
    self.delimiter = delimiter
  }

  deinit { close(descriptor) }

  /// The next message, without its delimiter.
  ///
  /// - Throws: ``Failure`` when none is complete within `seconds` or the pipe ends first.
  func next(within seconds: Double) throws -> [UInt8] {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      if let end = buffer.firstIndex(of: delimiter) {
        let message = Array(buffer[..<end])
        buffer.removeSubrange(...end)
        return message
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { throw Failure.timedOut(seconds) }
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&request, 1, Int32(min(left * 1000, 1000)) + 1)
      if ready < 0 && errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      guard ready > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw Failure.endOfFile(buffer) }
      buffer += chunk[..<count]
    }
  }
}
