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
/// the one pixel, in the per-pixel form) is transparent black. The faults are recorded here,
/// not printed: the caller, which knows the frame and what it will not write, reports them
/// (the CLI: `late.metal: Late: SIGFPE at frame 4 (t = 0.4 s), row 0; nothing written`). Faults
/// in the rest of the process are left to their usual handlers.
public enum MetalFaults {
  /// One fault.
  public struct Fault: Sendable, Equatable, CustomStringConvertible {
    /// The `.metal` source's path, as the library was given it.
    public let path: String
    /// The Metal function's name.
    public let function: String
    /// The signal number (`SIGFPE` = 8, `SIGSEGV` = 11, …); 0 when the bounds checker's copy
    /// of a layer effect did not compile (`MetalProbe`), so it never ran.
    public let signal: Int32
    /// The destination row, pixels (`nil` for a per-pixel call).
    public let row: Int?
    /// What happened, when it was not a signal the fault guard caught: the shader worker was
    /// stopped at the time limit, killed by its system-call filter, or ended by the shader.
    public let detail: String?
    /// The frame's shader time limit, seconds, when the fault is that the frame reached it
    /// (``detail`` then says so); `nil` for every other fault.
    public let timeLimit: Double?

    /// The signal's name: `SIGFPE` (an arithmetic fault such as an integer division by zero),
    /// `SIGSEGV` or `SIGBUS` (a read outside its memory, a stack overflow), `SIGILL` (a trap).
    public var signalName: String {
      switch signal {
      case SIGFPE: "SIGFPE"
      case SIGSEGV: "SIGSEGV"
      case SIGBUS: "SIGBUS"
      case SIGILL: "SIGILL"
      // MetalProbe: the bounds checker's copy of a layer effect did not compile.
      case 0: "its bounds-checking copy did not compile"
      default: "signal \(signal)"
      }
    }

    /// `FILE: FUNCTION: SIGNAL at row R` (no row for a per-pixel call).
    public var description: String { description(at: nil) }

    /// `FILE: FUNCTION: SIGNAL at MOMENT, row R`, naming when it happened; a SIGSEGV adds
    /// what raises one (` (an out-of-bounds or invalid pointer access, or a stack overflow?)`).
    ///
    /// - Parameter moment: When, as the caller knows it (`frame 4 (t = 0.4 s)`), or `nil`.
    /// - Returns: One line without a trailing period.
    public func description(at moment: String?) -> String {
      let row = self.row.map { (moment == nil ? " at row " : ", row ") + "\($0)" } ?? ""
      // A page the process may not touch in that way: an address past an array or through a
      // wild or null pointer, or the guard page below a stack that grew too deep.
      let cause =
        detail == nil && signal == SIGSEGV
        ? " (an out-of-bounds or invalid pointer access, or a stack overflow?)" : ""
      return "\(path): \(function): \(detail ?? signalName)" + (moment.map { " at \($0)" } ?? "")
        + row + cause
    }
  }

  private static let log = Mutex<[Fault]>([])

  /// Every fault so far, in the order they happened.
  public static var all: [Fault] { log.withLock { $0 } }

  /// The fault a render reports: the one of the lowest row.
  ///
  /// So the line is the same whatever the thread count and whichever band faulted first (with
  /// 2 threads, a band from row 25 could record its fault before row 0's); faults without a row
  /// (a per-pixel call, the time limit, a worker that died, a probe that did not compile) come
  /// before any with one; among equals, the one recorded first. `nil` when nothing faulted.
  public static var first: Fault? { first(among: all) }

  /// The fault a render reports among `faults`, chosen as ``first`` chooses among all of them.
  ///
  /// - Parameter faults: Faults in the order they happened (a render's, out of ``all``).
  /// - Returns: The one of the lowest row, a fault without a row before any with one, the
  ///   earliest among equals; `nil` when `faults` is empty.
  public static func first(among faults: [Fault]) -> Fault? {
    faults.indices.min { (faults[$0].row ?? -1, $0) < (faults[$1].row ?? -1, $1) }
      .map { faults[$0] }
  }

  /// Forgets the faults recorded so far.
  public static func reset() { log.withLock { $0.removeAll() } }

  static func record(
    path: String, function: String, signal: Int32, row: Int?, detail: String? = nil,
    timeLimit: Double? = nil
  ) {
    let fault = Fault(
      path: path, function: function, signal: signal, row: row, detail: detail,
      timeLimit: timeLimit)
    log.withLock { $0.append(fault) }
  }
}
