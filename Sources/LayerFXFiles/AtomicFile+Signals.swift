import CLayerFXFiles
import Synchronization

extension AtomicFile {
  /// Makes termination signals remove the hidden temporary files being written.
  ///
  /// SIGINT, SIGTERM, SIGHUP and SIGQUIT unlink every registered temporary, and remove every
  /// registered directory that is empty (``Directory/removingIfEmptyOnSignal(_:_:)``), before
  /// the process ends with that signal; SIGPIPE and SIGXFSZ are ignored, so a closed pipe
  /// (`EPIPE`) and a file past the file-size limit (`EFBIG`, `ulimit -f`) are write errors the
  /// caller reports. For a program's start (the CLI calls it); a library leaves a host's signals alone.
  ///
  /// The handler is C (`CLayerFXFiles`): it reads a fixed table of names and calls only
  /// unlink(2), rmdir(2), signal(2) and raise(3).
  ///
  /// Source: signal-safety(7).
  public static func installSignalHandlers() {
    lfx_install_signal_handlers()
  }

  /// Makes SIGINT and SIGTERM end the process at once with exit status `status`.
  ///
  /// The hidden temporary files being written are unlinked first (and registered directories
  /// removed while empty); the process ends whatever it is doing: rendering, or waiting on a
  /// shader's worker process (which its `PR_SET_PDEATHSIG` then kills). Every file written
  /// through ``AtomicFile`` holds its old or its new content, never part of it. For a command
  /// that runs until Ctrl-C (`tune`).
  ///
  /// The handler is C (`CLayerFXFiles`) and calls only unlink(2), rmdir(2) and _exit(2).
  ///
  /// - Parameter status: The exit status (`tune`: 0).
  ///
  /// Source: signal-safety(7); prctl(2) (`PR_SET_PDEATHSIG`).
  public static func exitOnInterrupt(status: Int32) {
    lfx_exit_on_interrupt(status)
  }

  /// Whether a write through ``writeAll(_:to:)`` has failed with `EPIPE` in this process.
  ///
  /// An output that is a pipe (standard output by `-o -` or `-o /dev/stdout`) lost its reader;
  /// standard error, which carries messages, does not count. A program then ends by
  /// ``endByBrokenPipe()``, whichever error the failed write became on its way up.
  public static var hasWrittenIntoClosedPipe: Bool { closedPipe.load(ordering: .relaxed) }

  /// Set by ``writeAll(_:to:)`` on `EPIPE`; never cleared.
  static let closedPipe = Atomic<Bool>(false)

  /// Ends the process by SIGPIPE, quietly, after unlinking the hidden temporary files being
  /// written: what a program does whose standard output's reader went away (`EPIPE`), as `cat`
  /// and `gzip` do by SIGPIPE's default action; a shell reports status 141 (128 + 13).
  ///
  /// For a program's end (the CLI's `main`); a library never ends its host.
  ///
  /// Source: pipe(7) ("If all file descriptors referring to the read end of a pipe have been
  /// closed, then a write(2) will cause a SIGPIPE signal to be generated"); signal(7).
  public static func endByBrokenPipe() -> Never {
    lfx_end_by_broken_pipe()
  }
}
