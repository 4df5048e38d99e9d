/// An animation the composition refuses before its first frame renders, or an output directory
/// it cannot make (files it cannot write are `LayerFXFiles.AtomicFileError`s).
public enum CompositionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A limit (pixels, frames, bytes) would be exceeded; the message names both numbers and what
  /// changes them.
  case limitExceeded(String)

  /// The render needs more memory than the process may take (``MemoryBudget``); the message
  /// names both figures and the limit.
  case outOfMemory(String)

  /// The output's file system has less free space (or fewer free inodes) than the output may
  /// take, found before frame 0 (``AnimationLimits/checkFreeSpace(bytes:frames:width:height:path:)``);
  /// the message names both numbers and the ways out.
  case noSpace(String)

  /// An output directory cannot be made; `reason` is the system's text.
  case cannotCreateDirectory(path: String, reason: String)

  /// The message, one line.
  public var description: String {
    switch self {
    case .limitExceeded(let message), .outOfMemory(let message), .noSpace(let message): message
    case .cannotCreateDirectory(let path, let reason):
      "\(path): cannot create output directory: \(reason)"
    }
  }
}
