#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension AtomicFile {
  /// A file written piece by piece and then given its name in one step, with the guarantees of
  /// ``AtomicFile``: until ``commit()`` the destination keeps its old content (or does not
  /// exist), and a stream dropped without a commit, or a killed process, leaves no stray file.
  ///
  /// For outputs too large to hold in memory at once, such as an animated PNG written frame by
  /// frame. A device or FIFO (`/dev/stdout`) is written in place as the pieces arrive.
  ///
  /// ```swift
  /// let stream = try AtomicFile.Stream("out.apng")
  /// try stream.write(header)
  /// try stream.write(frame)
  /// try stream.commit()
  /// ```
  ///
  /// Source: open(2) (`O_TMPFILE`), linkat(2), rename(2), fsync(2).
  public final class Stream {
    private let path: String
    private let target: String
    private let directory: String
    private let base: String
    private let exists: Bool
    private let mode: mode_t
    /// A device or FIFO, written in place.
    private let isInPlace: Bool
    private var descriptor: Int32
    private var temporaryName: String?
    /// The first `errno` of a failed write, reported by every later call.
    private var failure: Int32 = 0
    private var isClosed = false

    /// Opens a stream whose bytes become `path` on ``commit()``.
    ///
    /// - Parameters:
    ///   - path: The file to create or replace; a symbolic link is followed.
    ///   - protected: Paths of files the command reads; refused as destinations.
    /// - Throws: ``AtomicFileError/wouldOverwriteInput(path:)`` when `path` is one of
    ///   `protected` (same device and inode); ``AtomicFileError/cannotWrite(path:reason:)``
    ///   with the system's reason (a directory, a missing folder, no permission).
    public init(_ path: String, protecting protected: [String] = []) throws(AtomicFileError) {
      self.path = path
      let target = resolvingLink(path)
      self.target = target
      var status = stat()
      exists = stat(target, &status) == 0
      if exists && isProtected(status, by: protected) { throw .wouldOverwriteInput(path: path) }
      let kind = status.st_mode & S_IFMT
      if exists && kind == S_IFDIR { throw .cannotWrite(path: path, reason: text(EISDIR)) }
      mode = exists ? status.st_mode & 0o7777 : 0o666
      let slash = target.lastIndex(of: "/")
      directory = slash.map { String(target[...$0]) } ?? ""
      base = slash.map { String(target[target.index(after: $0)...]) } ?? target
      isInPlace = exists && kind != S_IFREG
      if isInPlace {
        descriptor = open(target, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: text(errno)) }
        return
      }
      descriptor = open(
        directory.isEmpty ? "." : directory, temporaryFileFlag | O_WRONLY | O_CLOEXEC, mode)
      if descriptor < 0 {
        // No O_TMPFILE on this file system: a named, hidden temporary file instead.
        guard [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else {
          throw .cannotWrite(path: path, reason: text(errno))
        }
        (descriptor, temporaryName) = try createTemporary(
          directory: directory, base: base, mode: mode, path: path)
      }
    }

    deinit {
      guard !isClosed else { return }
      close(descriptor)
      if let temporaryName { unlink(temporaryName) }
    }

    /// Appends `bytes`.
    ///
    /// - Throws: ``AtomicFileError/cannotWrite(path:reason:)`` with the system's reason, for
    ///   this write or an earlier failed one; the destination is left as it was.
    /// - Precondition: ``commit()`` has not been called.
    public func write(_ bytes: [UInt8]) throws(AtomicFileError) {
      precondition(!isClosed, "write after commit")
      if failure == 0 {
        failure = writeAll(bytes, to: descriptor)
      }
      if failure != 0 { throw .cannotWrite(path: path, reason: text(failure)) }
    }

    /// Syncs the bytes written and gives them the destination's name (an existing file keeps
    /// its permission bits); closes the stream.
    ///
    /// - Throws: ``AtomicFileError/cannotWrite(path:reason:)`` with the system's reason; the
    ///   destination is then left as it was and the temporary file removed.
    /// - Precondition: Called once.
    public func commit() throws(AtomicFileError) {
      precondition(!isClosed, "commit called twice")
      isClosed = true
      if isInPlace {
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure != 0 { throw .cannotWrite(path: path, reason: text(failure)) }
        return
      }
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
  }
}
