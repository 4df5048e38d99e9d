/// An error about the settings of a ``RenderJob``, so a front end can name where a setting came
/// from (a flag, a config key) and state the problem in its own words.
///
/// ``setting`` is the one setting the error is about; `nil` when it is about how settings go
/// together (a time and a rate both given), which a front end reports as it is.
public struct RenderJobError: Error, CustomStringConvertible {
  /// The setting the error is about, if it is about one.
  public var setting: RenderJob.Setting?
  /// The error itself: a ``RenderJob/Misfit`` or a ``CompositionError``.
  public var underlying: any Error

  /// Creates an error about `setting`.
  public init(setting: RenderJob.Setting?, underlying: any Error) {
    self.setting = setting
    self.underlying = underlying
  }

  /// The underlying error's message.
  public var description: String { "\(underlying)" }
}

extension RenderJobError {
  /// An output path's error: a path that names the wrong kind of output is about
  /// ``RenderJob/Setting/output``; a folder that cannot hold it is about no one setting.
  public init(_ error: OutputPathError) {
    switch error {
    case .misnamed(let commandLine, let inConfig):
      self.init(
        setting: .output,
        underlying: RenderJob.Misfit.invalid(commandLine: commandLine, inConfig: inConfig))
    case .cannotWrite: self.init(setting: nil, underlying: error)
    }
  }
}
