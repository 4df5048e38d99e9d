import LayerFXArguments
import LayerFXBenchmarkKit
import LayerFXCLI
import LayerFXMetal
import LayerFXPNG

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
    // By the error's cause, the classification `layerfx` uses too, so a new case of the error
    // (tooLarge) needs no change here.
    case let error as MetalCompileError:
      switch error.summary.cause {
      case .compilerMissing: .configuration
      case .unreadable: .noInput
      case .invalidSource: .dataError
      case .diskFailing: .ioError
      case .cannotCreate: .cannotCreate
      case .outOfMemory: .osError
      case .unrecognised: .software
      }
    case let error as PNGError:
      switch error {
      case .fileNotFound, .unreadable: .noInput
      case .readFailed: .ioError
      case .empty, .notPNG, .corrupt, .truncated, .tooLarge, .fileTooLarge, .imageDataTooShort,
        .sideTooLong:
        .dataError
      case .cannotEncode: .software
      case .cannotWrite: .cannotCreate
      }
    default: .software
    }
  }
}
