/// An error about one setting of a ``RenderJob``, so a front end can name where the setting
/// came from (a flag, a config key).
public struct RenderJobError: Error, CustomStringConvertible {
  /// The setting the error is about.
  public var setting: RenderJob.Setting
  /// The error itself (a ``CompositionError``).
  public var underlying: any Error

  /// The underlying error's message.
  public var description: String { "\(underlying)" }
}

extension RenderJob {
  /// A setting of a job that a check can be about.
  public enum Setting: String, Sendable {
    /// ``Output/contactSheetColumns``: the sheet would be too large.
    case contactSheet
  }
}
