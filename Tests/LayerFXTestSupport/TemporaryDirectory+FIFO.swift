import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension TemporaryDirectory {
  /// Creates a FIFO (named pipe, mode 0600) called `name` in the directory; nothing ever opens
  /// it, so a reader or writer that opened it without checking would block for ever.
  ///
  /// - Returns: Its path.
  /// - Throws: `POSIXError` when mkfifo(3) fails.
  public func fifo(_ name: String) throws -> String {
    let path = path(name)
    guard mkfifo(path, 0o600) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    return path
  }
}
