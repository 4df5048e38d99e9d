#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads and atomic writes with POSIX calls, so failures carry `errno`'s text.
enum PNGFile {
  /// Returns every byte of the file at `path`.
  ///
  /// - Throws: ``PNGError/fileNotFound(path:)`` when nothing exists at `path`;
  ///   ``PNGError/unreadable(path:reason:)`` for any other failure (a directory, no permission).
  static func contents(atPath path: String) throws(PNGError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      throw code == ENOENT ? .fileNotFound(path: path) : .unreadable(path: path, reason: text(code))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .unreadable(path: path, reason: text(errno))
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      let isDirectory = (status.st_mode & S_IFMT) == S_IFDIR
      throw .unreadable(path: path, reason: isDirectory ? text(EISDIR) : "not a regular file")
    }
    // One byte more than the size, so a file that grows while being read is still read whole.
    var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
    var filled = 0
    while true {
      if filled == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: bytes.count))
      }
      let count = bytes.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress.map { $0 + filled }, $0.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: text(errno))
      }
      if count == 0 {
        bytes.removeLast(bytes.count - filled)
        return bytes
      }
      filled += count
    }
  }

  /// Returns the system's text for an `errno` value ("No such file or directory").
  private static func text(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
