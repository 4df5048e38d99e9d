import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The faults compiled shader code has raised in this process: what happened instead of a
/// crash.
///
/// When a compiled function faults (SIGFPE from an integer division by zero, SIGSEGV or SIGBUS
/// from a read out of range or a stack overflow, SIGILL from a trap), the guard around the call
/// returns and the renderer gets a defined result: every pixel of the row run being shaded (or
/// the one pixel, in the per-pixel form) is transparent black. The first fault of each function is also
/// printed to standard error as one line naming the function, the signal and the row. Faults
/// in the rest of the process are left to their usual handlers.
public enum MetalFaults {
  /// One fault.
  public struct Fault: Sendable, Equatable, CustomStringConvertible {
    /// The Metal function's name.
    public let function: String
    /// The signal number (`SIGFPE` = 8, `SIGSEGV` = 11, …).
    public let signal: Int32
    /// The destination row, pixels (`nil` for a per-pixel call).
    public let row: Int?

    /// One line naming the function, the signal and its usual cause.
    public var description: String {
      let cause: String
      switch signal {
      case SIGFPE: cause = "SIGFPE, an arithmetic fault such as an integer division by zero"
      case SIGSEGV, SIGBUS:
        cause =
          "SIGSEGV, a read outside its memory (an array index out of range) or a stack overflow"
      case SIGILL: cause = "SIGILL, a trap"
      default: cause = "signal \(signal)"
      }
      let place = row.map { " at row \($0)" } ?? ""
      return
        "Metal function '\(function)' stopped with \(cause)\(place); its pixels there are transparent black"
    }
  }

  private static let log = Mutex<[Fault]>([])

  /// Every fault so far, in the order they happened.
  public static var all: [Fault] { log.withLock { $0 } }

  /// Forgets the faults recorded so far.
  public static func reset() { log.withLock { $0.removeAll() } }

  static func record(function: String, signal: Int32, row: Int?) {
    let fault = Fault(function: function, signal: signal, row: row)
    let isFirst = log.withLock { faults in
      defer { faults.append(fault) }
      return !faults.contains { $0.function == function }
    }
    if isFirst {
      let line = "layerfx: error: \(fault)\n"
      var bytes = Array(line.utf8)
      _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
  }
}
