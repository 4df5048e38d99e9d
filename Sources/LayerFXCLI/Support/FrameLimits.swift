import LayerFXArguments
import LayerFXComposition

/// `--max-frames` and `--ignore-free-space`, the command line's form of ``AnimationLimits``, and
/// the frame ceiling's check of `--duration`.
enum FrameLimits {
  static let specs: [OptionSpec] = [
    .value(
      "max-frames", "N",
      "refuse animations of more than N frames (default \(AnimationLimits.defaultMaxFrames))"),
    .flag("ignore-free-space", "render even if the frames may not fit in the free disk space"),
  ]

  /// Reads the limits from the options.
  static func limits(_ arguments: ParsedArguments) throws -> AnimationLimits {
    AnimationLimits(
      maxFrames: try arguments.value(
        "max-frames", as: .integer(in: 1...AnimationLimits.framesCeiling),
        default: AnimationLimits.defaultMaxFrames),
      checksFreeSpace: !arguments.has("ignore-free-space"))
  }

  /// Reads `--duration` (default 3 s), checked against the frames one run renders.
  ///
  /// A duration that at the animation's rate takes more frames than that is refused
  /// (``LayerFXComposition/AnimationLimits/durationProblem(duration:fps:)``): the length, not
  /// the rate, is the value to change. A `timing` with a frame count or without a rate takes any
  /// duration.
  ///
  /// - Parameters:
  ///   - arguments: The command line.
  ///   - timing: The run's timing (flags over a config's).
  /// - Returns: Seconds > 0.
  /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` about `--duration` (exit 64).
  static func duration(_ arguments: ParsedArguments, timing: RenderJob.Timing) throws -> Double {
    let duration = try arguments.value("duration", as: .positiveNumber, default: 3)
    guard let fps = timing.fps, timing.frames == nil, let text = arguments.value("duration"),
      let problem = AnimationLimits.durationProblem(duration: duration, fps: fps)
    else { return duration }
    throw UsageError.invalidValue(option: "duration", value: text, expected: problem)
  }
}
