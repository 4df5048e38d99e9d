/// What can stop a benchmark run before it measures anything.
public enum BenchmarkError: Error, Equatable, CustomStringConvertible {
  /// The engine was built with `LAYERFX_INTERNAL_CHECKS`, whose checks would be timed too.
  case internalChecksEnabled
  /// `--kernel` named a kernel the built-in library does not have.
  case unknownKernel(name: String, available: [String])

  /// A one-line description naming the file or option and the problem.
  public var description: String {
    switch self {
    case .internalChecksEnabled:
      return "the engine was built with LAYERFX_INTERNAL_CHECKS; rebuild without it to benchmark"
    case .unknownKernel(let name, let available):
      return "no kernel named '\(name)' (available: \(available.joined(separator: ", ")))"
    }
  }
}
