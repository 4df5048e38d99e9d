import LayerFXArguments

/// Exit statuses from BSD `sysexits.h`, as design.md's CLI conventions require.
///
/// Source: FreeBSD `sysexits(3)`.
public enum ExitCode: Int32, Sendable {
  /// Success.
  case ok = 0
  /// A check the command ran failed (`--check-bounds` found samples beyond maxSampleOffset).
  case failure = 1
  /// `EX_USAGE`: the command line was wrong.
  case usage = 64
  /// `EX_DATAERR`: the input data was wrong (corrupt PNG, bad config value).
  case dataError = 65
  /// `EX_NOINPUT`: an input file did not exist or was not readable.
  case noInput = 66
  /// `EX_UNAVAILABLE`: a service the command needs is unavailable: `tune --serve`'s address
  /// and port cannot be listened on (in use, or not this machine's).
  case unavailable = 69
  /// `EX_SOFTWARE`: an internal error.
  case software = 70
  /// `EX_OSERR`: the system cannot give what the command needs, as when it cannot fork: here
  /// memory (a render larger than `ulimit -v` or the available memory allows).
  case osError = 71
  /// `EX_CANTCREAT`: an output file could not be created.
  case cannotCreate = 73
  /// `EX_IOERR`: an error while reading or writing.
  case ioError = 74
  /// `EX_CONFIG`: the program was built in a configuration that cannot do this.
  case configuration = 78
}

extension ExitCode {
  /// The status `layerfx` exits with for `error` (64 for a `UsageError`, 65
  /// for a corrupt PNG or a `.metal` file that does not compile, …), so another front end exits
  /// as the CLI does for the same error; `nil` for an error the CLI does not classify (it exits
  /// 70, `EX_SOFTWARE`, for those).
  public init?(for error: any Error) {
    guard let coded = error as? any ExitCoded else { return nil }
    self = coded.exitCode
  }
}

/// An error that says which sysexits code the CLI exits with.
protocol ExitCoded: Error, CustomStringConvertible {
  var exitCode: ExitCode { get }
  /// The one line the CLI prints after `layerfx: error: `; ``description`` unless the error's
  /// own text, from a module that does not know the CLI, needs rewording.
  var line: String { get }
}

extension ExitCoded {
  var line: String { description }
}

extension UsageError: ExitCoded {
  var exitCode: ExitCode { .usage }
}
