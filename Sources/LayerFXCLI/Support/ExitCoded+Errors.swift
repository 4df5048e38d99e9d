import LayerFX
import LayerFXComposition
import LayerFXFiles
import LayerFXPNG

extension ShaderArgumentError: ExitCoded {
  var exitCode: ExitCode { .usage }
}

extension PNGError: ExitCoded {
  var exitCode: ExitCode {
    switch self {
    case .fileNotFound, .unreadable: .noInput
    case .notPNG, .corrupt, .truncated, .tooLarge, .imageDataTooShort: .dataError
    case .sideTooLong: .dataError
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
    case .limitExceeded: .dataError
    case .cannotCreateDirectory: .cannotCreate
    }
  }
}

extension AtomicFileError: ExitCoded {
  var exitCode: ExitCode { .cannotCreate }
}
