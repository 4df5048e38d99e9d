#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way LayerFX writes a file (PNG, SVG, text): atomically, through POSIX calls so a
/// failure carries `errno`'s text.
///
/// `path` holds either its old content or all of the new bytes, never part of them, and a run
/// killed part way leaves no stray file:
/// - A symbolic link is followed: the file it names is replaced (or created, for a dangling
///   link) and the link kept.
/// - A device or FIFO (`/dev/null`, `/dev/stdout`) cannot be replaced by a rename; the bytes
///   are written to it directly.
/// - Otherwise the bytes go to an unnamed file (`O_TMPFILE`) in the destination's directory,
///   which gets a name only when complete and synced: linked in directly when `path` is new, or
///   under a hidden temporary name and then `rename(2)`d over an existing file. Where the file
///   system has no `O_TMPFILE`, a hidden named temporary file is used the same way.
/// - An existing file keeps its permission bits; a new one gets 0666 minus the umask.
/// - A file the command reads (its input, a keyframes file) is never replaced: the destination
///   is compared with each of them by device and inode, so no other path to the same file
///   (a hard link, `./`, a symbolic link) slips through.
///
/// Source: open(2) (`O_TMPFILE`), linkat(2), rename(2), stat(2).
public enum AtomicFile {
  /// `O_TMPFILE` as Linux defines it (`__O_TMPFILE | O_DIRECTORY`); Glibc's module does not
  /// export the macro.
  ///
  /// Source: Linux `include/uapi/asm-generic/fcntl.h`; open(2).
  static let temporaryFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

  /// Writes `bytes` to `path` atomically (see ``AtomicFile``).
  ///
  /// - Parameters:
  ///   - bytes: The whole new content.
  ///   - path: The file to create or replace.
  ///   - protected: Paths of files the command reads; refused as destinations.
  /// - Throws: ``AtomicFileError/wouldOverwriteInput(path:)`` when `path` is one of
  ///   `protected` (same device and inode); ``AtomicFileError/cannotWrite(path:reason:)`` with
  ///   the system's reason.
  public static func write(_ bytes: [UInt8], to path: String, protecting protected: [String] = [])
    throws(AtomicFileError)
  {
    let stream = try Stream(path, protecting: protected)
    try stream.write(bytes)
    try stream.commit()
  }

  /// Writes `text` as UTF-8 to `path` atomically (see ``write(_:to:protecting:)``).
  ///
  /// - Throws: As ``write(_:to:protecting:)``.
  public static func write(_ text: String, to path: String, protecting protected: [String] = [])
    throws(AtomicFileError)
  {
    try write(Array(text.utf8), to: path, protecting: protected)
  }

  /// Whether `path` names the same file as one of `protected` (device and inode).
  ///
  /// - Parameters:
  ///   - path: A destination; a symbolic link is followed.
  ///   - protected: Paths of files the command reads.
  /// - Returns: `true` when writing `path` would replace one of them.
  public static func isSameFile(_ path: String, asAnyOf protected: [String]) -> Bool {
    var status = stat()
    return stat(resolvingLink(path), &status) == 0 && isProtected(status, by: protected)
  }

  static func isProtected(_ status: stat, by protected: [String]) -> Bool {
    protected.contains { other in
      var otherStatus = stat()
      return stat(other, &otherStatus) == 0 && otherStatus.st_dev == status.st_dev
        && otherStatus.st_ino == status.st_ino
    }
  }

  /// The file a symbolic link at `path` names (created there for a dangling link), or `path`.
  static func resolvingLink(_ path: String) -> String {
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return path }
    if let resolved = realpath(path, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    // A dangling link: the file it names, relative to the link's directory.
    var link = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(path, &link, Int(PATH_MAX))
    guard length > 0 else { return path }
    let named = String(decoding: link[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let base = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    return named.hasPrefix("/") ? named : base + named
  }

  /// A hidden name beside the destination: `.NAME.RANDOM.tmp`.
  private static func temporaryPath(directory: String, base: String) -> String {
    "\(directory).\(base).\(UInt64.random(in: 0...UInt64.max)).tmp"
  }

  /// Creates a new hidden temporary file; returns its descriptor and name.
  static func createTemporary(directory: String, base: String, mode: mode_t, path: String)
    throws(AtomicFileError) -> (Int32, String)
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
  static func linkTemporary(_ anonymous: String, directory: String, base: String)
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
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    var written = 0
    return bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let count = systemWrite(
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

  /// The system's text for an `errno` value ("No such file or directory").
  static func text(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// write(2), under a name that the `write` methods above do not shadow.
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
