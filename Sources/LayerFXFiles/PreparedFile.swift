#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that does not have its name yet: complete and synced
/// (``AtomicFile/prepare(_:for:protecting:followsSymbolicLink:)``), or open and written piece
/// by piece (``AtomicFile/create(_:protecting:followsSymbolicLink:)`` and ``append(_:)-([UInt8])``).
///
/// ``commit()`` syncs it and gives it the name; ``discard()``, or dropping the last reference,
/// removes it, so an error between the two leaves nothing behind. One thread uses a prepared
/// file at a time.
public final class PreparedFile: @unchecked Sendable {
  /// The destination as the caller named it (for messages).
  public let path: String
  private let target: String
  private let directory: String
  private var descriptor: Int32
  private var temporary: Temporary?
  /// The bytes for a device named explicitly (`/dev/stdout`), written by ``commit()``.
  private var deviceBytes: [UInt8]?
  /// The permission bits of the file replaced, given to the new one by ``sync()``.
  private let keptMode: mode_t?
  private var isSynced = false
  private var isFinished = false

  /// A file in `directory` written through `descriptor` (unnamed, or the hidden `temporary`).
  init(
    path: String, target: String, descriptor: Int32, temporary: Temporary?, directory: String,
    keptMode: mode_t?
  ) {
    self.path = path
    self.target = target
    self.descriptor = descriptor
    self.temporary = temporary
    self.directory = directory
    self.keptMode = keptMode
    deviceBytes = nil
  }

  /// A device named explicitly: descriptor 1 or 2, or `/dev/null` when `device` is -2.
  init(path: String, device: Int32) {
    self.path = path
    target = path
    directory = ""
    descriptor = device
    keptMode = nil
    deviceBytes = []
  }

  /// Appends `bytes` (for a device, kept until ``commit()``; for `/dev/null`, dropped, so an
  /// animation rendered to it holds no bytes).
  ///
  /// - Throws: ``AtomicFileError/writeFailed(path:reason:)`` (ENOSPC, EIO); the file is then
  ///   discarded.
  public func append(_ bytes: [UInt8]) throws(AtomicFileError) {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(AtomicFileError) in try append(buffer) }
    }
    .get()
  }

  /// Appends `bytes`, as ``append(_:)-([UInt8])`` does, from memory the caller keeps (a raw
  /// frame's samples, written without a copy).
  ///
  /// - Throws: As ``append(_:)-([UInt8])``.
  public func append(_ bytes: UnsafeRawBufferPointer) throws(AtomicFileError) {
    precondition(!isFinished, "append after commit or discard")
    if deviceBytes != nil {
      if descriptor != -2 { deviceBytes?.append(contentsOf: bytes) }
      return
    }
    let failure = AtomicFile.writeAll(bytes, to: descriptor)
    if failure != 0 {
      discard()
      throw AtomicFile.error(failure, path: path)
    }
  }

  /// Gives the file the replaced file's permission bits and flushes it to the disk; once.
  ///
  /// - Throws: ``AtomicFileError`` with the system's reason; the file is then discarded.
  func sync() throws(AtomicFileError) {
    guard !isSynced, deviceBytes == nil else { return }
    isSynced = true
    var failure: Int32 = 0
    if let keptMode, fchmod(descriptor, keptMode) != 0 { failure = errno }
    if failure == 0 && fsync(descriptor) != 0 { failure = errno }
    if failure != 0 {
      discard()
      throw AtomicFile.error(failure, path: path)
    }
  }

  deinit {
    discard()
  }

  /// Syncs the file (when not yet) and gives it its name: `path` now holds all of the new bytes.
  ///
  /// - Throws: ``AtomicFileError``: `cannotWrite` when the name cannot be given (the directory
  ///   went away, no permission), `writeFailed` for an I/O error on a device.
  public func commit() throws(AtomicFileError) {
    guard !isFinished else { return }
    try sync()
    defer { discard() }
    if let deviceBytes {
      if descriptor == -2 { descriptor = open("/dev/null", O_WRONLY | O_CLOEXEC) }
      guard descriptor >= 0 else { throw AtomicFile.error(errno, path: path) }
      let failure = deviceBytes.withUnsafeBytes { AtomicFile.writeAll($0, to: descriptor) }
      if failure != 0 { throw AtomicFile.error(failure, path: path) }
      return
    }
    let name = RawBytes.cString(target)
    if temporary == nil {
      let anonymous = "/proc/self/fd/\(descriptor)"
      if linkat(AT_FDCWD, anonymous, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 { return }
      guard errno == EEXIST else { throw AtomicFile.error(errno, path: path) }
      temporary = try linkTemporary(anonymous)
    }
    guard let temporary else { return }
    if rename(RawBytes.cString(temporary.name), name) != 0 {
      throw AtomicFile.error(errno, path: path)
    }
    // Renamed: the hidden name no longer exists, so nothing is left to remove.
    temporary.release()
    self.temporary = nil
  }

  /// Removes the file without naming it; does nothing after ``commit()``.
  public func discard() {
    if descriptor >= 0 && descriptor != STDOUT_FILENO && descriptor != STDERR_FILENO {
      close(descriptor)
    }
    descriptor = -1
    temporary?.remove()
    temporary = nil
    isFinished = true
  }

  /// Gives the unnamed file `anonymous` a hidden name beside the destination.
  private func linkTemporary(_ anonymous: String) throws(AtomicFileError) -> Temporary {
    for _ in 0..<8 {
      let name = Temporary.name(in: directory)
      // Registered first, so a signal between link and rename still removes it.
      let temporary = Temporary(name)
      if linkat(AT_FDCWD, anonymous, AT_FDCWD, RawBytes.cString(name), AT_SYMLINK_FOLLOW) == 0 {
        return temporary
      }
      let code = errno
      temporary.release()
      if code != EEXIST { throw AtomicFile.error(code, path: path) }
    }
    throw AtomicFile.error(EEXIST, path: path)
  }
}
