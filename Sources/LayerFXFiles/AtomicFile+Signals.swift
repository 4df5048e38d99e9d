import CLayerFXFiles

extension AtomicFile {
  /// Makes termination signals remove the hidden temporary files being written.
  ///
  /// SIGINT, SIGTERM, SIGHUP and SIGQUIT unlink every registered temporary before the process
  /// ends with that signal; SIGPIPE is ignored, so a closed pipe is a write error (`EPIPE`) the
  /// caller reports. For a program's start (the CLI calls it); a library leaves a host's
  /// signals alone.
  ///
  /// The handler is C (`CLayerFXFiles`): it reads a fixed table of names and calls only
  /// unlink(2), signal(2) and raise(3).
  ///
  /// Source: signal-safety(7).
  public static func installSignalHandlers() {
    lfx_install_signal_handlers()
  }
}
