/// An animation the composition refuses before its first frame renders, or an output it cannot
/// write.
public enum CompositionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A limit (pixels, frames, bytes) would be exceeded; the message names both numbers and what
  /// changes them.
  case limitExceeded(String)

  /// A file cannot be written; `reason` is the system's text.
  case cannotWrite(path: String, reason: String)

  /// An output would replace a file the command reads (its input, a keyframes file).
  case wouldOverwriteInput(path: String)

  /// An output directory cannot be made; `reason` is the system's text.
  case cannotCreateDirectory(path: String, reason: String)

  /// The message, one line.
  public var description: String {
    switch self {
    case .limitExceeded(let message): message
    case .cannotWrite(let path, let reason): "\(path): cannot write file (\(reason))"
    case .wouldOverwriteInput(let path):
      "\(path): refusing to overwrite the input file; choose another output path"
    case .cannotCreateDirectory(let path, let reason):
      "\(path): cannot create output directory: \(reason)"
    }
  }
}
