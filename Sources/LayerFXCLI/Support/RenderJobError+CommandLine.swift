import LayerFXArguments
import LayerFXComposition
import LayerFXFiles

extension SettingError {
  /// Runs `body`, a call of the library's render job, reporting its ``RenderJobError`` in the
  /// command line's words: a ``LayerFXComposition/RenderJob/Misfit`` as a ``UsageError``
  /// (exit 64), an output folder that cannot be written as `AtomicFileError.cannotWrite`,
  /// anything else as it is; an error about a setting as a ``SettingError`` about its option,
  /// which keeps the config's words for ``ConfigOptions/attributing(_:commandLine:_:)``; other
  /// errors as they are.
  ///
  /// - Parameters:
  ///   - arguments: The command line, whose text of an option a value the setting does not take
  ///     echoes; `nil` to echo the value as the library states it.
  ///   - body: The call.
  /// - Returns: What `body` returns.
  /// - Throws: ``SettingError``, ``UsageError``, ``CLIError`` or the job's own error for a
  ///   ``LayerFXComposition/RenderJobError``; what else `body` throws, as it is.
  static func reporting<T>(_ arguments: ParsedArguments? = nil, _ body: () throws -> T) throws
    -> T
  {
    do {
      return try body()
    } catch let error as RenderJobError {
      let option = error.setting?.option
      var inConfig: String? = nil
      let underlying: any Error
      switch error.underlying {
      case RenderJob.Misfit.missing(let commandLine, let words):
        (underlying, inConfig) = (UsageError.missing(commandLine), words)
      case RenderJob.Misfit.invalid(let commandLine, let words):
        (underlying, inConfig) = (UsageError.invalid(commandLine), words)
      case RenderJob.Misfit.limitExceeded(let commandLine, let words):
        (underlying, inConfig) = (CLIError.limitExceeded(commandLine), words)
      case RenderJob.Misfit.invalidValue(let value, let expected):
        underlying = UsageError.invalidValue(
          option: option ?? "", value: option.flatMap { arguments?.value($0) } ?? value,
          expected: expected)
      case OutputPathError.cannotWrite(let path, let reason):
        underlying = AtomicFileError.cannotWrite(path: path, reason: reason)
      default: underlying = error.underlying
      }
      guard let option else { throw underlying }
      throw SettingError(option: option, underlying: underlying, inConfig: inConfig)
    }
  }
}
