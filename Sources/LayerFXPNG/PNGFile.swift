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

  /// Writes `bytes` to `path` atomically.
  ///
  /// The bytes go to a new temporary file in the same directory, which `rename(2)` then moves
  /// into place. On any failure the temporary file is removed, so `path` holds either its old
  /// content or all of `bytes`, never part of them.
  ///
  /// The new file gets mode 0666 minus the process umask, as `open(2)` gives any new file.
  ///
  /// - Throws: ``PNGError/cannotWrite(path:reason:)`` with `errno`'s text.
  static func writeAtomically(_ bytes: [UInt8], toPath path: String) throws(PNGError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var temporary = ""
    var descriptor: Int32 = -1
    for _ in 0..<8 {
      temporary = "\(directory).\(base).\(UInt64.random(in: 0...UInt64.max)).tmp"
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else {
      throw .cannotWrite(path: path, reason: text(errno))
    }
    var failure: Int32 = 0
    var written = 0
    bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let count = write(
          descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        written += count
      }
    }
    if failure == 0 && fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0 && failure == 0 { failure = errno }
    if failure == 0 && rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw .cannotWrite(path: path, reason: text(failure))
    }
  }

  /// Returns the system's text for an `errno` value ("No such file or directory").
  private static func text(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
