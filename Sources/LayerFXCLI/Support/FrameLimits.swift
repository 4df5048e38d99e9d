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

  /// Refuses one image that may not fit in the free space where `path` goes (the library's
  /// `AnimationLimits.checkImageFreeSpace`); `--ignore-free-space` skips it.
  ///
  /// - Throws: ``LayerFXComposition/CompositionError/noSpace(_:)`` (exit 73).
  static func checkImageFreeSpace(
    _ arguments: ParsedArguments, path: String, width: Int, height: Int, bitDepth: Int,
    chunkBytes: Int
  ) throws {
    try limits(arguments).checkImageFreeSpace(
      path: path, width: width, height: height, bitDepth: bitDepth, chunkBytes: chunkBytes)
  }
}
