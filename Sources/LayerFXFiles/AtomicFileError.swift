/// Why ``AtomicFile`` did not write a file.
public enum AtomicFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file cannot be written; `reason` is the system's text (`strerror`).
  case cannotWrite(path: String, reason: String)

  /// The destination is a file the command reads (its input, a keyframes file): the same device
  /// and inode, by whatever path.
  case wouldOverwriteInput(path: String)

  /// The message, one line naming the file.
  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason): "\(path): cannot write file (\(reason))"
    case .wouldOverwriteInput(let path):
      "\(path): refusing to overwrite the input file; choose another output path"
    }
  }
}
