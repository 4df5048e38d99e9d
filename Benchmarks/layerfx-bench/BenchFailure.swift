import LayerFXBenchmarkKit
import LayerFXCLI
import LayerFXPNG

/// A benchmark run whose outputs failed their check, and the exit status of every error
/// `layerfx-bench` reports.
enum BenchFailure: Error, CustomStringConvertible {
  /// Some Swift and C outputs differed by more than 1 code value (exit 1).
  case disagreement

  /// One line naming the problem.
  var description: String {
    switch self {
    case .disagreement: "some outputs differ by more than 1 code value (see the report)"
    }
  }

  /// The sysexits status for `error`, as `layerfx` maps the same errors.
  static func exitCode(of error: any Error) -> ExitCode {
    switch error {
    case is UsageError: .usage
    case is BenchFailure: .failure
    case let error as BenchmarkError:
      switch error {
      case .unknownKernel: .usage
      case .internalChecksEnabled: .configuration
      }
    case let error as PNGError:
      switch error {
      case .fileNotFound, .unreadable: .noInput
      case .readFailed: .ioError
      case .notPNG, .corrupt, .truncated, .tooLarge, .fileTooLarge, .imageDataTooShort: .dataError
      case .sideTooLong: .dataError
      case .cannotEncode: .software
      case .cannotWrite: .cannotCreate
      }
    default: .software
    }
  }
}
