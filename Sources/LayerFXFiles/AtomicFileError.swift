/// Why ``AtomicFile`` did not write a file.
public enum AtomicFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file cannot be created or named; `reason` is the system's text (`strerror`).
  case cannotWrite(path: String, reason: String)

  /// Writing the bytes failed with an I/O error: the disk is full (`ENOSPC`, `EDQUOT`,
  /// `EFBIG`), failing (`EIO`), or a pipe closed (`EPIPE`); `reason` is the system's text.
  case writeFailed(path: String, reason: String)

  /// The destination is a FIFO, device or socket, which is never replaced or written;
  /// `kind` says which ("a FIFO").
  case notRegularFile(path: String, kind: String)

  /// The destination is a file the command reads (its input, a keyframes file): the same device
  /// and inode, by whatever path.
  case wouldOverwriteInput(path: String)

  /// The message, one line naming the file.
  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason): "\(path): cannot write file (\(reason))"
    case .writeFailed(let path, let reason): "\(path): write error (\(reason))"
    case .notRegularFile(let path, let kind):
      "\(path): not a regular file (\(kind)); only regular files are replaced "
        + "(use -o - for standard output)"
    case .wouldOverwriteInput(let path):
      "\(path): refusing to overwrite the input file; choose another output path"
    }
  }
}
