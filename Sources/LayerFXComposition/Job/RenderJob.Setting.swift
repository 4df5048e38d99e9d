extension RenderJob {
  /// A setting of a job that a check can be about, and where a config document gives it.
  public enum Setting: String, Sendable, CaseIterable {
    /// The image the chain reads (a config's `input`).
    case input
    /// The output path (``Output/path``).
    case output
    /// One frame's time (``Timing/time``).
    case time
    /// The animation's rate (``Timing/fps``).
    case fps
    /// The animation's frame count (``Timing/frames``).
    case frames
    /// The contact sheet's columns (``Output/contactSheetColumns``).
    case contactSheet
    /// How the animation is written (``Timing/format``).
    case format
    /// The frames rendered (``Timing/frameRange``).
    case frameRange
    /// The points of padding of the passes without their own (``MaxSampleOffsetSources``).
    case maxSampleOffset
    /// The debug overlays (``Debug/overlays``).
    case overlays
    /// The input's pixels per point.
    case scale
    /// A fill's image size, pixels.
    case size

    /// The key path of a config document that gives this setting: `output.fps` for ``fps``;
    /// for ``frames``, the key the count came from (`output.duration`, else `output.frames`,
    /// else `output.fps`, since ``Timing/init(_:)`` counts them from those).
    public func keyPath(in config: DebugConfig) -> String {
      switch self {
      case .input: "input"
      case .output: "output.path"
      case .time: "output.time"
      case .fps: "output.fps"
      case .frames:
        config.output.duration != nil
          ? "output.duration" : config.output.frames != nil ? "output.frames" : "output.fps"
      case .contactSheet: "output.contactSheet"
      case .format: "output.format"
      case .frameRange: "output.frameRange"
      case .maxSampleOffset: "debug.maxSampleOffset"
      case .overlays: "debug.overlays"
      case .scale: "scale"
      case .size: "input.pixels"
      }
    }
  }

  /// Settings that do not fit, in a command line's words (which name its flags) and a config's
  /// (which state only the problem, since the key path names the setting; `nil` when the command
  /// line's words serve both).
  public enum Misfit: Error, Equatable, CustomStringConvertible {
    /// A required setting is absent: `commandLine` says what to give.
    case missing(commandLine: String, inConfig: String?)
    /// Settings that cannot be used together, or a value that does not fit the others.
    case invalid(commandLine: String, inConfig: String?)
    /// A value the setting does not take (`value` as given), and what it takes.
    case invalidValue(value: String, expected: String)
    /// A value beyond a limit (pixels, frames, bytes).
    case limitExceeded(commandLine: String, inConfig: String?)

    /// The problem in the command line's words.
    public var description: String {
      switch self {
      case .missing(let commandLine, _): "missing \(commandLine)"
      case .invalid(let commandLine, _), .limitExceeded(let commandLine, _): commandLine
      case .invalidValue(let value, let expected): "invalid value '\(value)': expected \(expected)"
      }
    }
  }
}
