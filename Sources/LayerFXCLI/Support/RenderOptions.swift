import LayerFX
import LayerFXArguments
import LayerFXComposition

/// Options every rendering command shares: threads, tiles, limits.
struct RenderOptions {
  static let defaultPixelLimit = 100_000_000

  /// `--max-pixels`, which every command that decodes an image takes.
  static let pixelLimitSpec = OptionSpec.value(
    "max-pixels", "N", "refuse inputs larger than N pixels (default \(defaultPixelLimit))")

  static let specs: [OptionSpec] = [
    .value("threads", "N", "worker threads (default: all \(Renderer.defaultThreadCount) cores)"),
    .value(
      "tile-size", "PX",
      "edge of a square render tile, pixels (default: bands of whole rows, even across threads)"),
    pixelLimitSpec,
    .flag(
      "ignore-free-memory",
      "render even if the estimate exceeds the available memory (ulimit -v still applies)"),
  ]

  /// The limits and the renderer the options give (without the frame limits, `FrameLimits`).
  var limits: RenderJob.Limits
  var pixelLimit: Int { limits.pixelLimit }

  init(_ arguments: ParsedArguments) throws {
    let threadCount = try arguments.value(
      "threads", as: .integer(in: 1...1024), default: Renderer.defaultThreadCount)
    let tileSize = try arguments.value("tile-size", as: .integer(in: 1...65536))
    limits = RenderJob.Limits(
      pixelLimit: try Self.pixelLimit(arguments),
      memoryCheck: arguments.has("ignore-free-memory") ? .addressSpace : .every,
      threadCount: threadCount,
      tileSize: tileSize)
  }

  /// The `--max-pixels` value, or the default.
  static func pixelLimit(_ arguments: ParsedArguments) throws(UsageError) -> Int {
    try arguments.value(
      "max-pixels", as: .integer(in: 1...Int(Int32.max)), default: defaultPixelLimit)
  }
}
