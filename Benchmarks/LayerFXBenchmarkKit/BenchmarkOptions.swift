import LayerFX

/// What a benchmark run measures; `layerfx-bench` fills it from the command line.
public struct BenchmarkOptions: Equatable, Sendable {
  /// Only this kernel, or every registered one when `nil`.
  public var kernel: String?
  /// Image sizes in pixels for the test card; unused when an input image is given.
  public var sizes: [SIMD2<Int>] = [SIMD2(1920, 1080), SIMD2(3840, 2160)]
  /// Thread counts to measure; 1 and all cores by default.
  public var threadCounts: [Int]
  /// Timed repetitions per variant (after ``warmUps`` untimed ones).
  public var repeats = 7
  /// Untimed runs before timing.
  public var warmUps = 1
  /// Tile edges (pixels) for the tile-size sweep; empty skips it.
  public var sweepTileSizes = [16, 64, 256, 1024]
  /// The tile edge for the main cases, pixels; `nil` for the renderer's default bands.
  public var tileSize = Renderer().tileSize
  /// The value given to a kernel parameter named `time`, seconds.
  public var time: Float = 0.5
  /// Arguments by parameter name that replace the scenario's choice (`--arg NAME=VALUE`, with
  /// `--kernel`), such as a blur's radius.
  public var arguments: [String: Shader.Argument] = [:]
  /// Whether each kernel's compiled Metal original (`Shaders/<Kind>/<Name>.metal`) is checked
  /// and timed too.
  public var comparesMetal = true
  /// Machine-readable output: one JSON document instead of lines.
  public var json = false

  /// The defaults, with threads 1 and `allCores`.
  public init(allCores: Int = Renderer.defaultThreadCount) {
    threadCounts = allCores > 1 ? [1, allCores] : [1]
  }
}
