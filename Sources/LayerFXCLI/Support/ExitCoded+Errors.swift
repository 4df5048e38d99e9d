import LayerFX
import LayerFXComposition
import LayerFXFiles
import LayerFXMetal
import LayerFXPNG
import LayerFXResolver

extension ShaderArgumentError: ExitCoded {
  var exitCode: ExitCode { .usage }
}

extension PNGError: ExitCoded {
  var exitCode: ExitCode {
    switch self {
    case .fileNotFound, .unreadable: .noInput
    case .readFailed: .ioError
    case .empty, .notPNG, .corrupt, .truncated, .tooLarge, .fileTooLarge, .imageDataTooShort,
      .sideTooLong:
      .dataError
    case .cannotEncode: .software
    case .cannotWrite: .cannotCreate
    }
  }
}

extension ConfigError: ExitCoded {
  var exitCode: ExitCode {
    switch self {
    case .unreadable: .noInput
    case .invalidJSON, .unknownKey, .missingKey, .typeMismatch, .invalidValue, .unsupportedVersion:
      .dataError
    }
  }
}

extension CompositionError: ExitCoded {
  var exitCode: ExitCode {
    switch self {
    // A limit the command line's values exceed (`--frames 20000`, `--amplitude 1e30`): a bad
    // flag value, EX_USAGE. An input file's or a keyframes file's are bad data
    // (SettingError.exitCode), and a config's are reported at its key (ConfigError).
    case .limitExceeded: .usage
    case .outOfMemory: .osError
    // EX_CANTCREAT: the output cannot be created in full. Nothing was written yet, so it is
    // not an I/O error (74, what a disk that fills during the write gives).
    case .noSpace: .cannotCreate
    case .cannotCreateDirectory: .cannotCreate
    }
  }
}

extension AtomicFileError: ExitCoded {
  var exitCode: ExitCode {
    switch self {
    case .cannotWrite, .notRegularFile, .wouldOverwriteInput: .cannotCreate
    case .writeFailed: .ioError
    }
  }
}

extension InputFileError: ExitCoded {
  var exitCode: ExitCode {
    switch self {
    case .notFound, .notRegularFile, .standardInputClosed, .cannotOpen: .noInput
    case .tooLarge: .dataError
    case .readFailed: .ioError
    }
  }
}

extension DumpError: ExitCoded {
  /// A parameter `config dump` needs a value for is a usage error: 64, `EX_USAGE`.
  var exitCode: ExitCode { .usage }
}

extension TimelineSelectionError: ExitCoded {
  /// 64 (`EX_USAGE`) when `--effect` is at fault, 65 (`EX_DATAERR`) when the file is.
  ///
  /// An effect `--effect` does not find, one it names with nothing to chart, or a kernel it
  /// names without a clock is the flag's fault. A config in which no effect has anything to
  /// chart, with no `--effect`, is the file's: no flag was given and none could help (as a
  /// `.metal` file without a stitchable function is to `layerfx list`).
  var exitCode: ExitCode {
    guard case .nothingToChart = self else { return .usage }
    return .dataError
  }
}

extension KernelResolverError: ExitCoded {
  /// `FILE.metal` without a function is a usage error: 64, `EX_USAGE`.
  var exitCode: ExitCode { .usage }
}

extension MetalFaultError: ExitCoded {
  /// A fault of compiled shader code is bad input: 65, `EX_DATAERR`.
  var exitCode: ExitCode { .dataError }

  /// ``description``; at the shader time limit, with the options that raise it, since a
  /// shader may need longer than the default 30 s, above all checked a pixel at a time
  /// (`--check-bounds`, the displacement and bounds overlays).
  var line: String {
    guard fault.timeLimit != nil else { return description }
    return description
      + "; --shader-timeout SECONDS (a config's debug.shaderTimeout) raises the limit"
  }
}

extension MetalCompileError: ExitCoded {
  /// The sysexits code of the error's cause (``LayerFXMetal/MetalCompileError/summary``).
  var exitCode: ExitCode {
    switch summary.cause {
    case .compilerMissing: .configuration
    case .unreadable: .noInput
    case .invalidSource: .dataError
    case .diskFailing: .ioError
    case .cannotCreate: .cannotCreate
    case .outOfMemory: .osError
    case .unrecognised: .software
    }
  }
  var line: String { summary.line }
}
