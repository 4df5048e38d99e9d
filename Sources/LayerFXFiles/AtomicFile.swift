import CLayerFXFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way LayerFX writes a file (PNG, SVG, text): atomically, through POSIX calls so a
/// failure carries `errno`'s text.
///
/// `path` holds either its old content or all of the new bytes, never part of them, and a run
/// that is interrupted leaves no stray file:
/// - The bytes go to an unnamed file (`O_TMPFILE`) in the destination's directory, which gets
///   a name only when complete and synced: linked in directly when `path` is new, or under a
///   hidden temporary name `.layerfx-PID-HEX.tmp` (at most 37 bytes, whatever the length of
///   `path`'s name, so it fits `NAME_MAX`) and then `rename(2)`d over an existing file. Where
///   the file system has no `O_TMPFILE` (NFS, FUSE, vfat), or `/proc` is not mounted, the
///   hidden name is created at once with `O_CREAT | O_EXCL | O_NOFOLLOW`, so a planted file or
///   symbolic link is never written through. Hidden names are registered with a
///   SIGINT/SIGTERM/SIGHUP/SIGQUIT handler that unlinks them; one that SIGKILL leaves (there,
///   for the whole write) is removed by the next run that writes to the same folder, once the
///   process named in it (`PID`) no longer runs.
/// - A symbolic link at `path` is followed only when `followsSymbolicLink` is set (the single
///   file named by `-o`): the file it names is replaced (or created, for a dangling link) and
///   the link kept. Otherwise (frames in a directory) the link itself is replaced by the new
///   file, and the file it pointed at is untouched.
/// - A directory, FIFO, device or socket is never replaced or written, except the explicit
///   names `/dev/stdout` and `/dev/stderr` (written to descriptors 1 and 2) and `/dev/null`.
/// - An existing file keeps its permission bits; a new one gets 0666 minus the umask.
/// - A file the command reads (its input, a keyframes file, and with ``ReadFiles`` guarding,
///   every file read through ``InputFile``) is never replaced: the destination
///   is compared with each of them by device and inode, so no other path to the same file
///   (a hard link, `..`, a symbolic link, a bind mount) slips through.
///
/// Source: open(2) (`O_TMPFILE`, `O_EXCL`, `O_NOFOLLOW`), linkat(2), rename(2), stat(2).
public enum AtomicFile {
  /// `O_TMPFILE` as Linux defines it (`__O_TMPFILE | O_DIRECTORY`); Glibc's module does not
  /// export the macro.
  ///
  /// Source: Linux `include/uapi/asm-generic/fcntl.h`; open(2).
  private static let temporaryFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

  /// Whether `/proc/self/fd` exists, which naming an `O_TMPFILE` file with linkat(2) needs.
  private static let hasProcessFileDescriptors = access("/proc/self/fd", X_OK) == 0

  /// Writes `bytes` to `path` atomically (see ``AtomicFile``).
  ///
  /// - Parameters:
  ///   - bytes: The whole new content.
  ///   - path: The file to create or replace.
  ///   - protected: Paths of files the command reads; refused as destinations.
  ///   - followsSymbolicLink: Whether a symbolic link at `path` is followed (`true`) or
  ///     replaced (`false`).
  /// - Throws: ``AtomicFileError``: `wouldOverwriteInput` when `path` is one of `protected`
  ///   (same device and inode); `notRegularFile` for a FIFO, device or socket;
  ///   `cannotWrite` when the file cannot be created (a directory: `Is a directory`); `writeFailed` for an I/O error (ENOSPC,
  ///   EIO) while writing.
  public static func write(
    _ bytes: [UInt8], to path: String, protecting protected: [String] = [],
    followsSymbolicLink: Bool = true
  ) throws(AtomicFileError) {
    try prepare(bytes, for: path, protecting: protected, followsSymbolicLink: followsSymbolicLink)
      .commit()
  }

  /// Writes `text` as UTF-8 to `path` atomically (see ``write(_:to:protecting:followsSymbolicLink:)-([UInt8],_,_,_)``).
  ///
  /// - Throws: As ``write(_:to:protecting:followsSymbolicLink:)-([UInt8],_,_,_)``.
  public static func write(
    _ text: String, to path: String, protecting protected: [String] = [],
    followsSymbolicLink: Bool = true
  ) throws(AtomicFileError) {
    try write(
      Array(text.utf8), to: path, protecting: protected, followsSymbolicLink: followsSymbolicLink)
  }

  /// Writes and syncs `bytes` for `path` without giving them the name yet; the returned file's
  /// ``PreparedFile/commit()`` does (frames prepared in parallel are committed in order).
  ///
  /// - Parameters: As ``write(_:to:protecting:followsSymbolicLink:)-([UInt8],_,_,_)``.
  /// - Returns: The complete, synced, still unnamed (or hidden) file.
  /// - Throws: As ``write(_:to:protecting:followsSymbolicLink:)-([UInt8],_,_,_)``.
  public static func prepare(
    _ bytes: [UInt8], for path: String, protecting protected: [String] = [],
    followsSymbolicLink: Bool = true
  ) throws(AtomicFileError) -> PreparedFile {
    let file = try create(path, protecting: protected, followsSymbolicLink: followsSymbolicLink)
    try file.append(bytes)
    try file.sync()
    return file
  }

  /// Creates an empty, unnamed file for `path`, for an output written piece by piece (an
  /// animated PNG, a raw stream) with ``PreparedFile/append(_:)-([UInt8])``; ``PreparedFile/commit()``
  /// syncs it and gives it the name, and dropping it uncommitted leaves the destination as it
  /// was, with no stray file.
  ///
  /// - Parameters: As ``write(_:to:protecting:followsSymbolicLink:)-([UInt8],_,_,_)``.
  /// - Returns: The open file.
  /// - Throws: As ``write(_:to:protecting:followsSymbolicLink:)-([UInt8],_,_,_)``, for every
  ///   check made before a byte is written.
  public static func create(
    _ path: String, protecting protected: [String] = [], followsSymbolicLink: Bool = true
  ) throws(AtomicFileError) -> PreparedFile {
    guard !path.isEmpty else { throw .cannotWrite(path: path, reason: "empty file name") }
    if let descriptor = standardDescriptor(path) {
      // A closed one is /dev/null now (StandardStreams), which would take every byte.
      guard descriptor < 0 || !StandardStreams.wasClosed(descriptor) else {
        throw .cannotWrite(path: path, reason: "it is closed")
      }
      return PreparedFile(path: path, device: descriptor)
    }
    let target = followsSymbolicLink ? resolvingLink(path) : path
    var status = stat()
    let exists = lstat(RawBytes.cString(target), &status) == 0
    let kind = status.st_mode & S_IFMT
    if exists && kind == S_IFDIR { throw .cannotWrite(path: path, reason: text(EISDIR)) }
    if exists && kind != S_IFREG && kind != S_IFLNK {
      throw .notRegularFile(path: path, kind: InputFile.kind(status.st_mode))
    }
    if exists && kind == S_IFREG && isProtected(status, by: protected) {
      throw .wouldOverwriteInput(path: path)
    }
    // A replaced symbolic link's mode says nothing; the new file gets the default.
    let keepsMode = exists && kind == S_IFREG
    let mode = keepsMode ? status.st_mode & 0o7777 : 0o666
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { String(target[...$0]) } ?? ""
    // A run killed here before (SIGKILL, no O_TMPFILE) left its hidden names: they go now.
    Temporary.removeStale(in: directory)
    var temporary: Temporary?
    var descriptor: Int32 = -1
    if hasProcessFileDescriptors {
      descriptor = open(
        RawBytes.cString(directory.isEmpty ? "." : directory),
        temporaryFileFlag | O_WRONLY | O_CLOEXEC, mode)
      if descriptor < 0 && ![EOPNOTSUPP, EISDIR, EINVAL].contains(errno) {
        throw .cannotWrite(path: path, reason: text(errno))
      }
    }
    if descriptor < 0 {
      // No O_TMPFILE here: a hidden name, created new (never a planted file or link).
      (descriptor, temporary) = try createTemporary(directory: directory, mode: mode, path: path)
    }
    return PreparedFile(
      path: path, target: target, descriptor: descriptor, temporary: temporary,
      directory: directory, keptMode: keepsMode ? mode : nil)
  }

  /// Whether `path` names the same file as one of `protected` (device and inode).
  ///
  /// - Parameters:
  ///   - path: A destination.
  ///   - protected: Paths of files the command reads (symbolic links followed).
  ///   - followsSymbolicLink: Whether a symbolic link at `path` is followed; `false` compares
  ///     the directory entry a non-following write would replace.
  /// - Returns: `true` when writing `path` would replace one of them.
  public static func isSameFile(
    _ path: String, asAnyOf protected: [String], followsSymbolicLink: Bool = true
  ) -> Bool {
    var status = stat()
    let name = RawBytes.cString(followsSymbolicLink ? resolvingLink(path) : path)
    return lstat(name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
      && isProtected(status, by: protected)
  }

  /// Descriptor 1 or 2 for the explicit `/dev/stdout` and `/dev/stderr`, a new descriptor for
  /// `/dev/null`; `nil` for any other path.
  private static func standardDescriptor(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdout": STDOUT_FILENO
    case "/dev/stderr": STDERR_FILENO
    case "/dev/null": -2
    default: nil
    }
  }

  private static func isProtected(_ status: stat, by protected: [String]) -> Bool {
    ReadFiles.contains(status)
      || protected.contains { other in
        var otherStatus = stat()
        return stat(RawBytes.cString(other), &otherStatus) == 0
          && otherStatus.st_dev == status.st_dev && otherStatus.st_ino == status.st_ino
      }
  }

  /// The file a symbolic link at `path` names (created there for a dangling link), or `path`.
  private static func resolvingLink(_ path: String) -> String {
    var status = stat()
    let name = RawBytes.cString(path)
    guard lstat(name, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return path }
    if let resolved = realpath(name, nil) {
      defer { free(resolved) }
      return RawBytes.string(cString: resolved)
    }
    // A dangling link: the file it names, relative to the link's directory.
    var link = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(name, &link, Int(PATH_MAX))
    guard length > 0 else { return path }
    let named = RawBytes.string(decoding: link[..<length].map { UInt8(bitPattern: $0) })
    let base = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    return named.hasPrefix("/") ? named : base + named
  }

  /// Creates a new hidden temporary file in `directory`; returns its descriptor and name.
  private static func createTemporary(directory: String, mode: mode_t, path: String)
    throws(AtomicFileError) -> (Int32, Temporary)
  {
    for _ in 0..<8 {
      let name = Temporary.name(in: directory)
      let descriptor = open(
        RawBytes.cString(name), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if descriptor >= 0 { return (descriptor, Temporary(name)) }
      if errno != EEXIST { break }
    }
    throw .cannotWrite(path: path, reason: text(errno))
  }

  /// Writes every byte of `buffer` to `descriptor` with `write(2)`, retrying after
  /// interruptions (`EINTR`) and short writes: the one loop behind every file and stream
  /// LayerFX writes.
  ///
  /// - Returns: 0, or the `errno` of the write that failed (`ENOSPC`, `EPIPE`, …); `EPIPE` on
  ///   any descriptor but standard error's also sets ``hasWrittenIntoClosedPipe``.
  public static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
    var written = 0
    while written < buffer.count {
      let count = systemWrite(
        descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        // Standard error carries messages, not output: its reader leaving changes no status.
        if code == EPIPE && descriptor != STDERR_FILENO {
          closedPipe.store(true, ordering: .relaxed)
        }
        return code
      }
      written += count
    }
    return 0
  }

  /// The error for `errno` value `code` while writing `path`: an I/O error (the disk is full
  /// or failing) or a file that cannot be written.
  static func error(_ code: Int32, path: String) -> AtomicFileError {
    [ENOSPC, EIO, EDQUOT, EFBIG, EPIPE].contains(code)
      ? .writeFailed(path: path, reason: text(code))
      : .cannotWrite(path: path, reason: text(code))
  }

  /// The system's text for an `errno` value ("No such file or directory").
  static func text(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// write(2), under a name that the `write` methods above do not shadow.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
