/// Problems the CLI itself finds, outside PNG decoding and the engine.
enum CLIError: ExitCoded, Equatable {
  /// An output path names the input file.
  case wouldOverwriteInput(path: String)
  /// A render would exceed a limit (pixels, frames, bytes).
  case limitExceeded(String)
  /// Writing to standard output failed (a full disk, a closed stream).
  case outputFailed(reason: String)
  /// An output file cannot be written; `reason` is the system's text.
  case cannotWrite(path: String, reason: String)

  var exitCode: ExitCode {
    switch self {
    case .wouldOverwriteInput, .cannotWrite: .cannotCreate
    case .limitExceeded: .dataError
    case .outputFailed: .ioError
    }
  }

  var description: String {
    switch self {
    case .wouldOverwriteInput(let path):
      "\(path): refusing to overwrite the input file; choose another output path"
    case .limitExceeded(let message): message
    case .outputFailed(let reason): "standard output: cannot write (\(reason))"
    case .cannotWrite(let path, let reason): "\(path): cannot write file (\(reason))"
    }
  }
}

/// The command has already printed what went wrong (one line per problem); the tool only exits
/// with `exitCode`.
struct AlreadyReported: ExitCoded {
  let exitCode: ExitCode
  var description: String { "" }
}
