/// Problems the CLI itself finds, outside PNG decoding and the engine.
enum CLIError: ExitCoded, Equatable {
  /// A render would exceed a limit (pixels, frames, bytes).
  case limitExceeded(String)
  /// Writing to standard output failed (a full disk, a closed stream).
  case outputFailed(reason: String)

  var exitCode: ExitCode {
    switch self {
    // The values the limit is about are the command line's (an input file's or a config's are
    // tagged as data: SettingError.exitCode, ConfigError).
    case .limitExceeded: .usage
    case .outputFailed: .ioError
    }
  }

  var description: String {
    switch self {
    case .limitExceeded(let message): message
    case .outputFailed(let reason): "standard output: cannot write (\(reason))"
    }
  }
}

/// The command has already printed what went wrong (one line per problem); the tool only exits
/// with `exitCode`.
struct AlreadyReported: ExitCoded {
  let exitCode: ExitCode
  var description: String { "" }
}
