#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Output directories, made with mkdir(2) so a failure carries `errno`'s text (never a
/// Foundation domain and code).
public enum Directory {
  /// Creates `path` and any missing parents, like `mkdir -p`; an existing directory (or a
  /// symbolic link to one) is accepted.
  ///
  /// - Parameter path: The directory, with or without a trailing slash; a name that is not
  ///   UTF-8 is converted with ``RawBytes/cString(_:)``.
  /// - Throws: ``AtomicFileError/cannotWrite(path:reason:)`` naming `path`, with the system's
  ///   reason (`Not a directory` when a file is in the way).
  public static func create(_ path: String) throws(AtomicFileError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += component
      let name = RawBytes.cString(prefix)
      if mkdir(name, 0o777) != 0 && errno != EEXIST {
        throw .cannotWrite(path: path, reason: AtomicFile.text(errno))
      }
      prefix += "/"
    }
    var status = stat()
    guard stat(RawBytes.cString(path.isEmpty ? "." : path), &status) == 0 else {
      throw .cannotWrite(path: path, reason: AtomicFile.text(errno))
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw .cannotWrite(path: path, reason: AtomicFile.text(ENOTDIR))
    }
  }

  /// The names in `path` (without `.` and `..`), or `[]` when it cannot be read.
  ///
  /// - Parameter path: A directory.
  /// - Returns: File names, in the order readdir(3) gives them.
  public static func names(in path: String) -> [String] {
    guard let stream = opendir(RawBytes.cString(path)) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    // A dirent record is only as long as its name (`d_reclen`): the name is read in place up to
    // its NUL, never as the whole 256-byte `d_name` field, which reached past the end of
    // readdir's buffer (valgrind: invalid reads after the last entry).
    guard let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else {
      preconditionFailure("d_name is a stored field of dirent")
    }
    while let entry = readdir(stream) {
      let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(
        to: CChar.self)
      let bytes = UnsafeRawBufferPointer(start: name, count: strlen(name))
      let text = RawBytes.string(decoding: Array(bytes))
      if text != "." && text != ".." { names.append(text) }
    }
    return names
  }

  /// Removes the file or symbolic link `name` in `directory` (never a directory).
  ///
  /// - Returns: Whether it was removed.
  @discardableResult
  public static func removeFile(_ name: String, in directory: String) -> Bool {
    let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
    return unlink(RawBytes.cString(path)) == 0
  }

  /// Whether `name` is a hidden temporary name AtomicFile makes (`.layerfx-PID-HEX.tmp`, or
  /// `.layerfx-HEX.tmp` from before names carried the process id).
  public static func isTemporaryName(_ name: String) -> Bool {
    name.hasPrefix(Temporary.prefix) && name.hasSuffix(Temporary.suffix)
  }

  /// Whether `name` is a hidden temporary of a process that no longer runs: one that a run
  /// killed by SIGKILL left, which no running render still writes.
  public static func isStaleTemporaryName(_ name: String) -> Bool {
    Temporary.isStale(name)
  }
}
