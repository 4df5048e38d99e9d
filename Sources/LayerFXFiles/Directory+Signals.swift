import CLayerFXFiles

extension Directory {
  /// Runs `body` with the directory `path` registered with the signal handler
  /// (``AtomicFile/installSignalHandlers()``), which removes it with rmdir(2), so only while it
  /// is empty, when SIGINT, SIGTERM, SIGHUP or SIGQUIT ends the process; `path` is forgotten
  /// when `body` returns or throws.
  ///
  /// For a directory the caller creates for its output: a run ended by a signal before
  /// anything was named in it leaves no empty directory behind, and one holding a file (a
  /// finished frame, anyone's) is kept. The handler unlinks hidden temporaries first, so they do
  /// not keep the directory. Registered before the directory exists, it is covered from its
  /// mkdir(2) on (rmdir of a missing path does nothing). SIGKILL runs no handler.
  ///
  /// - Parameters:
  ///   - path: The directory; a name that is not UTF-8 is converted with
  ///     ``RawBytes/cString(_:)``. When the handler's table is full or the name is longer than
  ///     4095 bytes it is not registered.
  ///   - body: The work that fills the directory.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  ///
  /// Source: rmdir(2) ("ENOTEMPTY: pathname contains entries other than . and .."),
  /// signal-safety(7) (rmdir is async-signal-safe).
  public static func removingIfEmptyOnSignal<T>(_ path: String, _ body: () throws -> T) rethrows
    -> T
  {
    let slot = RawBytes.cString(path).withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { lfx_directory_register($0) } ?? -1
    }
    defer { lfx_temporary_unregister(slot) }
    return try body()
  }
}
