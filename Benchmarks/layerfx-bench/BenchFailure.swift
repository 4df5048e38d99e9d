import LayerFXBenchmarkKit
import LayerFXCLI

/// A benchmark run whose outputs failed their check, and the exit status of every error
/// `layerfx-bench` reports.
enum BenchFailure: Error, CustomStringConvertible {
  /// Some outputs differed by more than 1 code value, or a compiled Metal original by more than
  /// 3, from the Swift engine's (exit 1).
  case disagreement
  /// A compiled Metal original faulted or met its shader time limit during a case, so its rows
  /// were not all rendered and its times are not a render's (exit 1).
  case metalFaulted

  /// One line naming the problem.
  var description: String {
    switch self {
    case .disagreement:
      "some outputs differ by more than 1 code value (a compiled .metal by more than 3; see the "
        + "report)"
    case .metalFaulted:
      "a compiled .metal faulted or met its time limit while it was timed, so its times are not "
        + "a render's (METAL FAULTED in the report)"
    }
  }

  /// The sysexits status for `error`: the benchmark's own errors here, every other as
  /// `layerfx` exits for it (``LayerFXCLI/ExitCode/init(for:)``).
  static func exitCode(of error: any Error) -> ExitCode {
    switch error {
    case is BenchFailure: .failure
    case let error as BenchmarkError:
      switch error {
      case .unknownKernel: .usage
      case .internalChecksEnabled: .configuration
      }
    default: ExitCode(for: error) ?? .software
    }
  }
}
