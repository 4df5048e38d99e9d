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

  /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Swift does not import because it
  /// is a compound macro.
  ///
  /// Source: Linux `include/uapi/asm-generic/fcntl.h`; open(2).
  private static let temporaryFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

  /// Writes `bytes` to `path` atomically: `path` holds either its old content or all of
  /// `bytes`, never part of them, and a run killed part way leaves no stray file.
  ///
  /// - A symbolic link is followed: the file it names is replaced (or created, for a dangling
  ///   link) and the link kept.
  /// - A device or FIFO (`/dev/null`, `/dev/stdout`) cannot be replaced by a rename; the bytes
  ///   are written to it directly.
  /// - Otherwise the bytes go to an unnamed file (`O_TMPFILE`) in the destination's directory,
  ///   which gets a name only when complete and synced: linked in directly when `path` is new,
  ///   or under a hidden temporary name and then `rename(2)`d over an existing file. Where the
  ///   file system has no `O_TMPFILE`, a hidden named temporary file is used the same way.
  /// - An existing file keeps its permission bits; a new one gets 0666 minus the umask.
  ///
  /// - Throws: ``PNGError/cannotWrite(path:reason:)`` with `errno`'s text.
  static func writeAtomically(_ bytes: [UInt8], toPath path: String) throws(PNGError) {
    var target = path
    var status = stat()
    if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
      if let resolved = realpath(path, nil) {
        target = String(cString: resolved)
        free(resolved)
      } else {
        // A dangling link: create the file it names (relative to the link's directory).
        var link = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &link, Int(PATH_MAX))
        if length > 0 {
          let named = String(decoding: link[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
          let base = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
          target = named.hasPrefix("/") ? named : base + named
        }
      }
    }
    let exists = stat(target, &status) == 0
    let kind = status.st_mode & S_IFMT
    if exists && kind == S_IFDIR { throw .cannotWrite(path: path, reason: text(EISDIR)) }
    if exists && kind != S_IFREG {
      let descriptor = open(target, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: text(errno)) }
      let failure = writeAll(bytes, to: descriptor)
      if close(descriptor) != 0 || failure != 0 {
        throw .cannotWrite(path: path, reason: text(failure != 0 ? failure : errno))
      }
      return
    }
    let mode = exists ? status.st_mode & 0o7777 : 0o666
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { String(target[...$0]) } ?? ""
    let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
    var temporaryName: String?
    var descriptor = open(
      directory.isEmpty ? "." : directory, temporaryFileFlag | O_WRONLY | O_CLOEXEC, mode)
    if descriptor < 0 {
      // No O_TMPFILE on this file system: a named, hidden temporary file instead.
      guard [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else {
        throw .cannotWrite(path: path, reason: text(errno))
      }
      (descriptor, temporaryName) = try createTemporary(
        directory: directory, base: base, mode: mode, path: path)
    }
    var failure = writeAll(bytes, to: descriptor)
    if failure == 0 && exists && fchmod(descriptor, mode) != 0 { failure = errno }
    if failure == 0 && fsync(descriptor) != 0 { failure = errno }
    if failure == 0 && temporaryName == nil {
      let anonymous = "/proc/self/fd/\(descriptor)"
      if !exists && linkat(AT_FDCWD, anonymous, AT_FDCWD, target, AT_SYMLINK_FOLLOW) == 0 {
        close(descriptor)
        return
      }
      temporaryName = linkTemporary(anonymous, directory: directory, base: base)
      if temporaryName == nil { failure = errno }
    }
    if close(descriptor) != 0 && failure == 0 { failure = errno }
    if failure == 0, let temporaryName, rename(temporaryName, target) != 0 { failure = errno }
    if failure != 0 {
      if let temporaryName { unlink(temporaryName) }
      throw .cannotWrite(path: path, reason: text(failure))
    }
  }

  /// A hidden name beside the destination: `.NAME.RANDOM.tmp`.
  private static func temporaryPath(directory: String, base: String) -> String {
    "\(directory).\(base).\(UInt64.random(in: 0...UInt64.max)).tmp"
  }

  /// Creates a new hidden temporary file; returns its descriptor and name.
  private static func createTemporary(directory: String, base: String, mode: mode_t, path: String)
    throws(PNGError) -> (Int32, String)
  {
    for _ in 0..<8 {
      let name = temporaryPath(directory: directory, base: base)
      let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
      if descriptor >= 0 { return (descriptor, name) }
      if errno != EEXIST { break }
    }
    throw .cannotWrite(path: path, reason: text(errno))
  }

  /// Gives the unnamed file `anonymous` a hidden temporary name; `nil` with `errno` set on
  /// failure.
  private static func linkTemporary(_ anonymous: String, directory: String, base: String)
    -> String?
  {
    for _ in 0..<8 {
      let name = temporaryPath(directory: directory, base: base)
      if linkat(AT_FDCWD, anonymous, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 { return name }
      if errno != EEXIST { break }
    }
    return nil
  }

  /// Writes every byte, retrying after interruptions; returns 0 or the failing `errno`.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    var written = 0
    return bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let count = write(
          descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        written += count
      }
      return 0
    }
  }

  /// Returns the system's text for an `errno` value ("No such file or directory").
  private static func text(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
