import LayerFXComposition
import LayerFXMetal

/// An error of a tune API request as its answer: 400 for an invalid config or request, 409 for
/// a render superseded by a newer one, 422 for a render error (a `.metal` compile error with
/// its line), each `{"error": "ONE LINE", "path": …, "line": …}`.
///
/// Source: the tune page contract (`Documentation/TunePage.md`, "API").
struct TuneFailure: Error {
  /// The HTTP status.
  var status: Int
  /// One line naming the file or request and the problem.
  let message: String
  /// The key path of the problem in the config or request, if known.
  let path: String?
  /// The `.metal` source's line, for a compile error.
  let line: Int?

  /// The answer of a render request superseded by a newer one before it ran.
  static let superseded = TuneFailure(status: 409, message: "superseded", path: nil, line: nil)

  /// The failure `error` stands for; `compileError` is the `.metal` compile error the config's
  /// decoding met, if any (the decoder reports it as an invalid `kernel`).
  init(_ error: any Error, compileError: MetalCompileError? = nil) {
    switch error {
    case let failure as TuneFailure:
      self = failure
    case is CancellationError:
      self = .superseded
    case let request as TuneRequestError:
      self.init(status: 400, message: request.message, path: request.path, line: nil)
    case let config as ConfigError:
      let line = compileError.flatMap(Self.line(of:))
      self.init(
        status: compileError == nil ? 400 : 422, message: config.description,
        path: Self.path(of: config), line: line)
    default:
      // Found while rendering: limits, shader arguments out of range, a .metal fault.
      self.init(status: 422, message: "\(error)", path: nil, line: nil)
    }
  }

  private init(status: Int, message: String, path: String?, line: Int?) {
    self.status = status
    self.message = message
    self.path = path
    self.line = line
  }

  /// The answer for a config whose `input` cannot be loaded (a missing or corrupt file, an
  /// image over the pixel limit): 422, `CONFIG: input: PROBLEM` at the path `input`, the line
  /// `layerfx apply --config` prints for it.
  static func input(_ error: any Error, configPath: String) -> TuneFailure {
    TuneFailure(status: 422, message: "\(configPath): input: \(error)", path: "input", line: nil)
  }

  /// The answer.
  var response: TuneResponse { .error(status, message, path: path, line: line) }

  /// The key path a config error names.
  private static func path(of error: ConfigError) -> String? {
    switch error {
    case .unknownKey(_, let path, let key, _): path.isEmpty ? key : "\(path).\(key)"
    case .missingKey(_, let path, _), .typeMismatch(_, let path, _),
      .invalidValue(_, let path, _):
      path
    case .unsupportedVersion: "version"
    case .unreadable, .invalidJSON: nil
    }
  }

  /// The `.metal` line a compile error names (its first error's), if any.
  private static func line(of error: MetalCompileError) -> Int? {
    switch error {
    case .compileFailed(let diagnostics, _):
      (diagnostics.first { $0.severity == "error" } ?? diagnostics.first)?.line
    case .unsupportedSignature(_, _, let line, _), .include(_, let line, _): line
    default: nil
    }
  }
}
