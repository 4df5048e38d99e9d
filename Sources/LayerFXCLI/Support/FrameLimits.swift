import LayerFXArguments
import LayerFXComposition

/// `--max-frames` and `--ignore-free-space`: the command line's form of ``AnimationLimits``.
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
}
