/// What can stop a benchmark run before it measures anything.
public enum BenchmarkError: Error, Equatable, CustomStringConvertible {
  /// A command-line argument was not understood; the message says which.
  case usage(String)
  /// The engine was built with `LAYERFX_INTERNAL_CHECKS`, whose checks would be timed too.
  case internalChecksEnabled
  /// The input image could not be read.
  case unreadableInput(path: String, reason: String)
  /// `--kernel` named a kernel the built-in library does not have.
  case unknownKernel(name: String, available: [String])

  /// A one-line description naming the file or option and the problem.
  public var description: String {
    switch self {
    case .usage(let message):
      return message
    case .internalChecksEnabled:
      return "the engine was built with LAYERFX_INTERNAL_CHECKS; rebuild without it to benchmark"
    case .unreadableInput(let path, let reason):
      return "\(path): \(reason)"
    case .unknownKernel(let name, let available):
      return "no kernel named '\(name)' (available: \(available.joined(separator: ", ")))"
    }
  }
}
